//! The library cache's event vocabulary: every step of a statement, every latch miss, spin
//! and sleep, every allocation with its free-list search, every flush and preemption.

use serde::Serialize;
use ts_rs::TS;

/// Which latch: a child of `library cache` or the single `shared pool` latch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "name", rename_all = "snake_case")]
#[ts(export, export_to = "library/")]
pub enum Latch {
    LibraryCache { child: u32 },
    SharedPool,
}

/// The piece of an object an allocation is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "library/")]
pub enum Piece {
    Handle,
    Heap0,
    Heap6,
    /// With cursor pieces (8i): heap 0's second extent (freeable), the child cursor's heap 0
    /// (recreatable), heap 6's second extent (freeable).
    Heap0Extent,
    ChildHeap0,
    Heap6Extent,
}

impl Piece {
    /// The report's three groups (`search_by_piece`): the handle, the heap 0s, heap 6.
    pub fn group(self) -> usize {
        match self {
            Piece::Handle => 0,
            Piece::Heap0 | Piece::Heap0Extent | Piece::ChildHeap0 => 1,
            Piece::Heap6 | Piece::Heap6Extent => 2,
        }
    }
}

/// One thing that happened; times are simulated nanoseconds, sessions are 0-based (0 is the
/// foreground).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "library/")]
pub enum Event {
    /// A session sends a statement; `forced` is the text after CURSOR_SHARING = FORCE.
    Statement {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        text: String,
        forced: Option<String>,
        hash: u32,
        bucket: u32,
        latch: u32,
    },
    /// The hash chain walked under the library cache latch.
    ChainWalk {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        bucket: u32,
        walked: u32,
        chain_len: u32,
        found: Option<u32>,
    },
    /// Found and usable: pinned, no parse work beyond the soft parse.
    SoftParse {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        obj: u32,
    },
    /// Not found (or heap 6 was flushed: a reload): the object is built.
    HardParse {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        obj: u32,
        reload: bool,
    },
    /// Found, but another session is loading it: wait on its load lock.
    LoadWait {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        obj: u32,
        loader: u32,
    },
    /// A shared pool allocation: the free-list search (chunks examined), the flushes it forced.
    Alloc {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        obj: u32,
        piece: Piece,
        size: u32,
        offset: Option<u32>,
        examined: u32,
        flushed: u32,
        tries: u32,
    },
    /// A hard parse pins and releases a piece of its cursor (steps 0–3: parent heap 0 twice,
    /// child heap 0, heap 6) or an object it depends on (`dependency`), under the library
    /// cache latch and the shared pool latch: one shared pool LRU pin and one release.
    ParsePin {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        obj: u32,
        step: u32,
        dependency: Option<String>,
    },
    /// No memory after `_shared_pool_flush_tries`-style retries: the statement fails.
    Ora04031 {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        size: u32,
    },
    Execute {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        obj: u32,
    },
    /// The execution's pin is released; with the last pin the heaps go on the LRU.
    Unpin {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        obj: u32,
        to_lru: bool,
    },
    /// The bucket array doubled; every handle re-hashed under all library cache latches.
    Rehash {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        buckets_before: u32,
        buckets_after: u32,
        handles: u32,
    },
    /// A latch get that found the latch busy: the session spins.
    LatchMiss {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        latch: Latch,
        holder: u32,
    },
    /// Got the latch while spinning (the holder released it on another CPU).
    SpinGet {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        latch: Latch,
    },
    /// The spin failed: sleep (`latch free` wait) for `ns`, the backoff's sleep ended on the
    /// OS clock tick (`cost.library.clock_tick_ms`).
    LatchSleep {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        latch: Latch,
        #[ts(type = "number")]
        ns: u64,
    },
    /// A wait is timed (`sched/wait.rs`): `ns` since it started, of which `queued_ns` after
    /// its sleep ended, in the run queue. `latch` is the latch of a `latch free` wait; none
    /// for a `library cache load lock` wait.
    WaitEnd {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        latch: Option<Latch>,
        #[ts(type = "number")]
        ns: u64,
        #[ts(type = "number")]
        queued_ns: u64,
    },
    /// The time slice ended with others waiting: off the CPU, keeping any latches held.
    Preempt {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        cpu: u32,
        holding: Vec<Latch>,
    },
    /// Whole rounds of time slices merged: the listed sessions (run queue, then those on the
    /// CPUs) passed `cpus` CPUs round-robin, one quantum each, from `at_ns` to `until_ns` —
    /// `preemptions` slice ends in which no latch was held and nothing else happened.
    /// `session` is the one whose slice end started it.
    Timeslices {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        #[ts(type = "number")]
        until_ns: u64,
        sessions: Vec<u32>,
        cpus: u32,
        #[ts(type = "number")]
        preemptions: u64,
    },
    /// The SQLSlammer sleep between slams.
    Sleep {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
        #[ts(type = "number")]
        ns: u64,
    },
    /// The session ran all its slams.
    Done {
        session: u32,
        #[ts(type = "number")]
        at_ns: u64,
    },
}
