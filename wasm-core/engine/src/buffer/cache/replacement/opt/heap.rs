//! OPT's priority queue: a binary max-heap of `(next use, buf#)` with each buffer's slot
//! indexed, so a hit changes a buffer's key in place (O(log n), no allocation once the heap
//! has held its working set) — libCacheSim's `pqueue_change_priority` on the same max-heap
//! (`dataStructure/pqueue.h`). One heap per working set; the slot index is per buffer.

use crate::common::NIL;

#[derive(Debug, Clone, Default)]
pub struct Heap {
    /// `(key, buf#)`, the largest key at 0; children of `s` at `2s + 1` and `2s + 2`.
    items: Vec<(u64, u32)>,
}

impl Heap {
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// The buffer with the largest key.
    #[inline]
    pub fn top(&self) -> Option<u32> {
        self.items.first().map(|&(_, b)| b)
    }

    /// The largest key among the buffers other than `i` (which is in the heap): the next
    /// victim once `i` is gone.
    #[inline]
    pub fn after(&self, i: u32) -> u32 {
        if self.items.first().map(|&(_, b)| b) != Some(i) {
            return self.top().unwrap_or(NIL);
        }
        match (self.items.get(1), self.items.get(2)) {
            (Some(a), Some(b)) => {
                if a.0 >= b.0 {
                    a.1
                } else {
                    b.1
                }
            }
            (Some(a), None) => a.1,
            _ => NIL,
        }
    }

    #[inline]
    pub fn push(&mut self, slot: &mut [u32], key: u64, i: u32) {
        let s = self.items.len();
        self.items.push((key, i));
        slot[i as usize] = s as u32;
        self.up(slot, s);
    }

    /// Take buffer `i` out (it must be in).
    #[inline]
    pub fn remove(&mut self, slot: &mut [u32], i: u32) {
        let s = slot[i as usize] as usize;
        slot[i as usize] = NIL;
        let last = self.items.pop().expect("the buffer is in the heap");
        if s < self.items.len() {
            let old = self.items[s].0;
            self.items[s] = last;
            slot[last.1 as usize] = s as u32;
            if last.0 > old {
                self.up(slot, s);
            } else {
                self.down(slot, s);
            }
        }
    }

    /// Buffer `i` (in the heap) gets key `key`.
    #[inline]
    pub fn change(&mut self, slot: &mut [u32], i: u32, key: u64) {
        let s = slot[i as usize] as usize;
        let old = self.items[s].0;
        self.items[s].0 = key;
        if key > old {
            self.up(slot, s);
        } else {
            self.down(slot, s);
        }
    }

    /// Give every buffer the key `f(key, buf#)` and restore the heap (Floyd's heapify, O(n)).
    pub fn rekey(&mut self, slot: &mut [u32], mut f: impl FnMut(u64, u32) -> u64) {
        for item in &mut self.items {
            item.0 = f(item.0, item.1);
        }
        for (s, &(_, b)) in self.items.iter().enumerate() {
            slot[b as usize] = s as u32;
        }
        for s in (0..self.items.len() / 2).rev() {
            self.down(slot, s);
        }
    }

    #[inline]
    fn up(&mut self, slot: &mut [u32], mut s: usize) {
        let item = self.items[s];
        while s > 0 {
            let p = (s - 1) / 2;
            if self.items[p].0 >= item.0 {
                break;
            }
            self.items[s] = self.items[p];
            slot[self.items[s].1 as usize] = s as u32;
            s = p;
        }
        self.items[s] = item;
        slot[item.1 as usize] = s as u32;
    }

    #[inline]
    fn down(&mut self, slot: &mut [u32], mut s: usize) {
        let item = self.items[s];
        let n = self.items.len();
        loop {
            let l = 2 * s + 1;
            if l >= n {
                break;
            }
            let c = if l + 1 < n && self.items[l + 1].0 > self.items[l].0 {
                l + 1
            } else {
                l
            };
            if self.items[c].0 <= item.0 {
                break;
            }
            self.items[s] = self.items[c];
            slot[self.items[s].1 as usize] = s as u32;
            s = c;
        }
        self.items[s] = item;
        slot[item.1 as usize] = s as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer::cache::workload::Rng;

    #[test]
    fn the_heap_keeps_the_largest_on_top_through_changes_and_removals() {
        let mut rng = Rng::new(5);
        let mut slot = vec![NIL; 64];
        let mut h = Heap::default();
        let mut key = vec![None::<u64>; 64];
        for _ in 0..5_000 {
            let i = rng.below(64) as u32;
            let k = rng.below(1_000);
            match key[i as usize] {
                None => {
                    h.push(&mut slot, k, i);
                    key[i as usize] = Some(k);
                }
                Some(_) if k.is_multiple_of(3) => {
                    h.remove(&mut slot, i);
                    key[i as usize] = None;
                }
                Some(_) => {
                    h.change(&mut slot, i, k);
                    key[i as usize] = Some(k);
                }
            }
            let max = key.iter().flatten().max().copied();
            assert_eq!(h.top().map(|b| key[b as usize].unwrap()), max);
            assert_eq!(h.len(), key.iter().flatten().count());
            for b in 0..64u32 {
                assert_eq!(slot[b as usize] != NIL, key[b as usize].is_some());
            }
            if rng.below(50) == 0 {
                // new keys for a third of the buffers, all at once
                h.rekey(&mut slot, |k, b| if b % 3 == 0 { k * 7 % 1_000 } else { k });
                for (b, k) in key.iter_mut().enumerate() {
                    if let Some(k) = k.as_mut().filter(|_| b % 3 == 0) {
                        *k = *k * 7 % 1_000;
                    }
                }
            }
            if let Some(t) = h.top() {
                // the next victim after the top has the largest key of the rest
                let rest = key
                    .iter()
                    .enumerate()
                    .filter(|&(b, k)| b as u32 != t && k.is_some())
                    .map(|(_, k)| k.unwrap())
                    .max();
                let n = h.after(t);
                assert_eq!((n != NIL).then(|| key[n as usize].unwrap()), rest);
            }
        }
    }
}
