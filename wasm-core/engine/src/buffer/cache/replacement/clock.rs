//! CLOCK, the second-chance policy (Corbató, "A Paging Experiment with the Multics System",
//! 1968; Tanenbaum, "Modern Operating Systems", §3.4.5): the buffers form a ring with a hand.
//!
//! - A block read goes into the ring just behind the hand (the buffer the hand reaches last),
//!   with its reference bit 0.
//! - A hit sets the reference bit; the buffer stays where it is.
//! - The victim scan starts at the hand: a buffer whose bit is 1 has it cleared and the hand
//!   moves on; the first clean buffer whose bit is 0 is the victim, and the hand rests on the
//!   buffer after it.
//!
//! libCacheSim's `Clock` (cache/eviction/Clock.c, "FIFO-reinsertion"): default parameters
//! `n-bit-counter=1` (Clock.c:23, so `max_freq` 1, :80-81 and :320) — a one-bit reference
//! counter; a new object starts at 0 (:177) and goes to the queue's head (:175); a hit adds 1 up
//! to `max_freq` (:150-152); the eviction loop (:227-237) moves a referenced tail object to the
//! head with its count less one and evicts the first tail object at 0. Its queue turns under a
//! fixed hand (the tail); here the ring stays and the hand turns. Both inspect the buffers in
//! the same order and take the same victims (tests/engine/policies.rs checks the misses).
//!
//! The ring is the working set's list, walked from the tail towards the head and round again
//! (`scan_next`); the hand is per working set, NIL before the first eviction (then the tail),
//! so a scan that gives up (`_db_block_max_scan_pct`) goes on where it stopped. A dirty buffer
//! under the hand goes to DBWR and the hand moves on; written, it comes back just behind the
//! hand with its bit.

use super::hand::{after, Sweep, Swept};
use super::{Cx, RegionDef, Tone};
use crate::buffer::cache::events::Event;
use crate::buffer::cache::lists::{self, Buffers, WorkingSet, NIL};

/// CLOCK: the hand's policy under [`ClockRules`].
pub type Clock = Swept<ClockRules>;

#[derive(Debug, Clone)]
pub struct ClockRules;

impl Sweep for ClockRules {
    const NAME: &'static str = "clock";
    const LABEL: &'static str = "CLOCK";
    const LINE: &'static str =
        "a hit sets a reference bit; the hand clears set bits and takes the first clear one";
    const LIBCACHESIM: Option<&'static str> = Some("Clock");
    const MARK: &'static str = "reference bit";
    const REGIONS: &'static [RegionDef] = &[RegionDef {
        name: "clock",
        label: "clock ring",
        tone: Tone::Cold,
        head_tag: Some(["RING START", "START"]),
        tail_tag: Some(["RING END", "END"]),
        boundary_tag: None,
        legend: "clock ring (the hand walks from the end towards the start, then round again)",
    }];
    const SIZE: [&'static str; 2] = ["ring", "buffers in the ring (the working set)"];

    #[inline]
    fn place(cx: &mut Cx, hand: u32, i: u32, new: bool) {
        // Just behind the hand: after the hand in list order, reached last by the walk. Before
        // the first eviction the hand is at the tail: a new block goes to the head. A written
        // buffer comes back there too, its reference bit kept.
        lists::insert_after(cx.b, cx.ws, hand, i);
        if new {
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: "new block into the ring just behind the hand, reference bit 0".into(),
            });
        }
    }

    #[inline]
    fn leave(b: &Buffers, ws: &WorkingSet, i: u32) -> u32 {
        // On to the next buffer in the walk.
        let next = after(b, ws, i);
        if next == i {
            NIL
        } else {
            next
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cache, changed, random_trace, read, replay};
    use crate::buffer::cache::lists::NIL;
    use crate::buffer::Cache;

    fn bit(c: &Cache, buf: u32) -> Option<i64> {
        let st = c.repl.state(&c.b, &c.sets[0], 0);
        st.marks.iter().find(|m| m.0 == buf).and_then(|m| m.1)
    }

    /// Textbook CLOCK: `n` frames in a ring, a hand, a reference bit per frame; a new page
    /// takes the victim's frame with its bit 0 and the hand moves past it.
    fn textbook_clock(n: usize, trace: &[u32]) -> u64 {
        let (mut frames, mut bits, mut hand, mut misses) = (Vec::new(), Vec::new(), 0, 0);
        for &x in trace {
            if let Some(k) = frames.iter().position(|&f| f == x) {
                bits[k] = true;
                continue;
            }
            misses += 1;
            if frames.len() < n {
                frames.push(x);
                bits.push(false);
                continue;
            }
            while bits[hand] {
                bits[hand] = false;
                hand = (hand + 1) % n;
            }
            frames[hand] = x;
            hand = (hand + 1) % n;
        }
        misses
    }

    #[test]
    fn a_hit_sets_the_bit_and_the_hand_clears_it_on_its_way_to_the_victim() {
        let mut c = cache(50, 200, "clock");
        for b in 0..50 {
            read(&mut c, b); // block b in buffer b, bit 0; buffer 0 is the tail
        }
        assert_eq!(bit(&c, 0), Some(0));
        read(&mut c, 0);
        read(&mut c, 1);
        assert_eq!((bit(&c, 0), bit(&c, 1)), (Some(1), Some(1)));
        assert_eq!(c.sets[0].tail, 0, "a hit does not move the buffer");
        // The scan starts at the tail: buffers 0 and 1 get a second chance, 2 is the victim
        // and the hand rests on 3; the new block sits in 2 again, just behind the hand.
        let before = c.b.dba.clone();
        read(&mut c, 100);
        assert_eq!(
            (bit(&c, 0), bit(&c, 1), bit(&c, 2)),
            (Some(0), Some(0), Some(0))
        );
        assert_eq!(changed(&c, &before), [2]);
        let st = c.repl.state(&c.b, &c.sets[0], 0);
        assert_eq!(st.hand, Some(3));
        assert_eq!(st.mark_name, Some("reference bit"));
        // Next victim: 3, then 4 — the hand reaches the new block last.
        let before = c.b.dba.clone();
        read(&mut c, 101);
        assert_eq!(changed(&c, &before), [3]);
        assert_ne!(c.sets[0].head, NIL);
    }

    #[test]
    fn misses_equal_textbook_clock() {
        for (seed, buffers, blocks) in [(1, 50, 200), (7, 100, 130), (42, 64, 1000)] {
            let trace = random_trace(seed, 20_000, blocks);
            let mut c = cache(buffers, blocks, "clock");
            assert_eq!(
                replay(&mut c, &trace),
                textbook_clock(buffers as usize, &trace),
                "seed {seed}, {buffers} buffers, {blocks} blocks"
            );
        }
    }
}
