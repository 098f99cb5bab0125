//! S3-FIFO (Yang, Zhang, Qiu, Yue, Rashmi, "FIFO queues are all you need for cache eviction",
//! SOSP 2023): a small FIFO queue S that new blocks enter, a main FIFO queue M for the blocks
//! that proved themselves there, and a ghost FIFO queue G of blocks S let go.
//!
//! - Sizes per working set of N buffers: S targets ⌊N/10⌋, M the rest, G remembers ⌊9N/10⌋
//!   blocks.
//! - A hit adds 1 to the buffer's frequency; nothing moves.
//! - A block read goes to the head of S, or to the head of M if G remembers it (a ghost hit:
//!   it leaves G). Frequency 0 either way.
//! - The victim scan works on M if M holds more than its share or S is empty, else on S:
//!   - from S's tail: frequency ≥ 2 → moved to M's head with frequency 0 (and on to the next);
//!     else the victim, remembered in G (G full: its oldest entry is forgotten);
//!   - from M's tail: frequency ≥ 1 → back to M's head with min(frequency, 3) − 1; else the
//!     victim, not remembered. If S empties before a victim, the scan goes on in M.
//!
//! libCacheSim's `S3FIFO` (cache/eviction/S3FIFO.c): defaults `fifo-size-ratio=0.10,
//! ghost-size-ratio=0.90, move-to-main-threshold=2` (S3FIFO.c:51-52); sizes :114-118 (truncated
//! products); find :222-259 (frequency +1 in S and in M, uncapped; the ghost entry is removed at
//! lookup); insert :272-303; evict :428-440 (M when `|M| > main` or S is empty); evict_fifo
//! :320-370 (promotion at `freq >= 2`, the promoted object starts at 0 in M); evict_main
//! :372-417 (`MIN(freq, 3) - 1`). One quirk is not followed: below 20 objects libCacheSim
//! caches nothing (its insert refuses a block as large as S's share of one, :284, and
//! `can_insert` refuses every block when the share is 0, :478-482), so every request misses;
//! here a block read always takes a buffer (the cache has no way to refuse one), and the rules
//! above run with S's share as it is. From 20 buffers on the misses are libCacheSim's.
//!
//! On the list: M is the hot region (from the head), S the cold one (from the midpoint to the
//! tail), so S's head is the midpoint and the scan walks from S's tail straight into M's. A
//! scan that gives up (`_db_block_max_scan_pct`) and starts over goes on in S if it was
//! promoting there: it is still libCacheSim's one `evict_fifo`. A dirty buffer the scan meets
//! goes to DBWR; written, it comes back at the tail of the queue it was in, its frequency kept.

use super::ghost::GhostList;
use super::sides::Sides;
use super::{order, Cx, PolicyParam, PolicyState, RegionDef, Replacement, Setup, Tone, Verdict};
use crate::buffer::cache::events::{Event, Place, Touch};
use crate::buffer::cache::lists::{self, flag, Buffers, WorkingSet, NIL};

/// A working set's queues beyond the list: the shares, the ghost queue and the scan's state.
#[derive(Debug, Clone)]
struct SetState {
    /// S's share: ⌊N × 0.10⌋.
    small: u32,
    /// M's share: N − small.
    main: u32,
    /// G's capacity: ⌊N × 0.90⌋ (0: no ghost queue).
    ghost_cap: u32,
    ghost: GhostList,
    /// The block being read was in G (set by `miss`, used by `insert`).
    ghost_hit: bool,
    /// A scan is working on S (it promoted and has not found its victim yet): a scan that
    /// starts over goes on in S, as libCacheSim's one `evict_fifo` call does.
    in_small: bool,
}

#[derive(Debug, Clone)]
pub struct S3Fifo {
    sets: Vec<SetState>,
    /// Per buffer: its frequency (libCacheSim's is uncapped; only ≥ 2 and min(·, 3) are ever
    /// read, so saturating at 255 changes nothing).
    freq: Vec<u8>,
    /// Per buffer: it was in M when DBWR took it (it comes back there).
    in_main: Sides,
}

const REGIONS: &[RegionDef] = &[
    RegionDef {
        name: "main",
        label: "main (M)",
        tone: Tone::Hot,
        head_tag: Some(["MAIN HEAD", "M"]),
        tail_tag: None,
        boundary_tag: None,
        legend: "main FIFO: blocks hit twice in small, or remembered by the ghost queue",
    },
    RegionDef {
        name: "small",
        label: "small (S)",
        tone: Tone::Cold,
        head_tag: None,
        tail_tag: Some(["SMALL TAIL", "TAIL"]),
        boundary_tag: Some(["SMALL HEAD", "S"]),
        legend: "small FIFO: where every new block starts",
    },
];

/// The buffer the scan looks at after `i`: the next towards the head (from S's head on into
/// M's tail). With none, `i` itself: it was alone, and if it moved it is at M's head, which
/// is then also M's tail.
#[inline]
fn after(b: &Buffers, i: u32) -> u32 {
    let p = b.link[i as usize].prev;
    if p == NIL {
        i
    } else {
        p
    }
}

/// M's tail: the last hot buffer.
#[inline]
fn main_tail(b: &Buffers, ws: &WorkingSet) -> u32 {
    lists::last_hot(b, ws)
}

impl S3Fifo {
    /// Move `i` to M's head.
    #[inline]
    fn to_main_head(cx: &mut Cx, i: u32) {
        lists::unlink_repl(cx.b, cx.ws, i);
        lists::insert_hot_head(cx.b, cx.ws, i);
    }
}

impl Replacement for S3Fifo {
    const HOT_AND_COLD: bool = true;
    const NAME: &'static str = "s3-fifo";
    const LABEL: &'static str = "S3-FIFO";
    const LINE: &'static str =
        "a small FIFO for new blocks, a main FIFO for those hit there, a ghost queue of the rest";
    const LIBCACHESIM: Option<&'static str> = Some("S3FIFO");

    fn new(setup: &Setup) -> Self {
        let sets = setup
            .sets
            .iter()
            .map(|ws| {
                let n = ws.size() as f64;
                let small = (n * 0.10) as u32;
                SetState {
                    small,
                    main: ws.size() - small,
                    ghost_cap: (n * 0.90) as u32,
                    ghost: GhostList::new(),
                    ghost_hit: false,
                    in_small: false,
                }
            })
            .collect();
        S3Fifo {
            sets,
            freq: vec![0; setup.buffers()],
            in_main: Sides::new(setup.buffers()),
        }
    }

    fn regions(&self) -> &'static [RegionDef] {
        REGIONS
    }

    fn region_limits(&self, _ws: &WorkingSet) -> Vec<Option<u32>> {
        // Shares, not limits: M grows past its share by promotions, S while M is within its.
        vec![None, None]
    }

    fn miss(&mut self, cx: &mut Cx, dba: u32) {
        // A block G remembers leaves it and will go straight to M.
        let s = &mut self.sets[cx.set as usize];
        s.ghost_hit = s.ghost.remove(dba);
        if s.ghost_hit {
            cx.rec.emit(|| Event::Rule {
                buf: None,
                text: "ghost hit: the block was in G → it leaves G and will go to M".into(),
            });
        }
    }

    #[inline]
    fn hit(&mut self, cx: &mut Cx, i: u32, _relink: bool) -> Touch {
        // A hit adds 1 to the frequency (in S and in M alike); nothing moves.
        let f = &mut self.freq[i as usize];
        let before = *f;
        *f = before.saturating_add(1);
        cx.rec.emit(|| Event::Rule {
            buf: Some(i),
            text: format!("hit → freq {before} → {}", before.saturating_add(1)),
        });
        Touch::Marked
    }

    #[inline]
    fn insert(&mut self, cx: &mut Cx, i: u32, _to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 0;
        self.freq[i as usize] = 0;
        let s = &mut self.sets[cx.set as usize];
        // Remembered by G: straight to M's head; every other block starts at S's head (the
        // midpoint).
        let ghost_hit = std::mem::take(&mut s.ghost_hit);
        if ghost_hit {
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: "ghost hit → new block to M's head, freq 0".into(),
            });
        }
        self.in_main.insert(cx, i, ghost_hit)
    }

    #[inline]
    fn judge(&mut self, cx: &mut Cx, i: u32) -> Verdict {
        let f = self.freq[i as usize];
        let set = cx.set as usize;
        if cx.b.has(i, flag::HOT) {
            if f >= 1 {
                // M: used since it last came round → back to M's head, freq min(f, 3) − 1.
                let after = f.min(3) - 1;
                self.freq[i as usize] = after;
                Self::to_main_head(cx, i);
                cx.rec.emit(|| Event::Rule {
                    buf: Some(i),
                    text: format!("M tail, freq {f} → back to M's head, freq {after}"),
                });
                Verdict::Spared
            } else {
                self.sets[set].in_small = false;
                cx.rec.emit(|| Event::Rule {
                    buf: Some(i),
                    text: "M tail, freq 0 → victim (not remembered)".into(),
                });
                Verdict::Victim
            }
        } else if f >= 2 {
            // S: hit twice or more while in S → promoted to M's head with freq 0.
            self.freq[i as usize] = 0;
            Self::to_main_head(cx, i);
            self.sets[set].in_small = true;
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: format!("S tail, freq {f} ≥ 2 → promoted to M's head, freq 0"),
            });
            Verdict::Spared
        } else {
            self.sets[set].in_small = false;
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: format!("S tail, freq {f} < 2 → victim, remembered in G"),
            });
            Verdict::Victim
        }
    }

    #[inline]
    fn scan_start(&self, b: &Buffers, ws: &WorkingSet) -> u32 {
        let s = &self.sets[b.set[ws.lo as usize] as usize];
        let small_len = ws.len - ws.hot_len;
        // M when it holds more than its share or S is empty (S3FIFO.c:435-437), unless this
        // eviction already started on S; else S's tail.
        if small_len == 0 || (ws.hot_len > s.main && !s.in_small) {
            main_tail(b, ws)
        } else {
            ws.tail
        }
    }

    #[inline]
    fn scan_next(&self, b: &Buffers, _ws: &WorkingSet, i: u32) -> u32 {
        after(b, i)
    }

    fn unlink(&mut self, cx: &mut Cx, i: u32, evicted: bool) {
        let in_main = cx.b.has(i, flag::HOT);
        if evicted && !in_main {
            // S's victim is remembered in G (G full: its oldest entry goes first).
            let s = &mut self.sets[cx.set as usize];
            if s.ghost_cap > 0 {
                if s.ghost.len() >= s.ghost_cap {
                    s.ghost.pop_tail();
                }
                s.ghost.push_head(cx.b.dba[i as usize]);
            }
        }
        self.in_main.unlink(cx, i);
    }

    fn written(&mut self, cx: &mut Cx, i: u32) {
        // Back at the eviction end of the queue it was in, its frequency kept.
        self.in_main.written(cx, i);
    }

    fn state(&self, b: &Buffers, ws: &WorkingSet, set: u32) -> PolicyState {
        let s = &self.sets[set as usize];
        let param = PolicyParam::count;
        PolicyState {
            ghosts: vec![s.ghost.view("ghost", "ghost (G)", s.ghost_cap)],
            mark_name: Some("freq"),
            marks: order(b, ws)
                .into_iter()
                .map(|i| (i, Some(self.freq[i as usize] as i64)))
                .collect(),
            params: vec![
                param("small", s.small, "S's share: ⌊N × 0.10⌋ buffers"),
                param("main", s.main, "M's share: N − small"),
                param("ghost", s.ghost_cap, "blocks G remembers: ⌊N × 0.90⌋"),
            ],
            ..PolicyState::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cache, read};
    use crate::buffer::Cache;

    fn ghost(c: &Cache) -> Vec<u32> {
        c.repl.state(&c.b, &c.sets[0], 0).ghosts[0].dbas.clone()
    }

    fn region(c: &Cache, i: u32) -> usize {
        c.repl.region_of(&c.b, i)
    }

    /// 50 buffers (S 5, M 45, G 45) holding blocks 0..49, block b in buffer b, all in S.
    fn full() -> Cache {
        let mut c = cache(50, 400, "s3-fifo");
        for b in 0..50 {
            read(&mut c, b);
        }
        assert_eq!((c.sets[0].hot_len, c.sets[0].len), (0, 50));
        c
    }

    #[test]
    fn shares_are_truncated_tenths() {
        let c = full();
        let st = c.repl.state(&c.b, &c.sets[0], 0);
        let p: Vec<_> = st.params.iter().map(|p| (p.name, p.value)).collect();
        assert_eq!(p, [("small", 5.0), ("main", 45.0), ("ghost", 45.0)]);
        assert_eq!(st.ghosts[0].capacity, Some(45));
        assert_eq!(st.mark_name, Some("freq"));
    }

    #[test]
    fn two_hits_in_small_promote_one_is_a_ghost_and_a_ghost_hit_goes_to_main() {
        let mut c = full();
        for b in [0, 0, 1] {
            read(&mut c, b);
        }
        let (dba0, dba1) = (c.b.dba[0], c.b.dba[1]);
        read(&mut c, 100); // S tail: 0 (freq 2) → M; 1 (freq 1) → victim, into G
        assert_eq!((region(&c, 0), c.b.dba[0]), (0, dba0));
        assert_eq!(ghost(&c), [dba1]);
        assert_eq!(region(&c, 1), 1, "block 100 starts in S");
        read(&mut c, 1); // a ghost hit: S's tail (buffer 2) goes, block 1 goes to M's head
        assert_eq!(c.b.dba[2], dba1);
        assert_eq!((region(&c, 2), c.sets[0].head), (0, 2));
        assert!(!ghost(&c).contains(&dba1));
        assert_eq!(c.sets[0].hot_len, 2);
    }

    #[test]
    fn main_over_its_share_reinserts_used_buffers_and_evicts_without_a_ghost() {
        let mut c = full();
        for b in 0..46 {
            read(&mut c, b);
            read(&mut c, b);
        }
        read(&mut c, 100); // 0..45 promoted (M 46 > 45), buffer 46 the victim
        assert_eq!(c.sets[0].hot_len, 46);
        read(&mut c, 0); // buffer 0, M's tail: freq 1
        let (dba0, dba1) = (c.b.dba[0], c.b.dba[1]);
        let g = ghost(&c);
        read(&mut c, 101); // M: 0 back to M's head with freq 0, 1 (freq 0) the victim
        assert_eq!((c.sets[0].head, c.b.dba[0]), (0, dba0));
        assert_ne!(c.b.dba[1], dba1);
        assert_eq!(ghost(&c), g, "M's victims are not remembered");
        assert_eq!(region(&c, 1), 1, "the new block starts in S");
    }

    #[test]
    fn a_scan_that_starts_over_stays_in_small_as_one_eviction_does() {
        let mut c = full();
        c.cfg.max_scan_pct = 2; // one buffer a scan, then a full one
        for b in 0..45 {
            read(&mut c, b);
            read(&mut c, b);
        }
        read(&mut c, 100); // 0..44 promoted: M 45, its share; buffer 45 the victim
        assert_eq!(c.sets[0].hot_len, 45);
        for b in 46..50 {
            read(&mut c, b);
            read(&mut c, b);
        }
        let dba100 = c.b.dba[45];
        // 46 promoted (M 46 > 45), the scan gives up, starts over: still S — 47..49 promoted,
        // then buffer 45 (block 100, freq 0) is the victim, not M's tail (buffer 0).
        let dba0 = c.b.dba[0];
        read(&mut c, 101);
        assert_eq!(c.b.dba[0], dba0);
        assert_eq!(ghost(&c)[0], dba100);
        assert_eq!(c.sets[0].hot_len, 49);
    }
}
