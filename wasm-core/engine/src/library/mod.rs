//! The library cache and shared pool (docs/model.md §2, seed 001): SQLSlammer sessions parsing
//! and executing statements on simulated CPUs, the library cache hash table under its child
//! latches, and the shared pool heap under the single shared pool latch.
//!
//! ```text
//! let mut sim = library::Sim::new(&spec)?;   // spec: library::Spec (serde)
//! sim.set_record(true);
//! while sim.step() { for e in sim.events() { … } }   // one phase of one statement per step
//! let report = sim.report();
//! ```
//! Choices seed 001 leaves open (docs/model.md §2 marks them the model's; each a documented
//! constant, each tested):
//! - hash: FNV-1a 32 over the (FORCE-rewritten) text; literals from a full-period LCG mod
//!   2^20 seeded with job number (100 + session) + `seed` (`text.rs`);
//! - memory per cursor (8i, `cost.library.cursor_pieces`, the default): handle 480 + len,
//!   parent heap 0 568 + len and its extent 552, child heap 0 568, heap 6 1192 and its
//!   extent 2088 + len — Steve Adams' sample chunk sizes, three recreatable
//!   (`objects::cursor_sizes`); switched off, handle 160 + len (freeable), heap 0
//!   600 + 4·len, heap 6 1500 + 16·len (recreatable) (`objects::object_sizes`); 16-byte
//!   headers, 8-byte alignment;
//! - a hard parse pins and releases parent heap 0 twice, child heap 0 and heap 6 once each,
//!   and its dependencies PUBLIC.DUAL and SYS.DUAL once each, every cycle under a library
//!   cache latch and the shared pool latch (`session::PARSE_PIN_CYCLES`, `DEPENDENCIES`);
//!   a permanent quarter of the pool (at most 2 MB) at startup (`cache::startup_permanent`);
//! - free lists: 12 power-of-two buckets from 2^(k+5)+12 bytes (`heap::BUCKET_MIN`), freed
//!   chunks appended (oldest met first), first fit, splits under `MIN_CHUNK` (32) not made;
//! - no fit: flush `FLUSH_BATCH` (8) LRU chunks, search again, at most `FLUSH_TRIES` (16)
//!   times, then ORA-04031; heap 6 is released before heap 0, so it is flushed first (a
//!   later lookup reloads it); flushing heap 0 frees the handle and the object;
//! - a hard parse allocates the handle holding the library cache latch AND the shared pool
//!   latch, then heaps 0 and 6 under the shared pool latch alone, then parses (no latch);
//!   sessions finding an object being loaded wait on its load lock;
//! - DBMS_SQL: `DBMS_SQL_EXTRA_CALLS` (3) extra calls per execution, each a latch get + pin;
//! - CPUs: FIFO run queue, 10 ms quantum kept across blocks (`sim::TIME_SLICE_NS`);
//!   latches: `_spin_count` (1 on one CPU, 2000 on several: `default_spin_count`) ×
//!   `cost.spin_iteration_ns` of spinning, then sleeps of 10, 10, 20, 20, 40 … ms up to 2 s
//!   (`latch::latch_sleep_ns`), timed, not posted; every timed sleep ends on the OS clock
//!   tick (`cost.library.clock_tick_ms`, `Sim::sleep_for`); a wait is timed until its session
//!   is back on a CPU (`sched/wait.rs`);
//! - costs (`spec::OpCost`): per operation, read off seed 001 Table 3 (see `OpCost::default`).
//!
//! Rules live where they act: `text.rs` (FORCE, hash), `table.rs` (buckets, latches,
//! resize), `heap.rs` (chunks, free lists, LRU), `objects.rs` (load, flush, pin),
//! `sched/session.rs` (a statement's steps), `sched/mod.rs` (CPUs, quantum),
//! `sched/latch.rs` (spin then sleep).

mod config;
mod events;
mod heap;
mod metrics;
mod objects;
mod report;
mod run;
mod scenario;
mod sched;
mod slots;
mod spec;
mod sqlarea;
mod table;
#[cfg(test)]
mod tests;
mod text;
mod view;

pub use config::{Config, Constants};
pub use events::{Event, Latch, Piece};
pub use heap::{bucket_of, chunk_size, ChunkKind, BUCKET_MIN, MIN_CHUNK};
pub use metrics::{metric_value, METRICS};
pub use objects::{object_sizes, startup_permanent, FLUSH_BATCH, FLUSH_TRIES};
pub use report::{CacheReport, FreeList, HashTable, LatchRow, SharedPool, SqlArea, Sysstat};
pub use run::{LiteralGroup, Report, Run};
pub use scenario::{is_library, spec_of};
pub use sched::latch::{latch_sleep_ns, LATCH_SLEEP_NS, MAX_LATCH_SLEEP_NS};
pub use sched::session::DBMS_SQL_EXTRA_CALLS;
pub use sched::{Sim, TIME_SLICE_NS};
pub use spec::{
    default_spin_count, CursorSharing, OpCost, Size, Slammer, Spec, KGL_BUCKETS, MAX_EVENTS,
    MAX_POOL, MIN_POOL,
};
pub use sqlarea::SqlRow;
pub use text::{force_binds, hash};
pub use view::{
    BucketView, ChainEntry, ChunkView, LatchView, ObjectView, SessionState, SessionView,
};

impl Sim {
    /// Record events while stepping (off by default).
    pub fn set_record(&mut self, on: bool) {
        self.record = on;
    }

    /// The events of the last `step` (empty when not recording).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Simulated time now, nanoseconds.
    pub fn now_ns(&self) -> u64 {
        self.now
    }

    /// Advance until one session completes one phase of a statement (lookup, parse, or
    /// execute); false when every session has finished.
    pub fn step(&mut self) -> bool {
        self.events.clear();
        let start = self.phases;
        while self.phases == start {
            if !self.tick() {
                return false;
            }
        }
        !self.done()
    }

    /// Run to the end without recording events.
    pub fn run_to_end(&mut self) {
        let rec = self.record;
        self.record = false;
        self.events.clear();
        while self.tick() {}
        self.record = rec;
    }
}
