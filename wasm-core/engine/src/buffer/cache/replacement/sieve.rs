//! SIEVE (Zhang, Yang, Yue, Vigfusson, Rashmi, "SIEVE is Simpler than LRU: an Efficient
//! Turn-Key Eviction Algorithm for Web Caches", NSDI 2024): one FIFO queue, a visited bit per
//! buffer and a hand that sweeps from the old end towards the new one.
//!
//! - A block read goes to the head of the queue (the newest end), not visited.
//! - A hit sets the visited bit; the buffer stays where it is.
//! - The victim scan starts at the hand (at the tail the first time): a visited buffer has its
//!   bit cleared and stays in place, and the hand moves on towards the head (from the head
//!   round to the tail); the first clean buffer not visited is the victim, and the hand rests
//!   on the buffer nearer the head than it (none: the next scan starts at the tail).
//!
//! Unlike CLOCK, a buffer the hand passes is not moved: survivors keep their place, and new
//! blocks go in at the head, where the hand reaches them only on its way round.
//!
//! libCacheSim's `Sieve` (cache/eviction/Sieve.c, no parameters): the hand starts NULL
//! (Sieve.c:67); a new object goes to the head with `freq` 0 (:146-153); a hit sets `freq` to
//! 1 (:125-133); the eviction (:218-232) walks from the hand (the tail if NULL), clearing, wraps
//! from the head to the tail, and leaves the hand at the victim's `prev` (NULL at the head).
//!
//! The hand is kept per working set, so a scan that gives up (`_db_block_max_scan_pct`) goes on
//! where it stopped. A dirty buffer under the hand goes to DBWR and the hand moves on; written,
//! it comes back at the head with its bit.

use super::hand::{Sweep, Swept};
use super::{Cx, RegionDef, Tone};
use crate::buffer::cache::lists::{self, Buffers, WorkingSet};

/// SIEVE: the hand's policy under [`SieveRules`].
pub type Sieve = Swept<SieveRules>;

#[derive(Debug, Clone)]
pub struct SieveRules;

impl Sweep for SieveRules {
    const NAME: &'static str = "sieve";
    const LABEL: &'static str = "SIEVE";
    const LINE: &'static str =
        "a hit sets a visited bit; the hand moves head-ward, sparing visited blocks in place";
    const LIBCACHESIM: Option<&'static str> = Some("Sieve");
    const MARK: &'static str = "visited";
    const REGIONS: &'static [RegionDef] = &[RegionDef {
        name: "sieve",
        label: "SIEVE queue",
        tone: Tone::Cold,
        head_tag: Some(["NEWEST", "NEW"]),
        tail_tag: Some(["OLDEST", "OLD"]),
        boundary_tag: None,
        legend: "SIEVE queue (newest → oldest; the hand sweeps towards the newest)",
    }];
    const SIZE: [&'static str; 2] = ["queue", "buffers in the queue (the working set)"];

    #[inline]
    fn place(cx: &mut Cx, _hand: u32, i: u32, _new: bool) {
        // At the head (one region: the cold head is the head): a new block, and a written
        // buffer with its visited bit kept.
        lists::insert_cold_head(cx.b, cx.ws, i);
    }

    #[inline]
    fn leave(b: &Buffers, _ws: &WorkingSet, i: u32) -> u32 {
        // To the buffer nearer the head (at the head: NIL, the next scan starts at the tail),
        // as Sieve.c:229 does after a victim.
        b.link[i as usize].prev
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cache, changed, random_trace, read, replay};
    use crate::buffer::cache::lists::{self, NIL};
    use crate::buffer::Cache;

    fn order(c: &Cache) -> Vec<u32> {
        let mut v = Vec::new();
        lists::repl_order(&c.b, &c.sets[0], &mut v);
        v
    }

    /// Textbook SIEVE (the paper's Figure 2): a queue newest first, a visited bit, a hand
    /// that walks from the oldest end towards the newest and wraps.
    fn textbook_sieve(n: usize, trace: &[u32]) -> u64 {
        let (mut q, mut seen, mut hand, mut misses) = (Vec::new(), Vec::new(), None, 0);
        for &x in trace {
            if let Some(k) = q.iter().position(|&y| y == x) {
                seen[k] = true;
                continue;
            }
            misses += 1;
            if q.len() == n {
                // q[0] is the newest, q[len-1] the oldest; the hand moves towards 0.
                let mut h: usize = hand.unwrap_or(q.len() - 1);
                while seen[h] {
                    seen[h] = false;
                    h = if h == 0 { q.len() - 1 } else { h - 1 };
                }
                q.remove(h);
                seen.remove(h);
                hand = h.checked_sub(1);
                // The insert at 0 below shifts every index by one.
                hand = hand.map(|k| k + 1);
            }
            q.insert(0, x);
            seen.insert(0, false);
        }
        misses
    }

    #[test]
    fn survivors_stay_in_place_and_the_hand_remembers_where_it_stopped() {
        let mut c = cache(50, 200, "sieve");
        for b in 0..50 {
            read(&mut c, b);
        }
        read(&mut c, 0);
        read(&mut c, 1);
        let before = c.b.dba.clone();
        read(&mut c, 100); // 0 and 1 cleared and kept, 2 the victim
        assert_eq!(changed(&c, &before), [2]);
        let o = order(&c);
        assert_eq!(o[0], 2, "the new block is at the head");
        assert_eq!(
            &o[o.len() - 2..],
            &[1, 0],
            "survivors keep their place at the tail"
        );
        let st = c.repl.state(&c.b, &c.sets[0], 0);
        assert_eq!(st.hand, Some(3));
        assert!(st.marks.iter().all(|m| m.1 == Some(0)));
        let before = c.b.dba.clone();
        read(&mut c, 101); // from the hand: 3, not the tail
        assert_eq!(order(&c)[0], 3);
        assert_eq!(changed(&c, &before), [3]);
        assert_eq!(c.sets[0].tail, 0);
        assert_ne!(c.sets[0].head, NIL);
    }

    #[test]
    fn misses_equal_textbook_sieve() {
        for (seed, buffers, blocks) in [(1, 50, 200), (7, 100, 130), (42, 64, 1000)] {
            let trace = random_trace(seed, 20_000, blocks);
            let mut c = cache(buffers, blocks, "sieve");
            assert_eq!(
                replay(&mut c, &trace),
                textbook_sieve(buffers as usize, &trace),
                "seed {seed}, {buffers} buffers, {blocks} blocks"
            );
        }
    }
}
