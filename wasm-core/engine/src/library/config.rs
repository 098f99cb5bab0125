//! What the UI and the narration read about a library cache run: its resolved configuration
//! and the engine's fixed constants (so that no number is copied by hand in TypeScript).

use super::heap::{ChunkKind, BUCKET_MIN};
use super::objects::{FLUSH_BATCH, FLUSH_TRIES};
use super::sched::latch::{LATCH_SLEEP_NS, MAX_LATCH_SLEEP_NS};
use super::sched::session::DBMS_SQL_EXTRA_CALLS;
use super::sched::{Sim, TIME_SLICE_NS};
use super::spec::{CursorSharing, MAX_CLOCK_TICK_MS};
use super::view::{CHUNK_ON_LRU, CHUNK_PINNED, CHUNK_WIDTH, NO_OBJECT};
use crate::scenario::library::OpCost;
use serde::Serialize;
use ts_rs::TS;

/// The resolved configuration of a library cache run.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct Config {
    #[ts(type = "number")]
    pub pool_bytes: u64,
    /// Initial hash buckets (from `_kgl_bucket_count`).
    pub buckets: u32,
    pub latches: u32,
    pub cpu_count: u32,
    pub sessions: u32,
    pub cursor_sharing: CursorSharing,
    pub use_nds: bool,
    pub use_bindvars: bool,
    pub spin_count: u32,
    /// `cost.library.waits_end_on_cpu`: a wait is timed until its session is back on a CPU.
    pub waits_end_on_cpu: bool,
    /// `cost.library.latch_wait_posting`: a freed latch wakes its first sleeper.
    pub latch_wait_posting: bool,
    /// `cost.library.clock_tick_ms`: timed sleeps end on this tick (0: exact timers).
    pub clock_tick_ms: f64,
    /// Smallest chunk size of each free list.
    pub bucket_min: Vec<u32>,
}

/// The library cache model's fixed constants (docs/model.md §2's choices), for the narration, and
/// the format of the per-frame heap numbers, for the views.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct Constants {
    /// LRU chunks freed per flush, and flushes tried before ORA-04031.
    pub flush_batch: u32,
    pub flush_tries: u32,
    /// The CPU time slice, nanoseconds.
    #[ts(type = "number")]
    pub time_slice_ns: u64,
    /// DBMS_SQL's extra package calls per execution.
    pub dbms_sql_extra_calls: u32,
    /// The first latch sleep and the longest, nanoseconds.
    #[ts(type = "number")]
    pub latch_sleep_ns: u64,
    #[ts(type = "number")]
    pub max_latch_sleep_ns: u64,
    /// The longest `cost.library.clock_tick_ms` a scenario may give.
    pub max_clock_tick_ms: f64,
    /// Smallest chunk size of each free list.
    pub bucket_min: Vec<u32>,
    /// The per-frame heap numbers (`heapChunks`): numbers per chunk, the kinds in code order,
    /// the flag bits, and the object field of a chunk that belongs to none.
    pub chunk_width: u32,
    pub chunk_kinds: Vec<ChunkKind>,
    pub chunk_pinned: u32,
    pub chunk_on_lru: u32,
    pub no_object: u32,
    /// `cost.library`'s defaults, for the page's cost fields (it never restates them).
    pub cost_defaults: OpCost,
}

impl Constants {
    pub fn get() -> Constants {
        Constants {
            flush_batch: FLUSH_BATCH,
            flush_tries: FLUSH_TRIES,
            time_slice_ns: TIME_SLICE_NS,
            dbms_sql_extra_calls: DBMS_SQL_EXTRA_CALLS,
            latch_sleep_ns: LATCH_SLEEP_NS,
            max_latch_sleep_ns: MAX_LATCH_SLEEP_NS,
            max_clock_tick_ms: MAX_CLOCK_TICK_MS,
            bucket_min: BUCKET_MIN.to_vec(),
            chunk_width: CHUNK_WIDTH as u32,
            chunk_kinds: ChunkKind::ALL.to_vec(),
            chunk_pinned: CHUNK_PINNED,
            chunk_on_lru: CHUNK_ON_LRU,
            no_object: NO_OBJECT,
            cost_defaults: OpCost::default(),
        }
    }
}

impl Sim {
    pub fn config(&self) -> Config {
        let c = &self.cfg;
        Config {
            pool_bytes: c.pool_bytes,
            buckets: c.buckets,
            latches: c.latches,
            cpu_count: c.spec.cpu_count,
            sessions: c.spec.workload.jobs,
            cursor_sharing: c.spec.cursor_sharing,
            use_nds: c.spec.workload.use_nds,
            use_bindvars: c.spec.workload.use_bindvars,
            spin_count: c.spec.spin_count,
            waits_end_on_cpu: c.spec.cost.waits_end_on_cpu,
            latch_wait_posting: c.spec.cost.latch_wait_posting,
            clock_tick_ms: c.ns.clock_tick as f64 / 1e6,
            bucket_min: BUCKET_MIN.to_vec(),
        }
    }
}
