//! A ghost list: blocks a policy remembers after it evicted them, without their data (ARC's
//! B1 and B2, 2Q's A1out, S3-FIFO's ghost queue, LIRS's non-resident HIR blocks). Entries are
//! data block addresses in one doubly linked list (common's `Links`, newest at the head) with
//! a hash index, so membership, removal and both ends are O(1).

use super::Ghost;
use crate::common::{Ends, IdHasher, Links, NIL};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

#[derive(Debug, Clone, Default)]
pub struct GhostList {
    links: Links,
    ends: Ends,
    /// The block of each slot.
    dba: Vec<u32>,
    /// Slots no entry uses.
    spare: Vec<u32>,
    index: HashMap<u32, u32, BuildHasherDefault<IdHasher>>,
}

impl GhostList {
    pub fn new() -> GhostList {
        GhostList::default()
    }

    pub fn len(&self) -> u32 {
        self.ends.len
    }

    pub fn is_empty(&self) -> bool {
        self.ends.len == 0
    }

    #[inline]
    pub fn contains(&self, dba: u32) -> bool {
        self.index.contains_key(&dba)
    }

    /// Remove `dba` if it is there; true if it was.
    #[inline]
    pub fn remove(&mut self, dba: u32) -> bool {
        match self.index.remove(&dba) {
            Some(slot) => {
                self.links.unlink(&mut self.ends, slot);
                self.spare.push(slot);
                true
            }
            None => false,
        }
    }

    /// Remember `dba` as the newest entry (moved there if it was already in).
    #[inline]
    pub fn push_head(&mut self, dba: u32) {
        self.remove(dba);
        let slot = match self.spare.pop() {
            Some(s) => {
                self.dba[s as usize] = dba;
                s
            }
            None => {
                self.links.grow();
                self.dba.push(dba);
                self.dba.len() as u32 - 1
            }
        };
        self.links.push_head(&mut self.ends, slot);
        self.index.insert(dba, slot);
    }

    /// Forget the oldest entry and return it.
    #[inline]
    pub fn pop_tail(&mut self) -> Option<u32> {
        let slot = self.ends.tail;
        if slot == NIL {
            return None;
        }
        let dba = self.dba[slot as usize];
        self.links.unlink(&mut self.ends, slot);
        self.spare.push(slot);
        self.index.remove(&dba);
        Some(dba)
    }

    /// The oldest entry.
    pub fn tail(&self) -> Option<u32> {
        (self.ends.tail != NIL).then(|| self.dba[self.ends.tail as usize])
    }

    /// The entries, newest first.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.links
            .walk(self.ends.head)
            .map(|s| self.dba[s as usize])
    }

    /// The list as a view draws it, newest first.
    pub fn view(&self, name: &'static str, label: &'static str, capacity: u32) -> Ghost {
        Ghost {
            name,
            label,
            dbas: self.iter().collect(),
            capacity: Some(capacity),
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        *self = GhostList::default();
    }
}

#[cfg(test)]
mod tests {
    use super::GhostList;

    #[test]
    fn fifo_order_membership_and_removal() {
        let mut g = GhostList::new();
        for d in [5, 6, 7] {
            g.push_head(d);
        }
        assert_eq!(g.iter().collect::<Vec<_>>(), [7, 6, 5]);
        assert!(g.contains(6) && g.remove(6) && !g.contains(6));
        g.push_head(5); // moves to the head
        assert_eq!(g.iter().collect::<Vec<_>>(), [5, 7]);
        assert_eq!(g.pop_tail(), Some(7));
        g.push_head(9); // reuses the spare slot
        assert_eq!(g.iter().collect::<Vec<_>>(), [9, 5]);
        assert_eq!((g.len(), g.tail()), (2, Some(5)));
        assert_eq!(g.pop_tail(), Some(5));
        assert_eq!(g.pop_tail(), Some(9));
        assert_eq!(g.pop_tail(), None);
        assert!(g.is_empty());
    }
}
