//! Cache advice by sampling (docs/model.md §3.4 and §3 "Cache advice"): where a pool's exact
//! shadow caches would pass [`super::MAX_SHADOW_BUFFERS`], or the run itself is sampled, the
//! rows come from a spatial sample through caches scaled by its rate, and are scaled back.
//! Oracle's advisory is said to sample too (`_db_cache_advice_sample_factor`, default 4:
//! "cache advisory sampling factor"); the model's sample is SHARDS' (`common::sample`).

use super::{AdviceRow, Advisor, CURRENT};
use crate::buffer::cache::config::{CacheConfig, PoolId};
use crate::buffer::cache::instance::Sampling;
use crate::buffer::cache::workload::{Access, Generator};
use crate::buffer::Cache;
use crate::common::sample;
use crate::error::Result;
use crate::init_ora::InitOra;

/// The most buffers a pool's sampled shadow caches hold together (*model's choice*): a
/// quarter of [`super::MAX_SHADOW_BUFFERS`], so that the sample beside a large exact run
/// stays a fraction of its memory (seed 004's pools: rate 0.1).
pub const SAMPLED_SHADOW_BUFFERS: u64 = 1 << 20;

/// The largest of the round rates 0.5, 0.2, 0.1, 0.05 … at which `shadow_buffers` fit in
/// `limit`.
pub fn advice_rate(shadow_buffers: u64, limit: u64) -> f64 {
    sample::fitting_rate(shadow_buffers, limit).1
}

/// One pool's advice from its own sample, beside an exact run: a sampled copy of the real
/// cache (the 1.0 row) and an advisor over it, fed the accesses the filter keeps.
#[derive(Debug, Clone)]
pub struct SampledPass {
    pub sampling: Sampling,
    mini: Cache,
    inner: Box<Advisor>,
    pool: PoolId,
    pending_ns: u64,
}

impl SampledPass {
    pub fn new(
        cache: &Cache,
        init: &InitOra,
        gen: &Generator,
        pool: PoolId,
        rate: f64,
        per_latch: u64,
    ) -> Result<SampledPass> {
        let sampling = Sampling {
            rate,
            threshold: sample::threshold(rate),
            full: cache.cfg.clone(),
            per_latch,
        };
        let mut io = cache.io.cfg.clone();
        io.os_cache_blocks = (io.os_cache_blocks as f64 * rate).round() as u64;
        let mut mini = Cache::with_io(
            cache.cfg.sampled(rate, per_latch),
            cache.segs.clone(),
            cache.cost.sampled(rate),
            io,
        );
        mini.script = cache.script.clone();
        mini.sample_rate = Some(rate);
        let inner = Box::new(Advisor::new(&mini, init, gen, Some(&sampling))?);
        Ok(SampledPass {
            sampling,
            mini,
            inner,
            pool,
            pending_ns: 0,
        })
    }

    /// One access of the exact run: the filter, then the sampled cache and its advisor.
    #[inline]
    pub fn access(&mut self, a: &Access, pos: u64, exec: u64) {
        if a.ctl == 0 && !self.sampling.keeps(a.seg, a.block) {
            self.pending_ns = self.pending_ns.saturating_add(a.sleep_after_ns);
            if a.scan_start {
                self.mini.begin_scan(a);
            }
            return;
        }
        if self.pending_ns > 0 {
            self.mini.wait(std::mem::take(&mut self.pending_ns));
        }
        self.mini.access(a, pos, exec);
        self.inner.feed(a, pos, exec, &self.mini);
    }

    pub fn reset_statistics(&mut self) {
        self.mini.reset_statistics();
        self.inner.reset_statistics();
    }

    pub fn approx_bytes(&self) -> u64 {
        self.mini.b.len() as u64 * 37 + self.mini.hash.approx_bytes() + self.inner.approx_bytes()
    }

    /// The pool's reads at its 20 sizes: the sample's read factor at each size (its reads
    /// there over its reads at the current size) times `actual`, the real cache's reads; the
    /// sample's reads × 1/rate while it has read nothing at the current size.
    pub fn reads_like(&self, actual: u64) -> Vec<u64> {
        let rows: Vec<AdviceRow> = self
            .inner
            .advice(&self.mini)
            .rows
            .into_iter()
            .filter(|r| r.name == self.pool.name())
            .collect();
        let current = rows.get(CURRENT).map_or(0, |r| r.estd_physical_reads);
        rows.iter()
            .map(|r| match current {
                0 => r.estd_physical_reads,
                c => (r.estd_physical_reads as f64 * actual as f64 / c as f64).round() as u64,
            })
            .collect()
    }
}

/// Rows computed on a sampled cache, written for the full pool: the full sizes (`full`, the
/// 20 sizes of the pool as configured), the reads × 1/rate. The factors are the sample's
/// (ratios), and so are the times: a sampled access costs 1/rate times as long
/// (`CostNs::sampled`), so the sample's read time already stands for the full run's.
pub fn scale_rows(rows: &mut [AdviceRow], full: &[u32], effective_rate: f64) {
    let current = full[CURRENT] as f64;
    for (r, &n) in rows.iter_mut().zip(full) {
        r.size_for_estimate = n as f64 * r.block_size as f64 / 1_048_576.0;
        r.size_factor = (n as f64 / current * 1e4).round() / 1e4;
        r.buffers_for_estimate = n;
        r.estd_physical_reads = (r.estd_physical_reads as f64 / effective_rate).round() as u64;
    }
}

/// The 20 sizes a sampled cache simulates for a pool whose full sizes are `full`: each one
/// sampled as the run's pool was (`common::sample::pool_buffers`), at least `latches`.
pub fn sampled_sizes(full: &[u32], rate: f64, latches: u32) -> Vec<u32> {
    full.iter()
        .map(|&n| (sample::pool_buffers(n as u64, rate) as u32).max(latches.max(1)))
        .collect()
}

/// The full-size configuration of a pool: the sampling's, else the cache's own.
pub fn full_cfg<'a>(cache: &'a Cache, scale: Option<&'a Sampling>) -> &'a CacheConfig {
    scale.map_or(&cache.cfg, |s| &s.full)
}
