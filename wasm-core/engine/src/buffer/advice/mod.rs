//! V$DB_CACHE_ADVICE (docs/model.md §3 "Cache advice"; `db_cache_advice = ON`): the physical
//! reads each pool would have done at 20 sizes from 10 % to 200 % of its current size,
//! computed in the same pass as the run.
//!
//! **Sizes.** Oracle rounds its estimates to granules; the model has no granules, so size
//! `k` (k = 1..20) is `buffers_for_estimate = max(round(current × k / 10), lru_latches)`
//! (every working set keeps a buffer); size 10 is the current size. `size_factor` is
//! `buffers_for_estimate / current`, `size_for_estimate` the size in MB
//! (buffers × `db_block_size` / 2^20).
//!
//! **Two methods, both exact against full runs** (`tests/engine/advice.rs` checks every size; but
//! see concurrent jobs below):
//! - [`stack::StackPass`] — profile 8.0 when the pool's access stream is plain LRU: one
//!   working set (`lru_latches = 1`), every hit moves to the MRU head (no index hit that
//!   stays, no examination: `index_hit_relink = TRUE` or no index probes), no large NOCACHE
//!   scan read into the LRU tail, no writes (dirty buffers wait for DBWR) and no script
//!   statements. Then the cache is a stack algorithm and one histogram of LRU stack
//!   distances gives all 20 sizes (Mattson et al., 1970).
//! - [`shadow::Shadows`] — everything else (every touch-count profile, and 8.0 streams that
//!   break the stack property): 19 shadow caches beside the real one, each running the real
//!   replacement code with its own clock.
//!
//! Which one a pool gets is settled before the run, from a dry run of the workload (which
//! blocks the accesses read does not depend on the cache).
//!
//! **The interval.** The rows cover the interval the pool statistics cover: when a warm-up
//! ends and the run resets its statistics (`oltp_batch`'s `warmup_transactions`), the
//! advisory forgets its counts too ([`Advisor::reset_statistics`]) and keeps its state (the
//! stack, the shadow caches' contents), as the real cache keeps its buffers. So the 1.0 row
//! is the pool's own `physical_reads` over that interval.
//!
//! **Read time and DB time.** `estd_physical_read_time` = estimated reads × the mean wait of
//! a physical read over the interval at that size (the I/O layer's waits for the pools'
//! buffered reads over their count: a multiblock read's blocks share one disk wait, a block
//! the OS page cache holds costs a copy; `cost.physical_read_ms` before the first read), in
//! seconds. The real cache gives the mean of the 1.0 row, so its time is the time the run's
//! reads took (seed 003's 97,978 reads of 128-block scans: 7.2 s, not 97,978 × 9.4 ms =
//! 921 s), and the stack pass values every size at it; a shadow cache has its own I/O layer
//! (with an OS page cache, one sized by host memory less that size's SGA: seed 003's double
//! buffering), so its own mean. `estd_pct_of_db_time_for_reads` = that time over the DB time
//! the interval would take at that size, × 100. The DB time at a size is the run's own DB
//! time over the interval ([`Cache::db_time_ns`]: working or waiting, summed over concurrent
//! jobs, idle time left out) with the buffered reads' waits taken out and the reads of every
//! pool at that size put back at that mean: what changes from size to size is the reads, the
//! rest of the work is the same
//! accesses. So the percentage is within 0–100 by construction, and null only when the
//! interval has no DB time at all. (A run's elapsed time is not its DB time: seed 002's 15
//! jobs wait on their reads side by side, and at 25,000 buffers the interval's 52,947 reads
//! × 25 ms are 7.8 times its 169 s.) Oracle's columns: "ESTD_PHYSICAL_READ_TIME: Estimated
//! disk read time", "ESTD_PCT_OF_DB_TIME_FOR_READS: Estimated disk time as a percentage of
//! the total time", the physical read factor over "the measurement interval" (Oracle
//! Database Reference 19c, V$DB_CACHE_ADVICE).
//!
//! **Concurrent jobs** (`oltp_batch`, seed 002): the advisory is fed the accesses in the
//! order the jobs ran them in the real run. How the jobs interleave depends on their waits,
//! so a full run at another size interleaves a little differently: the rows are estimates
//! there, not exact (seed 002 at 25,000 buffers: the 10,000-buffer row 57,856 against a full
//! run's 57,373, the 50,000-buffer row 45,461 against 45,567).
//!
//! **`db_cache_advice`**: ON collects and reports; READY and OFF report nothing (READY in
//! Oracle keeps the memory allocated without collecting; the model allocates nothing). The
//! default is OFF for every profile: V$DB_CACHE_ADVICE appeared in 9i, after the 8.x
//! profiles, and for 10.2/11.2 (Oracle's default is ON with `statistics_level = TYPICAL`)
//! the advisory's cost is kept opt-in so that existing scenarios run and report as before.

pub mod sampled;
pub mod shadow;
pub mod stack;

use crate::buffer::cache::config::PoolId;
use crate::buffer::cache::events::Op;
use crate::buffer::cache::instance::Sampling;
use crate::buffer::cache::probes::Probes;
use crate::buffer::cache::workload::{Access, Generator};
use crate::buffer::Cache;
use crate::error::Result;
use crate::init_ora::InitOra;
use serde::Serialize;
use shadow::Shadows;
use stack::StackPass;
use ts_rs::TS;

/// Number of advised sizes per pool.
pub const SIZES: usize = 20;
/// Index of the current size among them (size factor 1.0).
pub const CURRENT: usize = 9;
/// The most buffers all shadow caches of one pool may hold together (about 45 bytes each):
/// beyond this the pool's advice is left out with a note.
pub const MAX_SHADOW_BUFFERS: u64 = 1 << 22;

/// `db_cache_advice`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "UPPERCASE")]
#[ts(export, export_to = "buffer/")]
pub enum AdviceStatus {
    On,
    Ready,
    Off,
}

impl AdviceStatus {
    /// The scenario's `db_cache_advice` (default OFF; see the module comment).
    pub fn of(init: &InitOra) -> Result<AdviceStatus> {
        Ok(match init.keyword("db_cache_advice")? {
            Some("ON") => AdviceStatus::On,
            Some("READY") => AdviceStatus::Ready,
            _ => AdviceStatus::Off,
        })
    }
}

/// One row of V$DB_CACHE_ADVICE, Oracle's columns in lower case.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct AdviceRow {
    /// The buffer pool's id, as in V$BUFFER_POOL_STATISTICS.
    pub id: u32,
    /// The buffer pool: DEFAULT, KEEP or RECYCLE.
    pub name: String,
    pub block_size: u32,
    pub advice_status: AdviceStatus,
    /// MB.
    pub size_for_estimate: f64,
    pub size_factor: f64,
    pub buffers_for_estimate: u32,
    /// Estimated reads over the reads at the current size (null when those are 0).
    pub estd_physical_read_factor: Option<f64>,
    #[ts(type = "number")]
    pub estd_physical_reads: u64,
    /// Seconds: estimated reads × the mean wait of a physical read over the interval at that
    /// size.
    pub estd_physical_read_time: f64,
    /// Percent of the DB time at that size spent in those reads (null with no DB time).
    pub estd_pct_of_db_time_for_reads: Option<f64>,
}

/// How a pool's advice was computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum AdviceMethod {
    /// One pass of LRU stack distances (profile 8.0, a stack algorithm).
    StackDistance,
    /// Shadow caches of every size, fed the same accesses.
    ShadowCaches,
}

/// One pool's advice: how it was computed, and why when it is left out.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct PoolAdvice {
    pub name: String,
    pub current_buffers: u32,
    pub method: AdviceMethod,
    /// Why the shadow method was needed (empty for the stack pass), or why the pool has no
    /// rows.
    pub reason: String,
    /// False when the pool's advice is left out (its rows are absent).
    pub available: bool,
    /// The rate of the spatial sample the rows come from (docs/model.md §3.4): the run's own,
    /// or the advisory's where the exact shadow caches would pass [`MAX_SHADOW_BUFFERS`];
    /// absent: exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sample_rate: Option<f64>,
}

/// V$DB_CACHE_ADVICE with how each pool's rows were made.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct DbCacheAdvice {
    pub status: AdviceStatus,
    pub pools: Vec<PoolAdvice>,
    /// 20 rows per pool, pools in V$BUFFER_POOL order, sizes ascending.
    pub rows: Vec<AdviceRow>,
}

/// The 20 advised sizes of a pool of `current` buffers and `latches` working sets.
pub fn sizes(current: u32, latches: u32) -> Vec<u32> {
    (1..=SIZES as u64)
        .map(|k| (((current as u64 * k) as f64 / 10.0).round() as u32).max(latches.max(1)))
        .collect()
}

#[derive(Debug, Clone)]
enum Pass {
    Stack(StackPass),
    Shadows(Shadows),
    /// From a spatial sample of its own beside an exact run (too large to shadow exactly).
    Sampled(Box<sampled::SampledPass>),
    /// Left out, with the reason.
    None,
}

#[derive(Debug, Clone)]
struct PoolPass {
    pool: PoolId,
    /// The sizes the pass simulates (a sampled run's: sampled) and the pool's 20 sizes.
    sizes: Vec<u32>,
    full_sizes: Vec<u32>,
    pass: Pass,
    reason: String,
}

/// The advisory of a run: fed every access after the real cache has served it.
#[derive(Debug, Clone)]
pub struct Advisor {
    pools: Vec<PoolPass>,
    /// The run's sampling, when the cache fed is a sampled one (its rows are scaled back).
    scale: Option<Sampling>,
    /// Dense block ids for the stack pass: segment `s` block `b` is `base[s] + b`.
    base: Vec<u32>,
}

/// Why a pool's 8.0 stream is not plain LRU (None: it is), from a dry run of the workload.
fn not_lru(cache: &Cache, gen: &Generator, pool: PoolId, min_stt: u32) -> Option<String> {
    let latches = cache.cfg.pool(pool).map_or(1, |p| p.lru_latches);
    if latches > 1 {
        return Some(format!(
            "{latches} working sets: a miss takes the next one round-robin"
        ));
    }
    let probes = Probes::with(cache.cfg.profile, cache.cfg.probe_rules);
    let mut g = gen.clone();
    let mut q = Vec::new();
    while g.next_exec(&mut q) {
        for a in q.drain(..) {
            if a.ctl != 0 {
                return Some("script statements (flush, pool changes)".into());
            }
            let seg = &cache.segs[a.seg as usize];
            if seg.buffer_pool != pool {
                continue;
            }
            if a.op == Op::Write {
                return Some("writes: dirty buffers wait for DBWR".into());
            }
            if probes.examines(a.probe) || !probes.relink[a.probe as usize] {
                return Some("index hits that stay in place (index_hit_relink = FALSE)".into());
            }
            if a.op == Op::Scan && !a.cache_hint.unwrap_or(seg.cache) && seg.blocks > min_stt {
                return Some("large NOCACHE scans read into the LRU tail".into());
            }
        }
    }
    None
}

impl Advisor {
    /// The advisory for a cache before its first access and its workload.
    pub fn new(
        cache: &Cache,
        init: &InitOra,
        gen: &Generator,
        scale: Option<&Sampling>,
    ) -> Result<Advisor> {
        Self::with_limit(cache, init, gen, scale, MAX_SHADOW_BUFFERS)
    }

    /// As [`Advisor::new`], with `limit` instead of [`MAX_SHADOW_BUFFERS`] as the most
    /// buffers a pool's exact shadow caches may hold (tests force the sampled advice with it).
    pub fn with_limit(
        cache: &Cache,
        init: &InitOra,
        gen: &Generator,
        scale: Option<&Sampling>,
        limit: u64,
    ) -> Result<Advisor> {
        let mut pools = Vec::new();
        let full_cfg = sampled::full_cfg(cache, scale);
        for p in &cache.cfg.pools {
            let full = full_cfg
                .pool(p.id)
                .expect("a sampled pool is a configured one");
            let full_sizes = sizes(full.buffers, full.lru_latches);
            let sizes = match scale {
                Some(s) => sampled::sampled_sizes(&full_sizes, s.rate, p.lru_latches),
                None => full_sizes.clone(),
            };
            let min_stt = shadow::resized(full_cfg, init, p.id, full_sizes[0])?
                .0
                .pool(p.id)
                .map_or(0, |q| q.small_table_threshold);
            let why = if cache.repl.lru_stack() {
                not_lru(cache, gen, p.id, min_stt)
            } else if cache.repl.opt().is_some() {
                Some("opt: the shadow caches read ahead with the run's own future".into())
            } else {
                Some(format!(
                    "{} replacement is not a stack algorithm",
                    cache.repl.name()
                ))
            };
            let (pass, reason) = match why {
                None => (Pass::Stack(StackPass::new(&sizes)), String::new()),
                Some(why) => {
                    let others = cache.cfg.total_buffers() as u64 - p.buffers as u64;
                    let shadow_buffers: u64 = sizes
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != CURRENT)
                        .map(|(_, &n)| n as u64 + others)
                        .sum();
                    if shadow_buffers <= limit {
                        (
                            Pass::Shadows(Shadows::new(
                                cache,
                                init,
                                p.id,
                                &full_sizes,
                                CURRENT,
                                scale,
                            )?),
                            why,
                        )
                    } else if scale.is_some() || cache.repl.opt().is_some() {
                        let reason = format!(
                            "{why}; its shadow caches would hold {shadow_buffers} buffers, more than the {limit} the model allows"
                        );
                        (Pass::None, reason)
                    } else {
                        // the exact shadows do not fit: a sample of the pool's own does
                        let budget = limit.min(sampled::SAMPLED_SHADOW_BUFFERS);
                        let rate = sampled::advice_rate(shadow_buffers, budget);
                        let per_latch = (p.buffers as u64 / p.lru_latches.max(1) as u64).min(50);
                        let pass =
                            sampled::SampledPass::new(cache, init, gen, p.id, rate, per_latch)?;
                        let reason = format!(
                            "{why}; its exact shadow caches would hold {shadow_buffers} buffers, more than the {limit} the model allows: sampled at {rate} (docs/model.md §3.4)"
                        );
                        (Pass::Sampled(Box::new(pass)), reason)
                    }
                }
            };
            let reason = match gen {
                Generator::OltpBatch(_) if !matches!(pass, Pass::None) => format!(
                    "{reason}{}the jobs ran in the real run's order: a full run at another size \
                     interleaves them by its own waits, so those rows are estimates",
                    if reason.is_empty() { "" } else { "; " }
                ),
                _ => reason,
            };
            pools.push(PoolPass {
                pool: p.id,
                sizes,
                full_sizes,
                pass,
                reason,
            });
        }
        let base = cache
            .segs
            .iter()
            .scan(0u32, |acc, s| {
                let b = *acc;
                *acc = acc.saturating_add(s.blocks);
                Some(b)
            })
            .collect();
        Ok(Advisor {
            pools,
            scale: scale.cloned(),
            base,
        })
    }

    /// One access, after the real cache served it.
    #[inline]
    pub fn feed(&mut self, a: &Access, pos: u64, exec: u64, cache: &Cache) {
        let base = &self.base;
        for p in &mut self.pools {
            match &mut p.pass {
                Pass::Stack(s) => {
                    // stack pools see no script statements and no direct reads (8.0)
                    if a.ctl == 0 && cache.segs[a.seg as usize].buffer_pool == p.pool {
                        s.access(base[a.seg as usize] + a.block);
                    }
                }
                Pass::Shadows(s) => s.access(a, pos, exec),
                Pass::Sampled(s) => s.access(a, pos, exec),
                Pass::None => {}
            }
        }
    }

    /// The run reset its statistics (the end of a warm-up): count from here, as the pools'
    /// counters do.
    pub fn reset_statistics(&mut self) {
        for p in &mut self.pools {
            match &mut p.pass {
                Pass::Stack(s) => s.reset_counts(),
                Pass::Shadows(s) => s.reset_statistics(),
                Pass::Sampled(s) => s.reset_statistics(),
                Pass::None => {}
            }
        }
    }

    pub fn approx_bytes(&self) -> u64 {
        self.pools
            .iter()
            .map(|p| match &p.pass {
                Pass::Stack(s) => s.approx_bytes(),
                Pass::Shadows(s) => s.approx_bytes(),
                Pass::Sampled(s) => s.approx_bytes(),
                Pass::None => 0,
            })
            .sum()
    }

    /// V$DB_CACHE_ADVICE now, for the real cache `cache` the advisor has been fed beside.
    pub fn advice(&self, cache: &Cache) -> DbCacheAdvice {
        let mut rows = Vec::new();
        let mut pools = Vec::new();
        // the interval's DB time with the buffered reads' waits (disk and OS page cache, as
        // the I/O layer counted them over the same interval) taken out
        let read_wait_ns = cache.io.n.read_ns;
        let db_without_reads_ns = cache.db_time_ns().saturating_sub(read_wait_ns) as f64;
        let all_reads = all_physical_reads(cache);
        // a physical read's mean wait over the interval (`physical_read_ms` before the first)
        let per_read_ns = if all_reads > 0 {
            read_wait_ns as f64 / all_reads as f64
        } else {
            cache.cost.physical_read as f64
        };
        for p in &self.pools {
            let current = p.sizes[CURRENT];
            let actual = cache.counters[p.pool.index()].physical_reads;
            let (method, available) = match &p.pass {
                Pass::Stack(_) => (AdviceMethod::StackDistance, true),
                Pass::Shadows(_) | Pass::Sampled(_) => (AdviceMethod::ShadowCaches, true),
                Pass::None => (AdviceMethod::ShadowCaches, false),
            };
            let sample_rate = match &p.pass {
                Pass::Sampled(s) => Some(s.sampling.rate),
                _ => self.scale.as_ref().map(|s| s.rate),
            };
            pools.push(PoolAdvice {
                name: p.pool.name().into(),
                current_buffers: p.full_sizes[CURRENT],
                method,
                reason: p.reason.clone(),
                available,
                sample_rate,
            });
            // a sample of the pool's own beside the exact run: its read factors, applied to
            // the real cache's reads (the 1.0 row is the real cache, as Oracle's is)
            let sampled_reads = match &p.pass {
                Pass::Sampled(s) => s.reads_like(actual),
                _ => Vec::new(),
            };
            let first_row = rows.len();
            // At size k: the pool's physical reads, and every pool's reads and their waits
            // (the current size is the real cache; the stack pass values its reads at the
            // real mean wait; a shadow has its own I/O layer — with an OS page cache, one
            // sized by host memory less that SGA — so its own mean wait).
            let at = |k: usize| -> (u64, u64, f64) {
                match &p.pass {
                    Pass::Stack(s) => {
                        let reads = s.misses(p.sizes[k]);
                        let all = all_reads - actual + reads;
                        (reads, all, all as f64 * per_read_ns)
                    }
                    Pass::Sampled(_) => {
                        let reads = sampled_reads[k];
                        let all = all_reads - actual + reads;
                        (reads, all, all as f64 * per_read_ns)
                    }
                    Pass::Shadows(s) if k != CURRENT => match s.cache(k) {
                        Some(c) => {
                            let all = all_physical_reads(c);
                            let wait = if all > 0 { c.io.n.read_ns as f64 } else { 0.0 };
                            (c.counters[p.pool.index()].physical_reads, all, wait)
                        }
                        None => (0, 0, 0.0),
                    },
                    _ => (actual, all_reads, all_reads as f64 * per_read_ns),
                }
            };
            if !available {
                continue;
            }
            let base_reads = at(CURRENT).0;
            for (k, &n) in p.sizes.iter().enumerate() {
                let (reads, all, wait_ns) = at(k);
                let mean_ns = if all > 0 {
                    wait_ns / all as f64
                } else {
                    per_read_ns
                };
                let read_time_ns = reads as f64 * mean_ns;
                // DB time at size k: the same work, and every pool's reads at that size
                let db_ns = db_without_reads_ns + (all - reads) as f64 * mean_ns + read_time_ns;
                rows.push(AdviceRow {
                    id: p.pool.index() as u32 + 1,
                    name: p.pool.name().into(),
                    block_size: cache.cfg.db_block_size,
                    advice_status: AdviceStatus::On,
                    size_for_estimate: n as f64 * cache.cfg.db_block_size as f64 / 1_048_576.0,
                    size_factor: (n as f64 / current as f64 * 1e4).round() / 1e4,
                    buffers_for_estimate: n,
                    estd_physical_read_factor: (base_reads > 0)
                        .then(|| reads as f64 / base_reads as f64),
                    estd_physical_reads: reads,
                    estd_physical_read_time: read_time_ns / 1e9,
                    estd_pct_of_db_time_for_reads: (db_ns > 0.0)
                        .then(|| read_time_ns / db_ns * 100.0),
                });
            }
            if let Some(sc) = &self.scale {
                sampled::scale_rows(&mut rows[first_row..], &p.full_sizes, sc.effective_rate());
            }
        }
        DbCacheAdvice {
            status: AdviceStatus::On,
            pools,
            rows,
        }
    }
}

/// Physical reads of every pool of `c`.
fn all_physical_reads(c: &Cache) -> u64 {
    c.cfg
        .pools
        .iter()
        .map(|p| c.counters[p.id.index()].physical_reads)
        .sum()
}
