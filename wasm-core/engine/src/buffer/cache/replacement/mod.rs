//! The replacement policy of a working set, as a trait: what a hit does, where a new block
//! goes, which buffer the victim scan takes, and the named regions a view draws. One file per
//! policy, declared with `pub mod` below and registered in one line of `registry.rs` — as
//! foyer's `foyer-memory/src/eviction/` and libCacheSim's `cache/eviction/` do.
//!
//! The cache around a policy stays the same for every policy: pools, working sets (one per
//! LRU latch), the buffer headers and their doubly linked list (`lists.rs`), hash chains,
//! DBWR and its write lists, the I/O path and the statistics. A policy orders the working
//! set's replacement list as it likes; dirty buffers the victim scan meets always go to the
//! write list (the cache's rule, not the policy's), and a written buffer comes back where
//! [`Replacement::written`] puts it.
//!
//! Oracle's rules are the first two policies: classic LRU (profile 8.0, `lru.rs`) and the 8i
//! touch count with hot and cold regions (`touch_count.rs`). A profile names its policy in its
//! row of `profile::TRAITS`.

use super::config::Aging;
use super::events::{Event, Place, Touch, MAX_STEP_EVENTS};
use super::lists::{self, Buffers, WorkingSet};
use crate::profile::ProfileTraits;
use serde::Serialize;
use ts_rs::TS;

/// What a policy is built from: the profile's row, the aging parameters and the working sets
/// (a policy that keeps per-set or per-buffer state sizes it from them).
pub struct Setup<'a> {
    pub traits: &'static ProfileTraits,
    pub aging: &'a Aging,
    /// Every working set, in set order (buffers `lo..hi` of each).
    pub sets: &'a [WorkingSet],
}

impl Setup<'_> {
    /// Buffers in the whole cache (one past the last `buf#`).
    pub fn buffers(&self) -> usize {
        self.sets.iter().map(|s| s.hi).max().unwrap_or(0) as usize
    }
}

/// The events a policy's rule emits go through here (when the run records).
pub struct Recorder<'a> {
    pub on: bool,
    pub events: &'a mut Vec<Event>,
}

impl Recorder<'_> {
    /// Record an event (when recording), at most [`MAX_STEP_EVENTS`] a step.
    #[inline]
    pub fn emit(&mut self, e: impl FnOnce() -> Event) {
        if self.on {
            record(self.events, e);
        }
    }
}

/// Push `e` unless the step has recorded [`MAX_STEP_EVENTS`] already: then one `elided`
/// marker, then nothing.
#[inline]
pub fn record(events: &mut Vec<Event>, e: impl FnOnce() -> Event) {
    if events.len() < MAX_STEP_EVENTS {
        events.push(e());
    } else if events.len() == MAX_STEP_EVENTS {
        events.push(Event::Elided {
            after: MAX_STEP_EVENTS as u32,
        });
    }
}

/// A block as a rule event names it: `file:block` of its data block address.
pub fn block(dba: u32) -> String {
    format!("{}:{}", dba >> 22, dba & 0x3F_FFFF)
}

/// What a rule works on: the buffer headers, the working set (and its index) and the clock.
pub struct Cx<'a> {
    pub b: &'a mut Buffers,
    pub ws: &'a mut WorkingSet,
    pub set: u32,
    pub now: u64,
    pub rec: Recorder<'a>,
}

/// What the victim scan does with a clean buffer it reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Take it.
    Victim,
    /// Spare it (the policy moved it or cleared its mark); the scan goes on.
    Spared,
}

/// A list of blocks a policy remembers without holding them (ARC's B1 and B2, 2Q's A1out,
/// S3-FIFO's ghost queue, LIRS's non-resident HIR blocks).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct Ghost {
    pub name: &'static str,
    pub label: &'static str,
    /// Data block addresses, most recent first.
    pub dbas: Vec<u32>,
    /// The most it may hold, if the policy bounds it.
    pub capacity: Option<u32>,
}

/// What a policy says about itself: its registered name, what the page calls it, one line on
/// how it works and libCacheSim's name for it — the constants of its file, listed in registry
/// order by [`POLICIES`] (the page's `policyNames()`, the libCacheSim comparisons).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct PolicyInfo {
    /// The registered name (a scenario's `policy`, a profile row's `replacement`).
    pub name: &'static str,
    /// Its name in a sentence: "ARC", "Belady's OPT", "8i touch count".
    pub label: &'static str,
    /// One line: what a hit does, where a new block goes, which block goes first.
    pub line: &'static str,
    /// libCacheSim's name for it (cachesim's algorithm argument), if libCacheSim has it.
    pub libcachesim: Option<&'static str>,
}

/// A number a policy adapts or keeps (ARC's target p, the sizes of 2Q's queues).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct PolicyParam {
    pub name: &'static str,
    pub value: f64,
    pub note: &'static str,
}

impl PolicyParam {
    /// A number that counts (blocks, buffers, entries).
    pub fn count(name: &'static str, n: u32, note: &'static str) -> PolicyParam {
        PolicyParam {
            name,
            value: n as f64,
            note,
        }
    }
}

/// The buffers on working set `ws`'s replacement list, head first.
pub fn order(b: &Buffers, ws: &WorkingSet) -> Vec<u32> {
    let mut order = Vec::with_capacity(ws.len as usize);
    lists::repl_order(b, ws, &mut order);
    order
}

/// What a view draws of a policy beyond its regions: its ghost lists, its hand, a mark per
/// buffer and its adaptive numbers.
#[derive(Debug, Clone, PartialEq, Default, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct PolicyState {
    pub ghosts: Vec<Ghost>,
    /// The buffer the policy's hand points at (CLOCK, SIEVE), if it has one.
    pub hand: Option<u32>,
    /// What the per-buffer marks mean ("reference bit", "visited", "next use in").
    pub mark_name: Option<&'static str>,
    /// `[buf#, mark]` pairs for the set's buffers on the replacement list (None: no mark; for
    /// OPT a missing mark means never used again).
    pub marks: Vec<(u32, Option<i64>)>,
    /// A status word per buffer where the policy has one (LIRS: "LIR", "HIR").
    pub status: Vec<(u32, &'static str)>,
    pub params: Vec<PolicyParam>,
}

/// The colour family a view draws a region in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum Tone {
    /// Kept: buffers the policy protects (Oracle's hot region).
    Hot,
    /// Next to go: buffers on their way to the eviction end.
    Cold,
}

/// One region of a working set's replacement list, as a view draws and names it. Regions
/// follow each other from the list's head to its eviction end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct RegionDef {
    /// The region's id (X$BH's region column).
    pub name: &'static str,
    /// What the view's caption calls it ("hot", "LRU list").
    pub label: &'static str,
    pub tone: Tone,
    /// The tag at the region's first buffer, long and short ("HOT HEAD", "HOT").
    #[ts(type = "[string, string] | null")]
    pub head_tag: Option<[&'static str; 2]>,
    /// The tag at its last buffer ("COLD TAIL", "TAIL").
    #[ts(type = "[string, string] | null")]
    pub tail_tag: Option<[&'static str; 2]>,
    /// The mark between the previous region and this one ("MIDPOINT", "MID").
    #[ts(type = "[string, string] | null")]
    pub boundary_tag: Option<[&'static str; 2]>,
    /// The legend's line for it.
    pub legend: &'static str,
}

/// A replacement policy of one working set. The cache owns one policy for all its working
/// sets; per-set state, if a policy keeps any, is the policy's, indexed by `cx.ws`.
pub trait Replacement: Sized + Clone + std::fmt::Debug {
    /// The name a profile row (and a scenario) uses.
    const NAME: &'static str;
    /// What the page calls it in a sentence ("ARC", "Belady's OPT").
    const LABEL: &'static str;
    /// One line: what a hit does, where a new block goes, which block goes first.
    const LINE: &'static str;
    /// libCacheSim's name for it (`cache/eviction/`, cachesim's algorithm argument), if
    /// libCacheSim has it: tests/engine/policies.rs and `npm run bench` compare the two.
    const LIBCACHESIM: Option<&'static str> = None;
    /// The policy is LRU: cache advice may take one LRU stack pass for it.
    const LRU_STACK: bool = false;
    /// Buffers keep touch counts (a new buffer starts at tch 1; X$BH shows them).
    const TOUCH_COUNTS: bool = false;
    /// The list is two regions: buffers flagged HOT from the head, the rest from the midpoint
    /// (`cold_head`) to the tail (the default region lengths and `region_of` read that);
    /// else one region, the whole list.
    const HOT_AND_COLD: bool = false;
    /// The policy lets buffers go outside the victim scan ([`Self::dropped`]; LIRS): only
    /// then does the cache ask after every hit and miss (issue 42: the others pay nothing).
    const DROPS: bool = false;

    fn new(setup: &Setup) -> Self;

    /// The regions of a working set's list, head first.
    fn regions(&self) -> &'static [RegionDef];

    /// How many buffers each region holds now, head first (as many as [`Self::regions`]).
    fn region_lengths(&self, ws: &WorkingSet, out: &mut Vec<u32>) {
        if Self::HOT_AND_COLD {
            out.extend([ws.hot_len, ws.len - ws.hot_len]);
        } else {
            out.push(ws.len);
        }
    }

    /// The most buffers each region may hold (None: no limit), head first.
    fn region_limits(&self, _ws: &WorkingSet) -> Vec<Option<u32>> {
        vec![None; self.regions().len()]
    }

    /// Which region buffer `i` (on the replacement list) is in.
    fn region_of(&self, b: &Buffers, i: u32) -> usize {
        if Self::HOT_AND_COLD {
            usize::from(!b.has(i, lists::flag::HOT))
        } else {
            0
        }
    }

    /// A miss on block `dba` in this working set, before the cache finds it a buffer (ghost
    /// lookups and adaptation happen here: ARC's p, 2Q's A1out, S3-FIFO's ghost queue).
    fn miss(&mut self, _cx: &mut Cx, _dba: u32) {}

    /// Take buffer `i` off the replacement list: `evicted` when it is the victim (its old block
    /// is still in `cx.b.dba[i]`, for a ghost list), else a dirty buffer going to DBWR's write
    /// list (it comes back through [`Self::written`]).
    fn unlink(&mut self, cx: &mut Cx, i: u32, _evicted: bool) {
        lists::unlink_repl(cx.b, cx.ws, i);
    }

    /// A buffer the policy let go of outside the victim scan, already off the list with its
    /// old block still in `dba` (LIRS evicts on a hit and before a miss's buffer is found);
    /// the cache frees each one after `hit` and `miss` of a policy that says [`Self::DROPS`].
    #[inline(always)]
    fn dropped(&mut self) -> Option<u32> {
        None
    }

    /// What a view draws beyond the regions (ghosts, hand, marks, adaptive numbers).
    fn state(&self, _b: &Buffers, _ws: &WorkingSet, _set: u32) -> PolicyState {
        PolicyState::default()
    }

    /// A counted hit on buffer `i`, which is on the replacement list unless DBWR holds it.
    /// `relink` is false where the profile's probe rules leave the buffer in place
    /// (`index_hit_stays`, an examination).
    fn hit(&mut self, cx: &mut Cx, i: u32, relink: bool) -> Touch;

    /// Put a block just read into buffer `i` on the list. `to_tail`: a large NOCACHE full
    /// scan under a profile that reads those into the cold end.
    fn insert(&mut self, cx: &mut Cx, i: u32, to_tail: bool) -> Place;

    /// The victim scan reached clean buffer `i`: take it or spare it (by default the first
    /// clean buffer the scan meets is the victim).
    fn judge(&mut self, _cx: &mut Cx, _i: u32) -> Verdict {
        Verdict::Victim
    }

    /// Where the victim scan starts: the eviction end.
    fn scan_start(&self, _b: &Buffers, ws: &WorkingSet) -> u32 {
        ws.tail
    }

    /// The buffer the scan looks at after `i`, read before `i` is judged.
    fn scan_next(&self, b: &Buffers, _ws: &WorkingSet, i: u32) -> u32 {
        b.link[i as usize].prev
    }

    /// A buffer DBWR has written comes back to the list: at the eviction end.
    fn written(&mut self, cx: &mut Cx, i: u32) {
        lists::insert_cold_tail(cx.b, cx.ws, i);
    }
}

mod registry;
pub use registry::{Policy, Registered, Replacer, Visit, NAMES, POLICIES};

pub mod future;
pub mod ghost;
pub mod hand;
pub mod sides;

pub mod arc;
pub mod clock;
pub mod fifo;
pub mod lirs;
pub mod lru;
pub mod opt;
pub mod s3_fifo;
pub mod sieve;
pub mod touch_count;
pub mod two_q;

#[cfg(test)]
mod tests;
