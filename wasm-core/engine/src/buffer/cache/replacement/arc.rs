//! ARC, the Adaptive Replacement Cache (Megiddo & Modha, "ARC: A Self-Tuning, Low Overhead
//! Replacement Cache", FAST 2003): two LRU lists of resident blocks — T1, seen once recently,
//! and T2, seen at least twice — and two ghost lists of blocks they let go — B1 and B2. A
//! target p for T1's size moves with the ghost hits: a block B1 remembers says T1 was too
//! small (p grows), one B2 remembers says T2 was (p shrinks).
//!
//! - A hit in T1 or T2 moves the buffer to T2's MRU head.
//! - A miss on a block in B1: p ← min(p + max(|B2| / |B1|, 1), N); in B2:
//!   p ← max(p − max(|B1| / |B2|, 1), 0) (before the entry leaves its ghost list). The block
//!   leaves the ghost list and goes to T2's head once read. Any other miss goes to T1's head.
//! - The victim (only when the set is full): REPLACE takes T1's LRU buffer into B1 when T1 is
//!   not empty and |T1| > p (or |T1| = p on a B2 ghost hit), or when T2 is empty; else T2's LRU
//!   buffer into B2. On a miss no ghost list knew (case IV): when |T1| + |B1| ≥ N, B1's oldest
//!   entry is forgotten first, or, with B1 empty, T1's LRU buffer goes without a ghost; else,
//!   when all four lists hold 2N, B2's oldest entry is forgotten first.
//!
//! libCacheSim's `ARC` (cache/eviction/ARC.c, no parameters; p a double from 0, :124): find
//! :219-294 (the ghost entry leaves and p moves at lookup, the delta a floating-point ratio),
//! insert :307-330, REPLACE `_ARC_replace` :519-536, case IV `_ARC_evict_miss_on_all_queues`
//! :561-595 (`|T1| + |B1| + 1 > N`, `total ≥ 2N`), `_ARC_evict_L1_data_no_ghost` :465-479.
//!
//! On the list: T2 is the hot region (from the head), T1 the cold one (from the midpoint to
//! the tail), so T1's LRU buffer is the list's tail and T2's is the last hot buffer. A dirty
//! victim goes to DBWR and the scan goes on toward the head; written, a buffer comes back at
//! the LRU end of the list it was in (T2 if a hit promoted it meanwhile).

use super::ghost::GhostList;
use super::sides::Sides;
use super::{block, Cx, PolicyParam, PolicyState, RegionDef, Replacement, Setup, Tone};
use crate::buffer::cache::events::{Event, Place, Touch};
use crate::buffer::cache::lists::{self, flag, Buffers, WorkingSet, NIL};

/// Which ghost list the block being read was in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GhostHit {
    None,
    B1,
    B2,
}

/// What the eviction of a miss does (decided from the lists' sizes, the same at the scan's
/// start and at the victim).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Evict {
    /// REPLACE from T1 (into B1).
    T1,
    /// REPLACE from T2 (into B2).
    T2,
    /// Case IV with L1 full and B1 empty: T1's LRU buffer, not remembered.
    T1NoGhost,
}

#[derive(Debug, Clone)]
struct SetState {
    /// The set's size N.
    n: u32,
    /// Target size of T1.
    p: f64,
    b1: GhostList,
    b2: GhostList,
    ghost_hit: GhostHit,
}

#[derive(Debug, Clone)]
pub struct Arc {
    sets: Vec<SetState>,
    /// Per buffer: in T2 (kept while DBWR holds it off the list).
    in_t2: Sides,
}

const REGIONS: &[RegionDef] = &[
    RegionDef {
        name: "t2",
        label: "T2 (frequent)",
        tone: Tone::Hot,
        head_tag: Some(["T2 MRU", "T2"]),
        tail_tag: None,
        boundary_tag: None,
        legend: "T2: blocks seen at least twice while remembered (LRU order)",
    },
    RegionDef {
        name: "t1",
        label: "T1 (recent)",
        tone: Tone::Cold,
        head_tag: None,
        tail_tag: Some(["T1 LRU", "LRU"]),
        boundary_tag: Some(["T1 MRU", "T1"]),
        legend: "T1: blocks seen once recently (LRU order)",
    },
];

fn lengths(ws: &WorkingSet) -> (u32, u32) {
    (ws.len - ws.hot_len, ws.hot_len)
}

impl SetState {
    /// REPLACE's choice (`_ARC_replace`).
    fn replace(&self, t1: u32, t2: u32) -> Evict {
        let t1f = t1 as f64;
        let from_t1 = (t1 > 0
            && (t1f > self.p || (t1f == self.p && self.ghost_hit == GhostHit::B2)))
            || t2 == 0;
        if from_t1 {
            Evict::T1
        } else {
            Evict::T2
        }
    }

    /// What this miss's eviction does, and which ghost entry it forgets first.
    fn plan(&self, t1: u32, t2: u32) -> (Evict, Option<bool>) {
        if self.ghost_hit != GhostHit::None {
            return (self.replace(t1, t2), None);
        }
        let (b1, b2) = (self.b1.len(), self.b2.len());
        if t1 + b1 >= self.n {
            if b1 > 0 {
                (self.replace(t1, t2), Some(true))
            } else {
                (Evict::T1NoGhost, None)
            }
        } else if t1 + b1 + t2 + b2 >= 2 * self.n && b2 > 0 {
            (self.replace(t1, t2), Some(false))
        } else {
            (self.replace(t1, t2), None)
        }
    }
}

impl Replacement for Arc {
    const HOT_AND_COLD: bool = true;
    const NAME: &'static str = "arc";
    const LABEL: &'static str = "ARC";
    const LINE: &'static str =
        "T1 (seen once) and T2 (seen twice); hits in the ghost lists B1, B2 move the target p";
    const LIBCACHESIM: Option<&'static str> = Some("ARC");

    fn new(setup: &Setup) -> Self {
        Arc {
            sets: setup
                .sets
                .iter()
                .map(|ws| SetState {
                    n: ws.size(),
                    p: 0.0,
                    b1: GhostList::new(),
                    b2: GhostList::new(),
                    ghost_hit: GhostHit::None,
                })
                .collect(),
            in_t2: Sides::new(setup.buffers()),
        }
    }

    fn regions(&self) -> &'static [RegionDef] {
        REGIONS
    }

    fn miss(&mut self, cx: &mut Cx, dba: u32) {
        let s = &mut self.sets[cx.set as usize];
        let (b1, b2) = (s.b1.len() as f64, s.b2.len() as f64);
        let before = s.p;
        s.ghost_hit = if s.b1.contains(dba) {
            // T1 was too small: grow its target.
            s.p = (s.p + (b2 / b1).max(1.0)).min(s.n as f64);
            s.b1.remove(dba);
            GhostHit::B1
        } else if s.b2.contains(dba) {
            // T2 was too small: shrink T1's target.
            s.p = (s.p - (b1 / b2).max(1.0)).max(0.0);
            s.b2.remove(dba);
            GhostHit::B2
        } else {
            GhostHit::None
        };
        let (hit, after) = (s.ghost_hit, s.p);
        if hit != GhostHit::None {
            cx.rec.emit(|| Event::Rule {
                buf: None,
                text: format!(
                    "ghost hit in {} → p {} → {} (target size of T1); the block will go to T2",
                    if hit == GhostHit::B1 { "B1" } else { "B2" },
                    num(before),
                    num(after)
                ),
            });
        }
    }

    #[inline]
    fn hit(&mut self, cx: &mut Cx, i: u32, _relink: bool) -> Touch {
        let was_t2 = self.in_t2.hot(i);
        self.in_t2.to_hot_head(cx, i);
        cx.rec.emit(|| Event::Rule {
            buf: Some(i),
            text: if was_t2 {
                "hit on T2 → moved to T2 MRU".into()
            } else {
                "hit on T1 → moved to T2 MRU (seen twice)".into()
            },
        });
        if was_t2 {
            Touch::MovedToHead
        } else {
            Touch::Moved
        }
    }

    #[inline]
    fn insert(&mut self, cx: &mut Cx, i: u32, _to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 0;
        let s = &mut self.sets[cx.set as usize];
        // A ghost hit goes to T2's head, any other block to T1's.
        let ghost_hit = std::mem::replace(&mut s.ghost_hit, GhostHit::None) != GhostHit::None;
        self.in_t2.insert(cx, i, ghost_hit)
    }

    #[inline]
    fn scan_start(&self, b: &Buffers, ws: &WorkingSet) -> u32 {
        let s = &self.sets[b.set[ws.lo as usize] as usize];
        let (t1, t2) = lengths(ws);
        match s.plan(t1, t2).0 {
            Evict::T2 => {
                let t = lists::last_hot(b, ws);
                if t == NIL {
                    ws.tail
                } else {
                    t
                }
            }
            Evict::T1 | Evict::T1NoGhost => ws.tail,
        }
    }

    fn unlink(&mut self, cx: &mut Cx, i: u32, evicted: bool) {
        let in_t2 = cx.b.has(i, flag::HOT);
        if evicted {
            let (t1, t2) = lengths(cx.ws);
            let s = &mut self.sets[cx.set as usize];
            let (how, forget) = s.plan(t1, t2);
            let forgot = match forget {
                Some(true) => s.b1.pop_tail().map(|d| ("B1", d)),
                Some(false) => s.b2.pop_tail().map(|d| ("B2", d)),
                None => None,
            };
            let dba = cx.b.dba[i as usize];
            let into = if in_t2 {
                s.b2.push_head(dba);
                Some("B2")
            } else if how == Evict::T1NoGhost {
                None
            } else {
                s.b1.push_head(dba);
                Some("B1")
            };
            let p = s.p;
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: format!(
                    "{}{} LRU buf {i} (block {}) is the victim{} — |T1| {t1}, p {}",
                    forgot.map_or(String::new(), |(l, d)| format!(
                        "{l} holds its share → its oldest entry {} forgotten; ",
                        block(d)
                    )),
                    if in_t2 { "T2" } else { "T1" },
                    block(dba),
                    into.map_or(" (B1 empty and T1 + B1 full: not remembered)".into(), |g| {
                        format!(", remembered in {g}")
                    }),
                    num(p)
                ),
            });
        }
        self.in_t2.unlink(cx, i);
    }

    fn written(&mut self, cx: &mut Cx, i: u32) {
        self.in_t2.written(cx, i);
    }

    fn state(&self, _b: &Buffers, ws: &WorkingSet, set: u32) -> PolicyState {
        let s = &self.sets[set as usize];
        PolicyState {
            ghosts: vec![
                s.b1.view("b1", "B1 (ghosts of T1)", s.n),
                s.b2.view("b2", "B2 (ghosts of T2)", s.n),
            ],
            params: vec![
                PolicyParam {
                    name: "p",
                    value: s.p,
                    note: "target size of T1: + on a B1 ghost hit, − on a B2 ghost hit",
                },
                PolicyParam::count(
                    "N",
                    ws.size(),
                    "buffers of the set: at most N resident blocks, at most 2N remembered in all",
                ),
            ],
            ..PolicyState::default()
        }
    }
}

/// p as the narration prints it: whole, or to two decimals.
fn num(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cache, read};
    use crate::buffer::Cache;

    fn p(c: &Cache) -> f64 {
        c.repl.state(&c.b, &c.sets[0], 0).params[0].value
    }

    fn ghosts(c: &Cache) -> (usize, usize) {
        let g = c.repl.state(&c.b, &c.sets[0], 0).ghosts;
        (g[0].dbas.len(), g[1].dbas.len())
    }

    #[test]
    fn a_second_hit_moves_to_t2_and_ghost_hits_move_p() {
        let mut c = cache(50, 200, "arc");
        for b in 0..50 {
            read(&mut c, b);
        }
        assert_eq!((c.sets[0].hot_len, c.sets[0].len), (0, 50));
        read(&mut c, 3); // T1 → T2
        assert_eq!(c.sets[0].hot_len, 1);
        // a complete miss, |T1| + |B1| = 49 < N: REPLACE, |T1| > p = 0 → T1's LRU into B1
        read(&mut c, 100);
        assert_eq!(ghosts(&c), (1, 0));
        // |T1| + |B1| = 50 = N: B1's oldest (block 0) forgotten, then block 1 into B1
        read(&mut c, 101);
        assert_eq!(ghosts(&c), (1, 0));
        // block 1 is in B1: a ghost hit raises p by max(|B2| / |B1|, 1) = 1; it goes to T2
        read(&mut c, 1);
        assert_eq!(p(&c), 1.0);
        assert_eq!(c.sets[0].hot_len, 2);
        // block 0 was forgotten: an ordinary miss, p stays
        read(&mut c, 0);
        assert_eq!(p(&c), 1.0);
    }
}
