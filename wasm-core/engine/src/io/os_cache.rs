//! The OS page cache under the buffer cache (seed 003): a fixed number of pages, one per
//! database block, in LRU order. A page whose block also sits in a buffer is double-buffered:
//! it remembers that buffer so both layers can be drawn and counted.

use crate::common::{Ends, Links, NIL};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// SipHash with fixed keys: the same map in Node, in the browser, every run.
type Fixed = BuildHasherDefault<std::hash::DefaultHasher>;

#[derive(Debug, Clone)]
pub struct OsCache {
    capacity: u32,
    slot: HashMap<u32, u32, Fixed>,
    dba: Vec<u32>,
    /// The buffer that holds the same block, NIL if none.
    db_buf: Vec<u32>,
    links: Links,
    lru: Ends,
    /// Pages whose block is also in a buffer.
    pub double_buffered: u32,
}

/// What looking a block up did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// The page was there; it is now the most recently used.
    Hit,
    /// Read from disk into a page; the page it replaced, with the buffer that also held that
    /// block (NIL if none).
    Filled { evicted: Option<(u32, u32)> },
}

impl OsCache {
    pub fn new(capacity: u32) -> OsCache {
        OsCache {
            capacity,
            slot: HashMap::default(),
            dba: Vec::new(),
            db_buf: Vec::new(),
            links: Links::default(),
            lru: Ends::EMPTY,
            double_buffered: 0,
        }
    }

    pub fn capacity(&self) -> u32 {
        self.capacity
    }
    pub fn len(&self) -> u32 {
        self.dba.len() as u32
    }
    pub fn is_empty(&self) -> bool {
        self.dba.is_empty()
    }
    pub fn contains(&self, dba: u32) -> bool {
        self.slot.contains_key(&dba)
    }

    /// Read a block through the page cache: a hit moves its page to the head; a miss takes a
    /// new page while there is room, else the least recently used one.
    pub fn read(&mut self, dba: u32) -> Lookup {
        if let Some(&i) = self.slot.get(&dba) {
            self.links.unlink(&mut self.lru, i);
            self.links.push_head(&mut self.lru, i);
            return Lookup::Hit;
        }
        let (i, evicted) = if self.len() < self.capacity {
            let i = self.len();
            self.dba.push(dba);
            self.db_buf.push(NIL);
            self.links.grow();
            (i, None)
        } else {
            let i = self.lru.tail;
            self.links.unlink(&mut self.lru, i);
            let old = self.dba[i as usize];
            self.slot.remove(&old);
            let buf = std::mem::replace(&mut self.db_buf[i as usize], NIL);
            if buf != NIL {
                self.double_buffered -= 1;
            }
            self.dba[i as usize] = dba;
            (i, Some((old, buf)))
        };
        self.slot.insert(dba, i);
        self.links.push_head(&mut self.lru, i);
        Lookup::Filled { evicted }
    }

    /// The block now also sits in buffer `buf` (or, with NIL, no longer does).
    pub fn attach(&mut self, dba: u32, buf: u32) {
        if let Some(&i) = self.slot.get(&dba) {
            let was = std::mem::replace(&mut self.db_buf[i as usize], buf);
            match (was != NIL, buf != NIL) {
                (false, true) => self.double_buffered += 1,
                (true, false) => self.double_buffered -= 1,
                _ => {}
            }
        }
    }

    /// The buffer cache was flushed: no page is held twice any more.
    pub fn detach_all(&mut self) {
        self.db_buf.fill(NIL);
        self.double_buffered = 0;
    }

    /// Pages from the most to the least recently used: (dba, buffer holding it too or NIL).
    pub fn lru_order(&self, limit: usize) -> Vec<(u32, u32)> {
        self.links
            .walk(self.lru.head)
            .take(limit)
            .map(|i| (self.dba[i as usize], self.db_buf[i as usize]))
            .collect()
    }

    /// What a snapshot of it may come to once full, when the data files have `blocks` blocks
    /// (it never holds more pages than that): about 40 bytes a page, arrays and map.
    pub fn approx_bytes(&self, blocks: u64) -> u64 {
        (self.capacity as u64).min(blocks) * 40
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_costs_nothing_new_and_a_miss_evicts_the_least_recently_used() {
        let mut c = OsCache::new(2);
        assert_eq!(c.read(10), Lookup::Filled { evicted: None });
        assert_eq!(c.read(11), Lookup::Filled { evicted: None });
        assert_eq!(c.read(10), Lookup::Hit);
        // 11 is now the least recently used
        assert_eq!(
            c.read(12),
            Lookup::Filled {
                evicted: Some((11, NIL))
            }
        );
        assert!(c.contains(10) && c.contains(12) && !c.contains(11));
        assert_eq!(c.lru_order(10), vec![(12, NIL), (10, NIL)]);
    }

    #[test]
    fn double_buffering_is_counted_while_both_layers_hold_the_block() {
        let mut c = OsCache::new(2);
        c.read(1);
        c.attach(1, 7);
        c.attach(1, 7);
        assert_eq!(c.double_buffered, 1);
        c.read(2);
        c.read(3); // evicts block 1, which buffer 7 still holds
        assert_eq!(c.double_buffered, 0);
        c.attach(2, 5);
        c.attach(2, NIL);
        assert_eq!(c.double_buffered, 0);
        c.attach(3, 4);
        c.detach_all();
        assert_eq!(c.double_buffered, 0);
    }
}
