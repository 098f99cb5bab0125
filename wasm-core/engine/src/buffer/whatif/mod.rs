//! The what-if tools, on top of whole runs: `trace_feed` replays a streamed trace through a
//! scenario's cache (one pass, the trace in place of the workload); `mrc` draws miss-ratio
//! curves, each policy's misses at many cache sizes over one workload, from one pass over its
//! reference stream (LRU, OPT) or from one run per size (a scenario's [`Run`] or a trace's
//! feed). V$DB_CACHE_ADVICE, the advisory computed inside a run, is
//! [`advice`](crate::buffer::advice), below the run.
//!
//! [`Run`]: crate::buffer::Run

pub mod mrc;
pub mod trace_feed;
