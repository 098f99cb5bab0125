//! From init.ora parameters to a resolved instance: pools, working sets, aging parameters,
//! hash buckets, DBWRs. Every validation rule of docs/model.md §1 lives here, each with a message
//! that names the parameter and the limit.
//!
//! `pools` reads the pool sizes (either spelling), `validate` holds the limits on pools and
//! aging parameters, `hash` the per-profile hash bucket and latch defaults.

mod hash;
mod pools;
#[cfg(test)]
mod tests;
mod validate;

pub use crate::common::PoolId;
pub use hash::{check_chain_work, next_prime, MAX_CHAIN_WORK};

use crate::error::{Result, SimError};
use crate::init_ora::InitOra;
use crate::profile::Profile;
use crate::scenario::teaching::ORACLE_BUFFERS_PER_LATCH;
use crate::scenario::Scenario;
use serde::Serialize;
use ts_rs::TS;

/// A configured pool: its buffers, LRU latches (= working sets) and hot percentage.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct PoolConfig {
    pub id: PoolId,
    pub buffers: u32,
    pub lru_latches: u32,
    pub percent_hot: u32,
    /// Blocks above which a NOCACHE full scan reads into the tail (`_small_table_threshold`).
    pub small_table_threshold: u32,
}

/// The touch-count parameters of Oracle8i (seed 000, Table 7).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct Aging {
    pub hot_criteria: u32,
    pub stay_count: u32,
    pub cool_count: u32,
    /// `_db_aging_touch_time`, in nanoseconds of simulated time.
    #[ts(type = "number")]
    pub touch_time_ns: u64,
    pub freeze_cr: bool,
}

/// The issue #13 rules a scenario may switch off (init.ora model switches
/// `probe_examination` and `index_hit_relink`, `init_ora/params.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct ProbeRules {
    /// `probe_examination = TRUE` (the default): index probes of cached blocks are
    /// examinations where the profile makes them so. FALSE: every hit is a counted get.
    pub examination: bool,
    /// `index_hit_relink = FALSE` (the default): 8.0 leaves index blocks in place on a hit.
    /// TRUE: every 8.0 hit moves the buffer to the MRU head (the documented strict LRU).
    pub index_hit_relink: bool,
}

impl Default for ProbeRules {
    fn default() -> Self {
        ProbeRules {
            examination: true,
            index_hit_relink: false,
        }
    }
}

/// A resolved, valid instance.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct CacheConfig {
    pub profile: Profile,
    /// The replacement policy's registered name: the scenario's `policy`, else the profile's.
    pub policy: String,
    pub db_block_size: u32,
    pub cpu_count: u32,
    /// Configured pools only (size > 0), in DEFAULT, KEEP, RECYCLE order.
    pub pools: Vec<PoolConfig>,
    pub aging: Aging,
    pub hash_buckets: u32,
    pub hash_latches: u32,
    pub db_writer_processes: u32,
    pub write_batch: u32,
    pub max_scan_pct: u32,
    pub multiblock_read_count: u32,
    /// The index probe rules of issue #13 and their switches (`probe_examination`,
    /// `index_hit_relink`).
    pub probe_rules: ProbeRules,
}

impl CacheConfig {
    pub fn total_buffers(&self) -> u32 {
        self.pools.iter().map(|p| p.buffers).sum()
    }

    pub fn pool(&self, id: PoolId) -> Option<&PoolConfig> {
        self.pools.iter().find(|p| p.id == id)
    }

    /// The sizes the I/O path reads.
    pub fn io_sizes(&self) -> crate::io::config::CacheSizes {
        crate::io::config::CacheSizes {
            default_buffers: self.pool(PoolId::Default).map_or(0, |p| p.buffers),
            keep_buffers: self.pool(PoolId::Keep).map_or(0, |p| p.buffers),
            total_buffers: self.total_buffers(),
            db_block_size: self.db_block_size,
        }
    }

    /// The cache a run sampled at `rate` simulates (docs/model.md §3.4): every pool at
    /// `round(buffers × rate)` (at least `common::sample::MIN_SAMPLED_BUFFERS`), its working
    /// sets as many as keep `per_latch` buffers each (at least one), the hash buckets and
    /// latches scaled alike. What is compared with whole segments stays full size: the
    /// `_small_table_threshold`s (the I/O path's sizes come from the full configuration).
    pub fn sampled(&self, rate: f64, per_latch: u64) -> CacheConfig {
        use crate::common::sample;
        let mut cfg = self.clone();
        for p in &mut cfg.pools {
            let buffers = sample::pool_buffers(p.buffers as u64, rate);
            p.buffers = buffers as u32;
            p.lru_latches = (p.lru_latches as u64).min(buffers / per_latch).max(1) as u32;
        }
        let total = cfg.total_buffers() as u64;
        cfg.hash_buckets =
            ((self.hash_buckets as f64 * rate).round() as u64).clamp(1, total.max(1)) as u32;
        cfg.hash_latches = cfg.hash_latches.min(cfg.hash_buckets);
        cfg
    }

    /// Resolve and validate the `init` object under a profile, with Oracle's limits.
    pub fn resolve(profile: Profile, init: &InitOra) -> Result<CacheConfig> {
        Self::resolve_with(profile, init, ORACLE_BUFFERS_PER_LATCH)
    }

    /// Resolve and validate a scenario's `init` (its teaching-only limit, if it asks for one).
    pub fn for_scenario(s: &Scenario, init: &InitOra) -> Result<CacheConfig> {
        Self::resolve_with(s.profile, init, s.buffers_per_latch())
    }

    /// Resolve and validate with `per_latch` as the smallest working set (Oracle: 50).
    fn resolve_with(profile: Profile, init: &InitOra, per_latch: u64) -> Result<CacheConfig> {
        let block_size = init.int_or_default("db_block_size")?;
        if !block_size.is_power_of_two() {
            return Err(SimError::param(
                "db_block_size",
                format!("{block_size} is not one of 2048, 4096, 8192, 16384, 32768"),
            ));
        }
        let cpu_count = init.int_or_default("cpu_count")?;
        let (sizes, new_spelling) = pools::pool_sizes(init, block_size, per_latch)?;
        validate::pools(
            &sizes,
            cpu_count,
            new_spelling,
            per_latch,
            init.sampling_rate(),
        )?;

        let total: u64 = sizes.iter().map(|s| s.0).sum();
        let mut pools = Vec::new();
        for (id, &(buffers, latches)) in PoolId::ALL.iter().zip(sizes.iter()) {
            if buffers == 0 {
                continue;
            }
            let small = match init.int("_small_table_threshold")? {
                Some(t) => t,
                None => buffers * 2 / 100,
            };
            pools.push(PoolConfig {
                id: *id,
                buffers: buffers as u32,
                lru_latches: latches as u32,
                percent_hot: init.int_or_default(id.percent_hot_param())? as u32,
                small_table_threshold: small as u32,
            });
        }

        let aging = Aging {
            hot_criteria: init.int_or_default("_db_aging_hot_criteria")? as u32,
            stay_count: init.int_or_default("_db_aging_stay_count")? as u32,
            cool_count: init.int_or_default("_db_aging_cool_count")? as u32,
            touch_time_ns: init.int_or_default("_db_aging_touch_time")? * 1_000_000_000,
            freeze_cr: init.boolean("_db_aging_freeze_cr")?.unwrap_or(false),
        };
        validate::aging(profile, &aging)?;
        let (hash_buckets, hash_latches) = hash::buckets_and_latches(profile, init, total)?;

        Ok(CacheConfig {
            profile,
            policy: profile.traits().replacement.to_string(),
            db_block_size: block_size as u32,
            cpu_count: cpu_count as u32,
            pools,
            aging,
            hash_buckets: hash_buckets as u32,
            hash_latches: hash_latches as u32,
            db_writer_processes: init.int_or_default("db_writer_processes")? as u32,
            write_batch: init.int_or_default("_db_block_write_batch")? as u32,
            max_scan_pct: init.int_or_default("_db_block_max_scan_pct")? as u32,
            // 10g and later: 1 MB per request by default (at most 128 blocks).
            multiblock_read_count: init.int_or(
                "db_file_multiblock_read_count",
                if profile.traits().multiblock_one_mb {
                    (1_048_576 / block_size).min(128)
                } else {
                    8
                },
            )? as u32,
            probe_rules: ProbeRules {
                examination: init.boolean("probe_examination")?.unwrap_or(true),
                index_hit_relink: init.boolean("index_hit_relink")?.unwrap_or(false),
            },
        })
    }
}
