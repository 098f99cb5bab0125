//! LIRS, the Low Inter-reference Recency Set (Jiang & Zhang, "LIRS: An Efficient Low
//! Inter-reference Recency Set Replacement Policy", SIGMETRICS 2002): blocks whose last two
//! uses were close together (LIR) keep their buffers; a small share of the set holds the
//! others (resident HIR) in a queue Q, and the stack S remembers recency for LIR, resident HIR
//! and recently evicted (non-resident) HIR blocks alike.
//!
//! - Shares per working set of N buffers: HIR `max(1, ⌊N/100⌋)`, LIR the rest.
//! - A hit on a LIR block moves it to the top of S (then S's bottom is pruned down to a LIR
//!   block). A hit on a resident HIR block still in S makes it LIR, and S's bottom LIR block
//!   goes to Q's head as HIR; one not in S stays HIR at Q's head and is pushed onto S — and,
//!   as libCacheSim does, also demotes S's bottom LIR block when the LIR share is full (which
//!   can evict Q's oldest block on a hit).
//! - A miss on a block S remembers (non-resident HIR) makes it LIR, demoting S's bottom LIR
//!   block; a miss on a new block makes it LIR while the LIR share has room, else HIR in S
//!   and at Q's head. A demotion or a new HIR block over the HIR share evicts Q's oldest block,
//!   which S keeps as non-resident if it is there.
//! - S holds at most 2N entries: past that the blocks longest non-resident are forgotten.
//!
//! libCacheSim's `LIRS` (cache/eviction/LIRS.c, no parameters): shares :96-99, find :201-239,
//! hit_RD_HIRinS :533-554, hit_RD_HIRinQ :566-585 (the demotion on a hit, not in the paper),
//! evictLIR :587-619, evictHIR :621-648, prune :508-531, can_insert :459-506 (the evictions of
//! a miss), evict :350-386, insert :252-325, limitStack :650-663 (after every request). Its
//! evictions happen on hits and before a miss's slot is taken, so they come to the cache as
//! [`Replacement::dropped`] buffers; the victim scan runs only if those left the set full.
//!
//! One quirk is not followed: with a HIR share of one block (N < 200), hit_RD_HIRinQ can evict
//! the very block it hits and then push it onto S as resident, a block libCacheSim counts as a
//! hit later although no slot holds it. Here the block keeps no buffer, so S holds it as
//! non-resident and its next use is a miss; from 200 buffers on the misses are libCacheSim's.
//!
//! On the list: the LIR blocks are the hot region (S order, top first), Q the cold one (its
//! head at the midpoint, its oldest block at the tail).

use super::{
    block, order, Cx, Ghost, PolicyParam, PolicyState, RegionDef, Replacement, Setup, Tone,
};
use crate::buffer::cache::events::{Event, Place, Touch};
use crate::buffer::cache::lists::{self, flag, Buffers, WorkingSet, NIL};
use crate::common::{Ends, IdHasher, Links};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// What LIRS knows of a block it holds or remembers: one slot of a slab, on S and on NH
/// through common's linked lists (one hash lookup a miss; a hit finds its slot by buffer).
#[derive(Debug, Clone, Copy)]
struct Entry {
    dba: u32,
    /// Its buffer while resident.
    buf: u32,
    lir: bool,
    resident: bool,
    in_s: bool,
    in_nh: bool,
}

#[derive(Debug, Clone)]
struct SetState {
    n: u32,
    lirs_limit: u32,
    hirs_limit: u32,
    lirs: u32,
    hirs: u32,
    slots: Vec<Entry>,
    spare: Vec<u32>,
    index: HashMap<u32, u32, BuildHasherDefault<IdHasher>>,
    /// The stack S, top first.
    s_links: Links,
    s: Ends,
    /// Non-resident HIR blocks in S, newest first, in the order they became so.
    nh_links: Links,
    nh: Ends,
}

#[derive(Debug, Clone)]
pub struct Lirs {
    sets: Vec<SetState>,
    /// Per buffer: its block's slot.
    slot_of: Vec<u32>,
    /// Buffers let go of since the cache last asked.
    dropped: Vec<u32>,
}

const REGIONS: &[RegionDef] = &[
    RegionDef {
        name: "lir",
        label: "LIR",
        tone: Tone::Hot,
        head_tag: Some(["LIR (S TOP)", "LIR"]),
        tail_tag: None,
        boundary_tag: None,
        legend: "LIR blocks: reused at a short distance, they keep their buffers",
    },
    RegionDef {
        name: "q",
        label: "Q (resident HIR)",
        tone: Tone::Cold,
        head_tag: None,
        tail_tag: Some(["Q OLDEST", "OLD"]),
        boundary_tag: Some(["Q HEAD", "Q"]),
        legend: "Q: resident HIR blocks, the next to go from its oldest end",
    },
];

#[inline]
fn on_list(b: &Buffers, i: u32) -> bool {
    !b.has(i, flag::ON_WRITE_LIST | flag::WRITING)
}

impl SetState {
    fn new(n: u32) -> SetState {
        let hirs_limit = ((0.01 * n as f64) as u32).max(1);
        SetState {
            n,
            lirs_limit: n - hirs_limit.min(n),
            hirs_limit,
            lirs: 0,
            hirs: 0,
            slots: Vec::new(),
            spare: Vec::new(),
            index: HashMap::default(),
            s_links: Links::default(),
            s: Ends::EMPTY,
            nh_links: Links::default(),
            nh: Ends::EMPTY,
        }
    }

    /// A slot for a block LIRS starts to know.
    fn alloc(&mut self, dba: u32, buf: u32, lir: bool) -> u32 {
        let e = Entry {
            dba,
            buf,
            lir,
            resident: true,
            in_s: false,
            in_nh: false,
        };
        let k = match self.spare.pop() {
            Some(k) => {
                self.slots[k as usize] = e;
                k
            }
            None => {
                self.slots.push(e);
                self.s_links.grow();
                self.nh_links.grow();
                self.slots.len() as u32 - 1
            }
        };
        self.index.insert(dba, k);
        k
    }

    /// Forget a block (off S and NH).
    fn forget(&mut self, k: u32) {
        self.s_off(k);
        self.nh_off(k);
        self.index.remove(&self.slots[k as usize].dba);
        self.spare.push(k);
    }

    /// To S's top (pushed on, or moved up).
    fn s_top(&mut self, k: u32) {
        self.s_off(k);
        self.s_links.push_head(&mut self.s, k);
        self.slots[k as usize].in_s = true;
    }

    fn s_off(&mut self, k: u32) {
        if self.slots[k as usize].in_s {
            self.s_links.unlink(&mut self.s, k);
            self.slots[k as usize].in_s = false;
        }
    }

    /// Became non-resident while in S: onto NH.
    fn nh_on(&mut self, k: u32) {
        self.slots[k as usize].resident = false;
        self.nh_off(k);
        self.nh_links.push_head(&mut self.nh, k);
        self.slots[k as usize].in_nh = true;
    }

    fn nh_off(&mut self, k: u32) {
        if self.slots[k as usize].in_nh {
            self.nh_links.unlink(&mut self.nh, k);
            self.slots[k as usize].in_nh = false;
        }
    }

    /// evictHIR: Q's oldest block leaves its buffer; S keeps it as non-resident.
    fn evict_hir(&mut self, cx: &mut Cx, slot_of: &[u32], dropped: &mut Vec<u32>) -> bool {
        let z = cx.ws.tail;
        if z == NIL || cx.b.has(z, flag::HOT) {
            return false;
        }
        let k = slot_of[z as usize];
        self.hirs -= 1;
        lists::unlink_repl(cx.b, cx.ws, z);
        dropped.push(z);
        let kept = self.slots[k as usize].in_s;
        if kept {
            self.nh_on(k);
        } else {
            self.forget(k);
        }
        let dba = cx.b.dba[z as usize];
        cx.rec.emit(|| Event::Rule {
            buf: Some(z),
            text: format!(
                "Q full → its oldest buf {z} (block {}) is evicted{}",
                block(dba),
                if kept {
                    "; S keeps it as non-resident HIR"
                } else {
                    ", forgotten (not in S)"
                }
            ),
        });
        true
    }

    /// evictLIR: S's bottom LIR block becomes HIR at Q's head (Q full: its oldest is
    /// evicted first), then S is pruned.
    fn evict_lir(&mut self, cx: &mut Cx, slot_of: &[u32], dropped: &mut Vec<u32>) -> bool {
        let y = self.s.tail;
        if y == NIL {
            return false;
        }
        self.s_off(y);
        let e = self.slots[y as usize];
        if !e.lir {
            // (S's bottom is LIR after every prune; were it not, it leaves S as prune does)
            if !e.resident {
                self.forget(y);
            }
            return true;
        }
        self.slots[y as usize].lir = false;
        self.lirs -= 1;
        while self.hirs + 1 > self.hirs_limit {
            if !self.evict_hir(cx, slot_of, dropped) {
                break;
            }
        }
        let buf = e.buf;
        if on_list(cx.b, buf) {
            lists::unlink_repl(cx.b, cx.ws, buf);
            lists::insert_cold_head(cx.b, cx.ws, buf);
        }
        self.hirs += 1;
        cx.rec.emit(|| Event::Rule {
            buf: Some(buf),
            text: format!(
                "LIR share full → S's bottom LIR buf {buf} (block {}) becomes HIR at Q's head",
                block(e.dba)
            ),
        });
        self.prune();
        true
    }

    /// prune: S's bottom entries down to a LIR block leave S (a non-resident one is
    /// forgotten); S's top always stays.
    fn prune(&mut self) {
        while self.s.len > 1 {
            let t = self.s.tail;
            let e = self.slots[t as usize];
            if e.lir {
                break;
            }
            if e.resident {
                self.s_off(t);
            } else {
                self.forget(t);
            }
        }
    }

    /// limitStack: S holds at most 2N entries; the longest non-resident go first.
    fn limit_stack(&mut self) {
        while self.s.len > 2 * self.n {
            let v = self.nh.tail;
            if v == NIL {
                break;
            }
            self.forget(v);
        }
    }

    /// The LIR share is full: demote S's bottom LIR blocks until one more fits.
    fn make_lir_room(&mut self, cx: &mut Cx, slot_of: &[u32], dropped: &mut Vec<u32>) {
        while self.lirs + 1 > self.lirs_limit {
            if !self.evict_lir(cx, slot_of, dropped) {
                break;
            }
        }
    }

    /// The slot of a block S remembers as non-resident.
    fn remembered(&self, dba: u32) -> Option<u32> {
        let &k = self.index.get(&dba)?;
        let e = &self.slots[k as usize];
        (e.in_s && !e.resident).then_some(k)
    }
}

impl Replacement for Lirs {
    const HOT_AND_COLD: bool = true;
    const NAME: &'static str = "lirs";
    const LABEL: &'static str = "LIRS";
    const LINE: &'static str =
        "blocks with a short reuse distance (LIR) stay; a small share of HIR blocks come and go";
    const LIBCACHESIM: Option<&'static str> = Some("LIRS");
    const DROPS: bool = true;

    fn new(setup: &Setup) -> Self {
        Lirs {
            sets: setup
                .sets
                .iter()
                .map(|ws| SetState::new(ws.size()))
                .collect(),
            slot_of: vec![NIL; setup.buffers()],
            dropped: Vec::new(),
        }
    }

    fn regions(&self) -> &'static [RegionDef] {
        REGIONS
    }

    #[inline(always)]
    fn dropped(&mut self) -> Option<u32> {
        self.dropped.pop()
    }

    fn miss(&mut self, cx: &mut Cx, dba: u32) {
        let s = &mut self.sets[cx.set as usize];
        let (slot_of, d) = (&self.slot_of[..], &mut self.dropped);
        if let Some(k) = s.remembered(dba) {
            // find moves it to S's top; a miss on a non-resident HIR block in S
            s.s_top(k);
            cx.rec.emit(|| Event::Rule {
                buf: None,
                text: "miss on a block S remembers (non-resident HIR): it will be LIR".into(),
            });
            s.make_lir_room(cx, slot_of, d);
            s.nh_off(k);
        } else if s.lirs + 1 > s.lirs_limit && s.hirs + 1 > s.hirs_limit {
            while s.hirs + 1 > s.hirs_limit {
                if !s.evict_hir(cx, slot_of, d) {
                    break;
                }
            }
        }
        // libCacheSim's evict loop, for a set still full (rare)
        while s.lirs + s.hirs + 1 > s.n {
            let freed = if s.remembered(dba).is_some() {
                while s.hirs >= s.hirs_limit {
                    if !s.evict_hir(cx, slot_of, d) {
                        break;
                    }
                }
                s.evict_lir(cx, slot_of, d)
            } else {
                s.evict_hir(cx, slot_of, d)
            };
            if !freed {
                break;
            }
        }
    }

    fn hit(&mut self, cx: &mut Cx, i: u32, _relink: bool) -> Touch {
        let k = self.slot_of[i as usize];
        let s = &mut self.sets[cx.set as usize];
        let (slot_of, d) = (&self.slot_of[..], &mut self.dropped);
        if k == NIL {
            return Touch::Unchanged;
        }
        let e = s.slots[k as usize];
        let listed = on_list(cx.b, i);
        if e.in_s {
            s.s_top(k);
        }
        let touch = if e.lir {
            if listed {
                lists::unlink_repl(cx.b, cx.ws, i);
                lists::insert_hot_head(cx.b, cx.ws, i);
            }
            s.prune();
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: "hit on LIR → top of S (S's bottom pruned to a LIR block)".into(),
            });
            Touch::MovedToHead
        } else if e.in_s {
            // resident HIR in S: its reuse distance is short → LIR
            s.hirs -= 1;
            if listed {
                lists::unlink_repl(cx.b, cx.ws, i);
            }
            s.make_lir_room(cx, slot_of, d);
            s.slots[k as usize].lir = true;
            s.lirs += 1;
            if listed {
                lists::insert_hot_head(cx.b, cx.ws, i);
            }
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: "hit on HIR in S → LIR (top of S)".into(),
            });
            Touch::Moved
        } else {
            // resident HIR not in S: to Q's head, onto S's top, still HIR
            if listed {
                lists::unlink_repl(cx.b, cx.ws, i);
                lists::insert_cold_head(cx.b, cx.ws, i);
            }
            s.make_lir_room(cx, slot_of, d);
            if d.contains(&i) {
                // evicted by the demotion it caused (a HIR share of one): S remembers it
                let k = s.alloc(e.dba, NIL, false);
                s.s_top(k);
                s.nh_on(k);
            } else {
                s.s_top(k);
            }
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: "hit on HIR not in S → Q's head and S's top, still HIR".into(),
            });
            Touch::Moved
        };
        s.limit_stack();
        touch
    }

    fn insert(&mut self, cx: &mut Cx, i: u32, _to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 0;
        let dba = cx.b.dba[i as usize];
        let s = &mut self.sets[cx.set as usize];
        let (k, lir) = match s.remembered(dba) {
            Some(k) => {
                let e = &mut s.slots[k as usize];
                (e.buf, e.lir, e.resident) = (i, true, true);
                (k, true)
            }
            None => {
                let lir = s.lirs < s.lirs_limit;
                let k = s.alloc(dba, i, lir);
                s.s_top(k);
                (k, lir)
            }
        };
        self.slot_of[i as usize] = k;
        let place = if lir {
            s.lirs += 1;
            lists::insert_hot_head(cx.b, cx.ws, i);
            Place::MruHead
        } else {
            s.hirs += 1;
            lists::insert_cold_head(cx.b, cx.ws, i);
            Place::Midpoint
        };
        s.limit_stack();
        place
    }

    fn unlink(&mut self, cx: &mut Cx, i: u32, evicted: bool) {
        let k = self.slot_of[i as usize];
        if evicted && k != NIL {
            // the victim scan's pick (only when the evictions above left the set full)
            let s = &mut self.sets[cx.set as usize];
            let e = s.slots[k as usize];
            if e.lir {
                s.lirs -= 1;
            } else {
                s.hirs -= 1;
            }
            if e.in_s && !e.lir {
                s.nh_on(k);
            } else {
                s.forget(k);
            }
            self.slot_of[i as usize] = NIL;
        }
        lists::unlink_repl(cx.b, cx.ws, i);
    }

    fn written(&mut self, cx: &mut Cx, i: u32) {
        let k = self.slot_of[i as usize];
        let s = &self.sets[cx.set as usize];
        lists::insert_region_tail(cx.b, cx.ws, i, k != NIL && s.slots[k as usize].lir);
    }

    fn state(&self, b: &Buffers, ws: &WorkingSet, set: u32) -> PolicyState {
        let s = &self.sets[set as usize];
        let param = PolicyParam::count;
        PolicyState {
            ghosts: vec![Ghost {
                name: "nonresident",
                label: "non-resident HIR",
                dbas: s
                    .nh_links
                    .walk(s.nh.head)
                    .map(|k| s.slots[k as usize].dba)
                    .collect(),
                capacity: None,
            }],
            status: order(b, ws)
                .into_iter()
                .map(|i| (i, if b.has(i, flag::HOT) { "LIR" } else { "HIR" }))
                .collect(),
            params: vec![
                param(
                    "LIR share",
                    s.lirs_limit,
                    "LIR blocks at most: N − HIR share",
                ),
                param(
                    "HIR share",
                    s.hirs_limit,
                    "resident HIR blocks (Q): max(1, ⌊N/100⌋)",
                ),
                param(
                    "S entries",
                    s.s.len,
                    "entries of the stack S, resident or not; at most 2N",
                ),
            ],
            ..PolicyState::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cache, read};
    use crate::buffer::Cache;

    fn status(c: &Cache, buf: u32) -> &'static str {
        let st = c.repl.state(&c.b, &c.sets[0], 0);
        st.status.iter().find(|(b, _)| *b == buf).unwrap().1
    }

    #[test]
    fn lir_share_hir_queue_and_a_remembered_block_coming_back() {
        // 200 buffers: HIR share 2, LIR share 198; block b lands in buffer b
        let mut c = cache(200, 1000, "lirs");
        for b in 0..200 {
            read(&mut c, b);
        }
        assert_eq!((c.sets[0].hot_len, status(&c, 199)), (198, "HIR"));
        // a new block with both shares full: Q's oldest (block 198) leaves, S keeps it
        read(&mut c, 300);
        let nonresident = c.repl.state(&c.b, &c.sets[0], 0).ghosts[0].dbas.clone();
        assert_eq!(nonresident, [crate::buffer::cache::hash::dba(0, 198)]);
        // block 198 again: S remembers it → LIR; S's bottom LIR block 0 becomes HIR in Q
        // and Q's oldest (block 199) is evicted for it, S keeping it
        read(&mut c, 198);
        assert_eq!(status(&c, 0), "HIR");
        assert_eq!(c.sets[0].hot_len, 198);
        let nonresident = c.repl.state(&c.b, &c.sets[0], 0).ghosts[0].dbas.clone();
        assert_eq!(nonresident, [crate::buffer::cache::hash::dba(0, 199)]);
        let before = c.counters[0].physical_reads;
        read(&mut c, 0); // a hit: block 0 is resident HIR
        assert_eq!(c.counters[0].physical_reads, before);
    }
}
