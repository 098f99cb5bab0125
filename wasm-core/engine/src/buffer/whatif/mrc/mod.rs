//! Miss-ratio curves (issue 25, item 5): the misses of each replacement policy at many cache
//! sizes over one workload — a scenario's or a trace's.
//!
//! **The reference stream.** A workload's references to the DEFAULT pool, as dense block
//! numbers (segment `s` block `b` is `base[s] + b`, the segments laid end to end; see
//! [`segment_bases`](crate::buffer::whatif::trace_feed::segment_bases), the feed's). A
//! trace's stream is its mapped blocks, kept by the feed as it serves them
//! ([`TraceFeed::keep_blocks`](crate::buffer::whatif::trace_feed::TraceFeed::keep_blocks)). A
//! scenario's is recorded from one run of it as it stands, from the `access` events of the
//! blocks it looked up in the buffer cache (direct path reads, which bypass it, and the
//! KEEP and RECYCLE pools are left out): [`scenario_stream`].
//!
//! **Two methods.**
//! - The stack algorithms, LRU and Belady's OPT, in one pass over the stream for every size
//!   at once: LRU by its stack distances ([`crate::buffer::advice::stack::StackPass`], the
//!   advisory's), OPT by Mattson's priority stack ([`OptStack`]). These are the textbook caches of
//!   `k` blocks fed the stream: exact, and the same as libCacheSim's LRU and Belady.
//! - Every other policy (Oracle's touch count, FIFO, CLOCK, 2Q, ARC, …), one simulation per
//!   size ([`simulate_scenario`]): the scenario (or the trace through the scenario's cache) run
//!   to its end with that policy, the DEFAULT pool at that size and one working set. Such a run
//!   keeps the whole cache — writes wait for DBWR, think time ages touch counts — so on a plain
//!   read stream (a trace, a read-only 8.0 scenario) its LRU equals the stack's exactly, and on
//!   richer scenarios the figures are the cache's own.
//!
//! Accesses are the references (every lookup in the DEFAULT pool, 8i's index examinations
//! included, though they are not pool gets); misses are the lookups that found no buffer
//! (`buf_got`), a new block formatted in its buffer included.

mod opt;
mod simulate;
mod stream;
#[cfg(test)]
mod tests;

pub use opt::{next_uses, opt_misses, OptStack};
pub use simulate::{at_size, simulate_scenario, simulate_trace};
pub use stream::{scenario_stream, trace_stream, RefStream};

use crate::buffer::advice::stack::StackPass;
use crate::error::{Result, SimError};
use serde::Serialize;
use ts_rs::TS;

/// The policies whose curve is computed in one pass (the stack algorithms).
pub const STACK_POLICIES: &[&str] = &["lru", "opt"];

/// The most sizes one curve may ask for.
pub const MAX_SIZES: usize = 254;

/// A policy's misses at some cache sizes over one reference stream.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct Curve {
    pub policy: String,
    /// Cache sizes in buffers, as asked.
    pub sizes: Vec<u32>,
    /// Misses at each size.
    #[ts(type = "number[]")]
    pub misses: Vec<u64>,
    /// References in the stream.
    #[ts(type = "number")]
    pub accesses: u64,
}

/// One policy at one size: a simulation's figures.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct SizePoint {
    pub policy: String,
    pub size: u32,
    #[ts(type = "number")]
    pub misses: u64,
    #[ts(type = "number")]
    pub accesses: u64,
}

/// What the curves of a workload start from: its stream's length, its working set and the
/// scenario's own DEFAULT pool size.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct StreamSummary {
    #[ts(type = "number")]
    pub accesses: u64,
    /// Distinct blocks referenced.
    pub distinct: u32,
    /// The scenario's DEFAULT pool, in buffers.
    pub current_buffers: u32,
}

/// The policies a curve can be drawn for: every registered policy (registry order), then any
/// stack policy not registered as a cache policy (OPT's curve needs no cache, only the stream).
pub fn curve_policies() -> Vec<&'static str> {
    let names = crate::buffer::cache::replacement::NAMES;
    let unregistered = STACK_POLICIES.iter().filter(|p| !names.contains(p));
    names.iter().chain(unregistered).copied().collect()
}

/// Whether `policy` is computed in one pass.
pub fn is_stack(policy: &str) -> bool {
    STACK_POLICIES.contains(&policy)
}

/// LRU's misses at each of `sizes` over `stream` (Mattson's stack distances).
pub fn lru_misses(stream: &[u32], sizes: &[u32]) -> Vec<u64> {
    let mut s = StackPass::new(sizes);
    for &b in stream {
        s.access(b);
    }
    sizes.iter().map(|&k| s.misses(k)).collect()
}

/// The one-pass curve of a stack policy (`lru` or `opt`) at `sizes`.
pub fn stack_curve(policy: &str, stream: &[u32], sizes: &[u32]) -> Result<Curve> {
    if sizes.is_empty() || sizes.len() > MAX_SIZES || sizes.contains(&0) {
        return Err(SimError::new(
            "sizes",
            format!("give 1 to {MAX_SIZES} cache sizes, each at least 1 buffer"),
        ));
    }
    let misses = match policy {
        "lru" => lru_misses(stream, sizes),
        "opt" => opt_misses(stream, sizes),
        _ => {
            return Err(SimError::new(
                "policy",
                format!(
                    "'{}' has no one-pass curve (only {}): simulate it size by size",
                    crate::error::echo(policy),
                    STACK_POLICIES.join(", ")
                ),
            ))
        }
    };
    Ok(Curve {
        policy: policy.into(),
        sizes: sizes.to_vec(),
        misses,
        accesses: stream.len() as u64,
    })
}
