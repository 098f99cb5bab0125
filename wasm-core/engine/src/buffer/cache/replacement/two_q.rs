//! 2Q (Johnson & Shasha, "2Q: A Low Overhead High Performance Buffer Management Replacement
//! Algorithm", VLDB 1994), the full version: a FIFO queue A1in that every new block enters, a
//! ghost FIFO A1out of the blocks A1in let go, and an LRU list Am for the blocks that came
//! back while A1out remembered them.
//!
//! - Sizes per working set of N buffers: Kin = ⌊N/4⌋, Kout = ⌊N/2⌋ (ghost entries).
//! - A hit in A1in changes nothing (a correlated reference, the paper's rule); a hit in Am
//!   moves the buffer to Am's MRU head.
//! - A miss on a block A1out remembers: it leaves A1out and goes to Am's head once read. Any
//!   other miss goes to A1in's head.
//! - The victim (only when the set is full): A1in's oldest buffer when A1in holds more than
//!   Kin, remembered in A1out (A1out full: its oldest entry is forgotten); else Am's LRU
//!   buffer, not remembered.
//!
//! libCacheSim's `TwoQ` (cache/eviction/TwoQ.c): defaults `Ain-size-ratio=0.25,
//! Aout-size-ratio=0.5` (TwoQ.c:38-39), sizes :98-100 (truncated products); find :173-205
//! (an A1in hit does not move; the A1out entry leaves at lookup); insert :218-231; evict
//! :257-277 (`|A1in| > Kin`, strictly). Its insert after a ghost hit is a full `get` on Am,
//! capped at N − Kin, which could evict a second block; with unit-size blocks the cap is never
//! reached (the set is full at every ghost hit and the eviction before it took from Am
//! whenever |A1in| ≤ Kin), so one victim a miss is libCacheSim's count.
//!
//! On the list: Am is the hot region (from the head, LRU order), A1in the cold one (from the
//! midpoint to the tail, FIFO order), so A1in's oldest buffer is the list's tail. A buffer DBWR
//! wrote comes back at the eviction end of the queue it was in.

use super::ghost::GhostList;
use super::sides::Sides;
use super::{block, Cx, PolicyParam, PolicyState, RegionDef, Replacement, Setup, Tone};
use crate::buffer::cache::events::{Event, Place, Touch};
use crate::buffer::cache::lists::{self, flag, Buffers, WorkingSet, NIL};

#[derive(Debug, Clone)]
struct SetState {
    kin: u32,
    kout: u32,
    a1out: GhostList,
    /// The block being read was in A1out (set by `miss`, used by `insert`).
    ghost_hit: bool,
}

#[derive(Debug, Clone)]
pub struct TwoQ {
    sets: Vec<SetState>,
    /// Per buffer: in Am (kept while DBWR holds it off the list).
    in_am: Sides,
}

const REGIONS: &[RegionDef] = &[
    RegionDef {
        name: "am",
        label: "Am (LRU)",
        tone: Tone::Hot,
        head_tag: Some(["Am MRU", "Am"]),
        tail_tag: None,
        boundary_tag: None,
        legend: "Am: blocks re-read while A1out remembered them (LRU order)",
    },
    RegionDef {
        name: "a1in",
        label: "A1in (FIFO)",
        tone: Tone::Cold,
        head_tag: None,
        tail_tag: Some(["A1in OLDEST", "OLD"]),
        boundary_tag: Some(["A1in NEWEST", "A1in"]),
        legend: "A1in: where every new block starts (FIFO: a hit does not move it)",
    },
];

impl Replacement for TwoQ {
    const HOT_AND_COLD: bool = true;
    const NAME: &'static str = "2q";
    const LABEL: &'static str = "2Q";
    const LINE: &'static str =
        "new blocks in the A1in FIFO; one seen again after leaving it (ghost A1out) joins the Am LRU";
    const LIBCACHESIM: Option<&'static str> = Some("TwoQ");

    fn new(setup: &Setup) -> Self {
        TwoQ {
            sets: setup
                .sets
                .iter()
                .map(|ws| {
                    let n = ws.size() as f64;
                    SetState {
                        kin: (n * 0.25) as u32,
                        kout: (n * 0.5) as u32,
                        a1out: GhostList::new(),
                        ghost_hit: false,
                    }
                })
                .collect(),
            in_am: Sides::new(setup.buffers()),
        }
    }

    fn regions(&self) -> &'static [RegionDef] {
        REGIONS
    }

    fn miss(&mut self, cx: &mut Cx, dba: u32) {
        let s = &mut self.sets[cx.set as usize];
        s.ghost_hit = s.a1out.remove(dba);
        if s.ghost_hit {
            cx.rec.emit(|| Event::Rule {
                buf: None,
                text: "ghost hit: A1out remembered the block → it leaves A1out and will go to Am"
                    .into(),
            });
        }
    }

    #[inline]
    fn hit(&mut self, cx: &mut Cx, i: u32, _relink: bool) -> Touch {
        if !self.in_am.hot(i) {
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: "hit in A1in → no move (a correlated reference: A1in is a FIFO)".into(),
            });
            return Touch::Unchanged;
        }
        self.in_am.to_hot_head(cx, i);
        cx.rec.emit(|| Event::Rule {
            buf: Some(i),
            text: "hit on Am → moved to Am MRU".into(),
        });
        Touch::MovedToHead
    }

    #[inline]
    fn insert(&mut self, cx: &mut Cx, i: u32, _to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 0;
        let s = &mut self.sets[cx.set as usize];
        // A block A1out remembered goes to Am's head, any other to A1in's.
        let to_am = std::mem::take(&mut s.ghost_hit);
        self.in_am.insert(cx, i, to_am)
    }

    #[inline]
    fn scan_start(&self, b: &Buffers, ws: &WorkingSet) -> u32 {
        let s = &self.sets[b.set[ws.lo as usize] as usize];
        let a1in = ws.len - ws.hot_len;
        let am_tail = lists::last_hot(b, ws);
        if a1in > s.kin || am_tail == NIL {
            ws.tail
        } else {
            am_tail
        }
    }

    fn unlink(&mut self, cx: &mut Cx, i: u32, evicted: bool) {
        let in_am = cx.b.has(i, flag::HOT);
        if evicted {
            let a1in = cx.ws.len - cx.ws.hot_len;
            let dba = cx.b.dba[i as usize];
            let s = &mut self.sets[cx.set as usize];
            let forgot = if in_am {
                None
            } else {
                // A1out is a FIFO of Kout entries: full, its oldest goes first.
                let old = if s.a1out.len() >= s.kout {
                    s.a1out.pop_tail()
                } else {
                    None
                };
                if s.kout > 0 {
                    s.a1out.push_head(dba);
                }
                old
            };
            let kin = s.kin;
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: if in_am {
                    format!("|A1in| {a1in} ≤ Kin {kin} → Am's LRU buf {i} (block {}) is the victim, not remembered", block(dba))
                } else {
                    format!(
                        "|A1in| {a1in} > Kin {kin} → A1in's oldest buf {i} (block {}) is the victim, remembered in A1out{}",
                        block(dba),
                        forgot.map_or(String::new(), |d| format!(" (full: {} forgotten)", block(d)))
                    )
                },
            });
        }
        self.in_am.unlink(cx, i);
    }

    fn written(&mut self, cx: &mut Cx, i: u32) {
        self.in_am.written(cx, i);
    }

    fn state(&self, _b: &Buffers, ws: &WorkingSet, set: u32) -> PolicyState {
        let s = &self.sets[set as usize];
        let param = PolicyParam::count;
        PolicyState {
            ghosts: vec![s.a1out.view("a1out", "A1out (ghosts of A1in)", s.kout)],
            params: vec![
                param(
                    "Kin",
                    s.kin,
                    "A1in's share: ⌊N/4⌋; above it A1in gives the victim",
                ),
                param("Kout", s.kout, "blocks A1out remembers: ⌊N/2⌋"),
                param("N", ws.size(), "buffers of the set"),
            ],
            ..PolicyState::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cache, read};
    use crate::buffer::Cache;

    fn a1out(c: &Cache) -> usize {
        c.repl.state(&c.b, &c.sets[0], 0).ghosts[0].dbas.len()
    }

    #[test]
    fn a1in_overflows_to_a1out_and_a_ghost_hit_enters_am() {
        // 60 buffers: Kin 15, Kout 30
        let mut c = cache(60, 400, "2q");
        for b in 0..60 {
            read(&mut c, b);
        }
        read(&mut c, 7); // a hit in A1in: nothing moves
        assert_eq!(c.sets[0].hot_len, 0);
        for b in 100..140 {
            read(&mut c, b); // A1in > Kin: its oldest go to A1out (30 at most)
        }
        assert_eq!(a1out(&c), 30);
        read(&mut c, 35); // remembered (evicted tenth-to-last): a ghost hit → Am
        assert_eq!((c.sets[0].hot_len, a1out(&c)), (1, 30));
        read(&mut c, 35); // a hit on Am
        assert_eq!(c.sets[0].hot_len, 1);
    }
}
