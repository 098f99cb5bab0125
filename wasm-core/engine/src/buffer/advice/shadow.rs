//! Side-by-side simulation: one shadow cache per advised size, fed the same accesses as the
//! real one in the same pass. Touch-count replacement (8.1.5 and later) is not a stack
//! algorithm — a buffer's fate depends on the touch counts and the hot region of *its*
//! cache — and neither is 8.0 with more than one working set per pool (a miss takes the next
//! set round-robin, and the misses differ by size), index hits that stay in place
//! (`index_hit_relink = FALSE`), large NOCACHE scans read into the LRU tail, or dirty buffers
//! that DBWR must write first. For those the advice runs the real replacement code: each
//! shadow is a [`Cache`] built as a full run with that pool size would build it (same
//! derived `_small_table_threshold`, hot region and OS page cache), without events. Every
//! shadow keeps its own clock, so touch times, DBWR and direct-read decisions follow its own
//! misses: each row equals a full run with that pool size, exactly.

use crate::buffer::cache::config::{CacheConfig, PoolId};
use crate::buffer::cache::instance::Sampling;
use crate::buffer::cache::workload::Access;
use crate::buffer::Cache;
use crate::error::Result;
use crate::init_ora::InitOra;
use crate::io::IoConfig;

/// The configuration a full run with `pool` at `buffers` would resolve: the pool resized,
/// its `_small_table_threshold` derived again unless init.ora sets it, the I/O settings
/// (10.2.0.5+ small-table threshold of DEFAULT, OS page cache = host memory − SGA) resolved
/// again from the new SGA.
pub fn resized(
    base: &CacheConfig,
    init: &InitOra,
    pool: PoolId,
    buffers: u32,
) -> Result<(CacheConfig, IoConfig)> {
    let mut cfg = base.clone();
    let explicit_stt = init.int("_small_table_threshold")?;
    for p in &mut cfg.pools {
        if p.id == pool {
            p.buffers = buffers;
            // config/mod.rs: 2 % of the pool unless set
            p.small_table_threshold = explicit_stt.map_or(buffers as u64 * 2 / 100, |t| t) as u32;
        }
    }
    let io = IoConfig::resolve(base.profile, init, cfg.io_sizes())?;
    Ok((cfg, io))
}

/// A cache like `base` before its first access, with `pool` resized to `buffers`.
pub fn shadow_cache(base: &Cache, init: &InitOra, pool: PoolId, buffers: u32) -> Result<Cache> {
    shadow_of(base, init, pool, buffers, None)
}

/// As [`shadow_cache`]; with `scale`, `base` is a sampled cache (docs/model.md §3.4) and
/// `buffers` a full-size pool: the shadow is resolved at full size, as a full run would be,
/// then sampled as the run's own cache was.
pub fn shadow_of(
    base: &Cache,
    init: &InitOra,
    pool: PoolId,
    buffers: u32,
    scale: Option<&Sampling>,
) -> Result<Cache> {
    let (cfg, io) = match scale {
        None => resized(&base.cfg, init, pool, buffers)?,
        Some(s) => {
            let (full, mut io) = resized(&s.full, init, pool, buffers)?;
            io.os_cache_blocks = (io.os_cache_blocks as f64 * s.rate).round() as u64;
            (full.sampled(s.rate, s.per_latch), io)
        }
    };
    let mut c = Cache::with_io(cfg, base.segs.clone(), base.cost, io);
    c.sample_rate = base.sample_rate;
    c.script = base.script.clone();
    // OPT: the real cache's future (the same accesses, so the same reference stream)
    if let (Some(o), Some(f)) = (c.repl.opt_mut(), base.repl.opt().and_then(|o| o.future())) {
        o.set_future(f.clone());
    }
    Ok(c)
}

/// One pool's shadow caches, one per advised size except the current one (the real cache
/// is that one).
#[derive(Debug, Clone)]
pub struct Shadows {
    pub pool: PoolId,
    /// `(size index, cache)`; the size index is into the advice's 20 sizes.
    pub caches: Vec<(usize, Cache)>,
}

impl Shadows {
    pub fn new(
        base: &Cache,
        init: &InitOra,
        pool: PoolId,
        sizes: &[u32],
        current: usize,
        scale: Option<&Sampling>,
    ) -> Result<Self> {
        let mut caches = Vec::with_capacity(sizes.len());
        for (k, &n) in sizes.iter().enumerate() {
            if k != current {
                caches.push((k, shadow_of(base, init, pool, n, scale)?));
            }
        }
        Ok(Shadows { pool, caches })
    }

    #[inline]
    pub fn access(&mut self, a: &Access, pos: u64, exec: u64) {
        for (_, c) in &mut self.caches {
            c.access(a, pos, exec);
        }
    }

    /// The shadow of size index `k`.
    pub fn cache(&self, k: usize) -> Option<&Cache> {
        self.caches.iter().find(|(i, _)| *i == k).map(|(_, c)| c)
    }

    /// Physical reads of the pool in the shadow of size index `k`.
    pub fn physical_reads(&self, k: usize) -> Option<u64> {
        self.caches
            .iter()
            .find(|(i, _)| *i == k)
            .map(|(_, c)| c.counters[self.pool.index()].physical_reads)
    }

    /// The run reset its statistics (the end of a warm-up): every shadow forgets its counts
    /// and keeps its buffers, as the real cache does.
    pub fn reset_statistics(&mut self) {
        for (_, c) in &mut self.caches {
            c.reset_statistics();
        }
    }

    pub fn approx_bytes(&self) -> u64 {
        self.caches
            .iter()
            .map(|(_, c)| {
                c.b.len() as u64 * 33
                    + c.hash.approx_bytes()
                    + c.io.os.as_ref().map_or(0, |o| {
                        o.approx_bytes(c.segs.iter().map(|s| s.blocks as u64).sum())
                    })
                    + 1024
            })
            .sum()
    }
}
