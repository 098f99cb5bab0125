//! The report's `sampling` block (docs/model.md §3.4): what a sampled run kept and its figures
//! scaled back to the full instance. The rest of the report is the sampled cache's own (what
//! the run simulated and the page draws).

use crate::buffer::Cache;
use crate::common::PoolId;
use serde::Serialize;
use ts_rs::TS;

/// The block accesses a sampled run saw and kept, per pool (V$BUFFER_POOL order).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SampleCounts {
    /// Block accesses of the full stream, kept or not.
    pub seen: [u64; 3],
    /// Those the filter kept (the sampled cache served them).
    pub kept: [u64; 3],
}

/// One pool of a sampled run, its figures scaled back.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct SampledPool {
    pub name: String,
    /// The pool as configured, and as the sampled run simulated it.
    pub buffers: u32,
    pub sampled_buffers: u32,
    /// Block accesses of the full stream to this pool's segments, the sample's expected
    /// share of them (accesses × the filter's rate) and those it kept.
    #[ts(type = "number")]
    pub accesses: u64,
    pub expected: f64,
    #[ts(type = "number")]
    pub kept: u64,
    /// Estimates for the full pool: the sample's counts × 1/rate.
    #[ts(type = "number")]
    pub logical_reads: u64,
    #[ts(type = "number")]
    pub physical_reads: u64,
    #[ts(type = "number")]
    pub misses: u64,
    /// Misses (lookups that found no buffer) over the expected sample (SHARDS' adjustment:
    /// the sample's deficit or excess of references counted as hits), and over the kept
    /// accesses; `benchmarks.md` measures which is nearer the exact run.
    pub miss_ratio: Option<f64>,
    pub miss_ratio_kept: Option<f64>,
}

/// The `sampling` block of a sampled run's report.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct SamplingReport {
    /// The rate asked for, and the rate the hash filter keeps (threshold / 2^24).
    pub rate: f64,
    pub effective_rate: f64,
    /// Buffers of every pool, as configured and as simulated.
    #[ts(type = "number")]
    pub buffers: u64,
    #[ts(type = "number")]
    pub sampled_buffers: u64,
    /// Block accesses of the full stream, expected in the sample, kept.
    #[ts(type = "number")]
    pub accesses: u64,
    pub expected: f64,
    #[ts(type = "number")]
    pub kept: u64,
    pub pools: Vec<SampledPool>,
}

impl SamplingReport {
    /// The block of `cache` (the sampled cache) standing for `full` at `rate`.
    pub fn new(
        cache: &Cache,
        full: &crate::buffer::CacheConfig,
        rate: f64,
        effective_rate: f64,
        counts: &SampleCounts,
    ) -> SamplingReport {
        let up = |n: u64| (n as f64 / effective_rate).round() as u64;
        let mut pools = Vec::new();
        for f in &full.pools {
            let k = f.id.index();
            let c = &cache.counters[k];
            let sampled = cache.cfg.pool(f.id).map_or(0, |p| p.buffers);
            let expected = counts.seen[k] as f64 * effective_rate;
            let ratio = |d: f64| (d > 0.0).then(|| c.buf_got as f64 / d);
            pools.push(SampledPool {
                name: f.id.name().into(),
                buffers: f.buffers,
                sampled_buffers: sampled,
                accesses: counts.seen[k],
                expected,
                kept: counts.kept[k],
                logical_reads: up(c.db_block_gets + c.consistent_gets),
                physical_reads: up(c.physical_reads),
                misses: up(c.buf_got),
                miss_ratio: ratio(expected),
                miss_ratio_kept: ratio(counts.kept[k] as f64),
            });
        }
        let sum = |f: fn(&SampledPool) -> u64| pools.iter().map(f).sum::<u64>();
        SamplingReport {
            rate,
            effective_rate,
            buffers: full.total_buffers() as u64,
            sampled_buffers: cache.cfg.total_buffers() as u64,
            accesses: sum(|p| p.accesses),
            expected: pools.iter().map(|p| p.expected).sum(),
            kept: sum(|p| p.kept),
            pools,
        }
    }
}

/// The pool a block access of segment `seg` goes to, for the counts.
pub fn pool_of(cache: &Cache, seg: u32) -> PoolId {
    cache.segs[seg as usize].buffer_pool
}
