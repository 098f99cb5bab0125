//! OPT (Belady, "A study of replacement algorithms for a virtual-storage computer", IBM
//! Systems Journal 5(2), 1966; MIN): the victim is the resident buffer whose block is next
//! used farthest in the future, a block never used again being infinitely far. No online
//! policy misses less, so it is the floor the others are measured against.
//!
//! libCacheSim's `Belady` (`libCacheSim/cache/eviction/Belady.c`, no parameters): a max-heap
//! on each object's `next_access_vtime` (`dataStructure/pqueue.h:196`, the root is the
//! largest), a hit sets the object's priority to its request's next access (`Belady_find`,
//! Belady.c:139-165), a miss on a full cache pops the root (`Belady_evict`, :231-244) and then
//! admits the new object whatever its own next access (`Belady_insert`, :177-204; there is no
//! bypass: `EVICT_IMMEDIATELY_IF_NO_FUTURE_ACCESS` stays undefined, :25). Ties happen only
//! between blocks never used again, and which of those goes changes no count. Here the same:
//! every missed block is admitted, the victim is the top of a per-set max-heap of
//! `(next use, buf#)` (`opt/heap.rs`, O(log n) a reference), the future comes from
//! `future.rs`.
//!
//! The replacement list is kept in arrival order (a hit does not reorder it, as FIFO): only
//! the view draws it; the victim comes from the heap. The victim scan starts at the heap's
//! top, the farthest next use: a dirty buffer there goes to DBWR (leaving the heap) and the
//! scan goes on with the farthest of the rest, so the farthest clean one is taken.
//!
//! A run that drifts from its stream (a decision that depends on the cache: the jobs of
//! `oltp_batch` interleave by their waits) takes each block's next recorded use after the
//! current reference, and looks overdue ones up again now and then (`miss`).
//!
//! Without a future (a cache built outside a run that gives it one, and the first run of a
//! scenario that records the stream) the policy is LRU and, when asked, records the block of
//! every reference: that record is the future of the second run.

use super::future::{Future, NEVER};
use super::{block, Cx, PolicyParam, PolicyState, RegionDef, Replacement, Setup, Tone, Verdict};
use crate::buffer::cache::events::{Event, Place, Touch};
use crate::buffer::cache::lists::{self, flag, Buffers, WorkingSet, NIL};
use crate::common::grouped;
use heap::Heap;
use std::sync::Arc;

mod heap;

#[derive(Debug, Clone)]
pub struct Opt {
    future: Option<Arc<Future>>,
    /// References seen so far (`hit` and `insert` calls): the next one's stream position.
    refs: u64,
    /// Each buffer's block's next use (a stream position, or [`NEVER`]).
    next: Vec<u64>,
    /// Each working set's buffers on the replacement list, by next use (with a future).
    heaps: Vec<Heap>,
    /// Each buffer's slot in its set's heap (NIL: not in it — off the list, or held by DBWR).
    slot: Vec<u32>,
    /// Without a future, when recording: the block of every reference.
    seen: Option<Vec<u32>>,
    /// References that were not the stream's (the run drifted from the one that recorded it).
    drift: u64,
    /// Each working set's count of references at its last refresh of overdue next uses.
    refreshed: Vec<u64>,
}

const REGIONS: &[RegionDef] = &[RegionDef {
    name: "resident",
    label: "resident blocks",
    tone: Tone::Cold,
    head_tag: Some(["NEWEST", "NEW"]),
    tail_tag: Some(["OLDEST", "OLD"]),
    boundary_tag: None,
    legend: "resident blocks (newest → oldest); the victim is the one used again last",
}];

impl Opt {
    /// Run with this future from now on (before the first reference: it counts positions from
    /// the start of the stream).
    pub fn set_future(&mut self, f: Arc<Future>) {
        self.future = Some(f);
    }

    pub fn future(&self) -> Option<&Arc<Future>> {
        self.future.as_ref()
    }

    /// Record the block of every reference (without a future: the first run of a scenario).
    pub fn record(&mut self) {
        self.seen = Some(Vec::new());
    }

    /// The blocks recorded so far, in reference order (taken: recording stops).
    pub fn take_recorded(&mut self) -> Vec<u32> {
        self.seen.take().unwrap_or_default()
    }

    /// References seen so far.
    pub fn references(&self) -> u64 {
        self.refs
    }

    /// References that were not the stream's.
    pub fn drift(&self) -> u64 {
        self.drift
    }

    /// Bytes a copy holds (a snapshot's share; the future itself is shared).
    pub fn approx_bytes(&self) -> u64 {
        self.next.len() as u64 * 12
            + self.heaps.iter().map(|h| h.len() as u64 * 16).sum::<u64>()
            + self.seen.as_ref().map_or(0, |s| s.len() as u64 * 4)
    }

    /// One more reference to the block in buffer `i`: its position in the stream.
    #[inline]
    fn count(&mut self, b: &Buffers, i: u32) -> u64 {
        let k = self.refs;
        self.refs += 1;
        if let Some(seen) = &mut self.seen {
            seen.push(b.dba[i as usize]);
        }
        k
    }

    /// The working set of `ws` (its first buffer's), or None for an empty one.
    fn set_of(b: &Buffers, ws: &WorkingSet) -> Option<usize> {
        (ws.lo < ws.hi).then(|| b.set[ws.lo as usize] as usize)
    }
}

/// "next use in 4,210 references" / "never used again", from reference `k` (1: the very next
/// reference).
fn next_use(at: u64, k: u64) -> String {
    if at == NEVER {
        "never used again".into()
    } else {
        // (a run that drifted from its stream may pass a predicted use: 0, overdue)
        let d = at.saturating_sub(k);
        format!(
            "next use in {} reference{}",
            grouped(d),
            if d == 1 { "" } else { "s" }
        )
    }
}

impl Replacement for Opt {
    const NAME: &'static str = "opt";
    const LABEL: &'static str = "Belady's OPT";
    const LINE: &'static str =
        "knows the future: takes the block whose next use is farthest away (the optimum)";
    const LIBCACHESIM: Option<&'static str> = Some("Belady");

    fn new(setup: &Setup) -> Self {
        Opt {
            future: None,
            refs: 0,
            next: vec![NEVER; setup.buffers()],
            heaps: vec![Heap::default(); setup.sets.len()],
            slot: vec![NIL; setup.buffers()],
            seen: None,
            drift: 0,
            refreshed: vec![0; setup.sets.len()],
        }
    }

    fn regions(&self) -> &'static [RegionDef] {
        REGIONS
    }

    #[inline]
    fn hit(&mut self, cx: &mut Cx, i: u32, relink: bool) -> Touch {
        let k = self.count(cx.b, i);
        let Some(f) = self.future.as_deref() else {
            // No future: LRU (the recording run).
            if !relink {
                return Touch::Stayed;
            }
            if !cx.b.has(i, flag::ON_WRITE_LIST | flag::WRITING) {
                lists::unlink_repl(cx.b, cx.ws, i);
                lists::insert_cold_head(cx.b, cx.ws, i);
            }
            return Touch::MovedToHead;
        };
        // A reference: the block's next use moves on to its following one. A buffer DBWR holds
        // is not in the ordered set; `written` puts it back with this next use.
        let old = self.next[i as usize];
        let dba = cx.b.dba[i as usize];
        self.drift += u64::from(f.stream().get(k as usize) != Some(&dba));
        let new = f.next_use(dba, k);
        self.next[i as usize] = new;
        if self.slot[i as usize] != NIL && new != old {
            self.heaps[cx.set as usize].change(&mut self.slot, i, new);
        }
        cx.rec.emit(|| Event::Rule {
            buf: Some(i),
            text: format!("hit → {}", next_use(new, k)),
        });
        Touch::Unchanged
    }

    #[inline]
    fn insert(&mut self, cx: &mut Cx, i: u32, to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 0;
        let k = self.count(cx.b, i);
        let Some(f) = self.future.as_deref() else {
            // No future: LRU (a large NOCACHE scan into the LRU tail, as lru.rs).
            return if to_tail {
                lists::insert_cold_tail(cx.b, cx.ws, i);
                Place::LruTail
            } else {
                lists::insert_cold_head(cx.b, cx.ws, i);
                Place::MruHead
            };
        };
        // Every missed block is admitted (Belady.c: no bypass), keyed by its next use.
        let dba = cx.b.dba[i as usize];
        self.drift += u64::from(f.stream().get(k as usize) != Some(&dba));
        let at = f.next_use(dba, k);
        self.next[i as usize] = at;
        self.heaps[cx.set as usize].push(&mut self.slot, at, i);
        lists::insert_cold_head(cx.b, cx.ws, i);
        cx.rec.emit(|| Event::Rule {
            buf: Some(i),
            text: format!("block {} in → {}", block(dba), next_use(at, k)),
        });
        Place::MruHead
    }

    fn miss(&mut self, cx: &mut Cx, _dba: u32) {
        // A run that drifted from its stream passes predicted uses that do not come: such a
        // buffer's next use lies behind and it would never be the victim. Once a working set
        // has seen as many references as it holds buffers, its overdue next uses are looked
        // up again: the next recorded use after now (O(log n) a reference, amortised).
        let Some(f) = self.future.as_deref() else {
            return;
        };
        let set = cx.set as usize;
        let now = self.refs;
        if self.drift == 0 || now - self.refreshed[set] < self.heaps[set].len().max(64) as u64 {
            return;
        }
        self.refreshed[set] = now;
        let (next, b) = (&mut self.next, &*cx.b);
        // `now` is the missed block's reference: a resident block's use there did not come
        self.heaps[set].rekey(&mut self.slot, |key, i| {
            if key > now {
                return key;
            }
            let at = f.next_use(b.dba[i as usize], now);
            next[i as usize] = at;
            at
        });
    }

    fn judge(&mut self, cx: &mut Cx, i: u32) -> Verdict {
        // The scan comes down the ordered set: the first clean buffer it meets is used again
        // last of all the clean ones.
        if self.future.is_some() {
            let heap = &self.heaps[cx.set as usize];
            let (at, k) = (self.next[i as usize], self.refs);
            let farthest = heap.top() == Some(i);
            let n = heap.len();
            let dba = cx.b.dba[i as usize];
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: format!(
                    "victim: buf {i} (block {}), {} — the farthest {}of {n}",
                    block(dba),
                    next_use(at, k),
                    if farthest { "" } else { "clean one " }
                ),
            });
        }
        Verdict::Victim
    }

    fn unlink(&mut self, cx: &mut Cx, i: u32, _evicted: bool) {
        if self.slot[i as usize] != NIL {
            self.heaps[cx.set as usize].remove(&mut self.slot, i);
        }
        lists::unlink_repl(cx.b, cx.ws, i);
    }

    fn written(&mut self, cx: &mut Cx, i: u32) {
        if self.future.is_some() {
            let at = self.next[i as usize];
            self.heaps[cx.set as usize].push(&mut self.slot, at, i);
        }
        lists::insert_cold_tail(cx.b, cx.ws, i);
    }

    #[inline]
    fn scan_start(&self, b: &Buffers, ws: &WorkingSet) -> u32 {
        if self.future.is_none() {
            return ws.tail;
        }
        Opt::set_of(b, ws)
            .and_then(|s| self.heaps[s].top())
            .unwrap_or(NIL)
    }

    #[inline]
    fn scan_next(&self, b: &Buffers, _: &WorkingSet, i: u32) -> u32 {
        if self.future.is_none() {
            return b.link[i as usize].prev;
        }
        // The scan goes on only once `i` has left the heap (a dirty buffer to DBWR: a clean one
        // is the victim), so the next is the largest of the rest.
        self.heaps[b.set[i as usize] as usize].after(i)
    }

    fn state(&self, b: &Buffers, ws: &WorkingSet, _set: u32) -> PolicyState {
        // distances from the last reference made
        let k = self.refs.saturating_sub(1);
        let mut marks = Vec::with_capacity(ws.len as usize);
        let mut i = ws.head;
        while i != NIL {
            let at = self.next[i as usize];
            marks.push((i, (at != NEVER).then(|| at.saturating_sub(k) as i64)));
            i = b.link[i as usize].next;
        }
        let len = self.future.as_ref().map_or(0, |f| f.len());
        PolicyState {
            mark_name: Some("next use in"),
            marks,
            params: vec![
                PolicyParam {
                    name: "references seen",
                    value: self.refs as f64,
                    note: "hits and reads so far: the position in the reference stream",
                },
                PolicyParam {
                    name: "stream length",
                    value: len as f64,
                    note: if self.future.is_some() {
                        "references in the future OPT reads ahead"
                    } else {
                        "no future: this run is LRU"
                    },
                },
            ],
            ..PolicyState::default()
        }
    }
}

impl Opt {
    /// Keep what outlives the buffers from the policy `old` this one replaces (a
    /// buffer-cache flush, [`super::Replacer::renew`]): the future, the count of references
    /// and the record.
    pub(super) fn inherit(&mut self, old: Opt) {
        self.future = old.future;
        self.refs = old.refs;
        self.seen = old.seen;
        self.drift = old.drift;
    }
}

#[cfg(test)]
#[path = "tests/opt.rs"]
mod tests;
