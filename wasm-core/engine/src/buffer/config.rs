//! From init.ora parameters to a resolved instance: pools, working sets, aging parameters,
//! hash buckets, DBWRs. Every validation rule of MODEL.md §1 lives here, each with a message
//! that names the parameter and the limit.

use crate::error::{Result, SimError};
use crate::init_ora::{InitOra, MAX_BUFFERS};
use crate::profile::Profile;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The three buffer pools, in V$BUFFER_POOL order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "UPPERCASE")]
#[ts(export, export_to = "buffer/")]
pub enum PoolId {
    Default,
    Keep,
    Recycle,
}

impl PoolId {
    pub const ALL: [PoolId; 3] = [PoolId::Default, PoolId::Keep, PoolId::Recycle];

    pub fn name(self) -> &'static str {
        match self {
            PoolId::Default => "DEFAULT",
            PoolId::Keep => "KEEP",
            PoolId::Recycle => "RECYCLE",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The `_db_percent_hot_<pool>` parameter of this pool.
    pub fn percent_hot_param(self) -> &'static str {
        match self {
            PoolId::Default => "_db_percent_hot_default",
            PoolId::Keep => "_db_percent_hot_keep",
            PoolId::Recycle => "_db_percent_hot_recycle",
        }
    }

    /// The parameter that sizes this pool, for messages.
    fn size_param(self, new_spelling: bool) -> &'static str {
        match (self, new_spelling) {
            (PoolId::Default, false) => "db_block_buffers",
            (PoolId::Keep, false) => "buffer_pool_keep",
            (PoolId::Recycle, false) => "buffer_pool_recycle",
            (PoolId::Default, true) => "db_cache_size",
            (PoolId::Keep, true) => "db_keep_cache_size",
            (PoolId::Recycle, true) => "db_recycle_cache_size",
        }
    }
}

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

/// A resolved, valid instance.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct CacheConfig {
    pub profile: Profile,
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
}

impl CacheConfig {
    pub fn total_buffers(&self) -> u32 {
        self.pools.iter().map(|p| p.buffers).sum()
    }

    pub fn pool(&self, id: PoolId) -> Option<&PoolConfig> {
        self.pools.iter().find(|p| p.id == id)
    }

    /// Resolve and validate the `init` object under a profile.
    pub fn resolve(profile: Profile, init: &InitOra) -> Result<CacheConfig> {
        let block_size = init.int_or("db_block_size", 2048)?;
        if !block_size.is_power_of_two() {
            return Err(SimError::param(
                "db_block_size",
                format!("{block_size} is not one of 2048, 4096, 8192, 16384, 32768"),
            ));
        }
        let cpu_count = init.int_or("cpu_count", 1)?;
        let (sizes, new_spelling) = pool_sizes(init, block_size)?;
        validate_pools(&sizes, cpu_count, new_spelling)?;

        let total: u64 = sizes.iter().map(|s| s.0).sum();
        let mut pools = Vec::new();
        for (id, &(buffers, latches)) in PoolId::ALL.iter().zip(sizes.iter()) {
            if buffers == 0 {
                continue;
            }
            let default_hot = if *id == PoolId::Default { 50 } else { 0 };
            let small = match init.int("_small_table_threshold")? {
                Some(t) => t,
                None => buffers * 2 / 100,
            };
            pools.push(PoolConfig {
                id: *id,
                buffers: buffers as u32,
                lru_latches: latches as u32,
                percent_hot: init.int_or(id.percent_hot_param(), default_hot)? as u32,
                small_table_threshold: small as u32,
            });
        }

        let aging = Aging {
            hot_criteria: init.int_or("_db_aging_hot_criteria", 2)? as u32,
            stay_count: init.int_or("_db_aging_stay_count", 0)? as u32,
            cool_count: init.int_or("_db_aging_cool_count", 1)? as u32,
            touch_time_ns: init.int_or("_db_aging_touch_time", 3)? * 1_000_000_000,
            freeze_cr: init.boolean("_db_aging_freeze_cr")?.unwrap_or(false),
        };
        // A buffer promoted with tch = stay_count (or cooled with cool_count) that still meets
        // the hot criteria would be promoted again at once: the victim scan would never end.
        if aging.stay_count >= aging.hot_criteria {
            return Err(SimError::param(
                "_db_aging_stay_count",
                format!(
                    "{} must be below _db_aging_hot_criteria ({}), or a promoted buffer is hot again at once",
                    aging.stay_count, aging.hot_criteria
                ),
            ));
        }
        if profile == Profile::V8_1_5 && aging.cool_count >= aging.hot_criteria {
            return Err(SimError::param(
                "_db_aging_cool_count",
                format!(
                    "{} must be below _db_aging_hot_criteria ({}) under profile 8.1.5, or a cooled buffer is hot again at once",
                    aging.cool_count, aging.hot_criteria
                ),
            ));
        }

        let default_buckets = match profile {
            Profile::V8_0 => next_prime((total / 4).max(1)),
            _ => 2 * total,
        };
        let hash_buckets = init.int_or("_db_block_hash_buckets", default_buckets)?;
        let default_latches = match profile {
            Profile::V8_0 => hash_buckets,
            _ => hash_buckets.min(1024),
        };
        let hash_latches = init.int_or("_db_block_hash_latches", default_latches)?;
        if hash_latches > hash_buckets {
            return Err(SimError::param(
                "_db_block_hash_latches",
                format!("{hash_latches} latches for {hash_buckets} hash buckets: at most one latch per bucket"),
            ));
        }

        Ok(CacheConfig {
            profile,
            db_block_size: block_size as u32,
            cpu_count: cpu_count as u32,
            pools,
            aging,
            hash_buckets: hash_buckets as u32,
            hash_latches: hash_latches as u32,
            db_writer_processes: init.int_or("db_writer_processes", 1)? as u32,
            write_batch: init.int_or("_db_block_write_batch", 32)? as u32,
            max_scan_pct: init.int_or("_db_block_max_scan_pct", 40)? as u32,
            multiblock_read_count: init.int_or("db_file_multiblock_read_count", 8)? as u32,
        })
    }
}

/// (buffers, latches) for DEFAULT, KEEP, RECYCLE, and whether the db_cache_size spelling
/// was used.
fn pool_sizes(init: &InitOra, block_size: u64) -> Result<([(u64, u64); 3], bool)> {
    let new_names = [
        "db_cache_size",
        "db_keep_cache_size",
        "db_recycle_cache_size",
    ];
    let old_names = [
        "db_block_buffers",
        "buffer_pool_keep",
        "buffer_pool_recycle",
    ];
    let new_spelling = new_names.iter().any(|n| init.is_set(n));
    if new_spelling {
        if let Some(old) = old_names.iter().find(|n| init.is_set(n)) {
            let new = new_names
                .iter()
                .find(|n| init.is_set(n))
                .unwrap_or(&"db_cache_size");
            return Err(SimError::param(
                old,
                format!("cannot be used with {new} (ORA-00381: cannot use both new and old parameters for buffer cache size specification)"),
            ));
        }
        let buffers = |name: &str| -> Result<u64> {
            let bytes = init.int_or(name, 0)?;
            let n = bytes / block_size;
            if n > MAX_BUFFERS {
                return Err(SimError::param(
                    name,
                    format!("{bytes} bytes is {n} buffers of {block_size} bytes; the model allows at most {MAX_BUFFERS} buffers"),
                ));
            }
            Ok(n)
        };
        let keep = buffers("db_keep_cache_size")?;
        let recycle = buffers("db_recycle_cache_size")?;
        let default = match init.int("db_cache_size")? {
            Some(_) => buffers("db_cache_size")?,
            None => 1000,
        };
        let extra = u64::from(keep > 0) + u64::from(recycle > 0);
        let total_latches = init.int_or("db_block_lru_latches", 1 + extra)?;
        if total_latches <= extra {
            return Err(SimError::param(
                "db_block_lru_latches",
                format!("{total_latches} leaves the DEFAULT pool no LRU latch: KEEP and RECYCLE take {extra}"),
            ));
        }
        let keep_l = u64::from(keep > 0);
        let recycle_l = u64::from(recycle > 0);
        return Ok((
            [
                (default, total_latches - extra),
                (keep, keep_l),
                (recycle, recycle_l),
            ],
            true,
        ));
    }

    let total = init.int_or("db_block_buffers", 1000)?;
    let total_latches = init.int_or("db_block_lru_latches", 1)?;
    let spec = |name: &str| -> Result<(u64, u64)> {
        match init.pool_spec(name)? {
            None => Ok((0, 0)),
            Some((0, l)) => Ok((0, l.unwrap_or(0))),
            Some((b, l)) => Ok((b, l.unwrap_or(1))),
        }
    };
    let keep = spec("buffer_pool_keep")?;
    let recycle = spec("buffer_pool_recycle")?;
    if keep.0 + recycle.0 > total {
        return Err(SimError::param(
            "buffer_pool_keep",
            format!(
                "KEEP ({}) + RECYCLE ({}) buffers exceed db_block_buffers ({total})",
                keep.0, recycle.0
            ),
        ));
    }
    if keep.1 + recycle.1 > total_latches {
        return Err(SimError::param(
            "db_block_lru_latches",
            format!(
                "KEEP ({}) + RECYCLE ({}) LRU latches exceed db_block_lru_latches ({total_latches})",
                keep.1, recycle.1
            ),
        ));
    }
    if total_latches > total / 50 {
        return Err(SimError::param(
            "db_block_lru_latches",
            format!(
                "{total_latches} exceeds db_block_buffers / 50 = {}: each LRU working set needs at least 50 buffers",
                total / 50
            ),
        ));
    }
    let default = (
        total - keep.0 - recycle.0,
        total_latches - keep.1 - recycle.1,
    );
    Ok(([default, keep, recycle], false))
}

fn validate_pools(sizes: &[(u64, u64); 3], cpu_count: u64, new_spelling: bool) -> Result<()> {
    let (def_buffers, def_latches) = sizes[0];
    let def_param = PoolId::Default.size_param(new_spelling);
    if def_latches < 1 {
        return Err(SimError::param(
            "db_block_lru_latches",
            "leaves the DEFAULT pool no LRU latch: the DEFAULT pool must keep at least 1",
        ));
    }
    if def_buffers < 50 {
        return Err(SimError::param(
            def_param,
            format!("leaves the DEFAULT pool {def_buffers} buffers: it must keep at least 50"),
        ));
    }
    for (id, &(buffers, latches)) in PoolId::ALL.iter().zip(sizes.iter()) {
        let param = id.size_param(new_spelling);
        if buffers == 0 && latches > 0 {
            return Err(SimError::param(
                param,
                format!("{latches} LRU latches for a pool of 0 buffers"),
            ));
        }
        if buffers > 0 && latches == 0 {
            return Err(SimError::param(
                param,
                "a pool with buffers needs at least 1 LRU latch",
            ));
        }
        if buffers < 50 * latches {
            return Err(SimError::param(
                param,
                format!(
                    "the {} pool has {buffers} buffers for {latches} LRU latches: each latch's working set needs at least 50 buffers (at least {} buffers)",
                    id.name(),
                    50 * latches
                ),
            ));
        }
        if buffers > MAX_BUFFERS {
            return Err(SimError::param(
                param,
                format!("{buffers} buffers is above the model's maximum of {MAX_BUFFERS}"),
            ));
        }
    }
    let total_latches: u64 = sizes.iter().map(|s| s.1).sum();
    if total_latches > 6 * cpu_count {
        return Err(SimError::param(
            "db_block_lru_latches",
            format!(
                "{total_latches} LRU latches in all pools exceed 6 × cpu_count = {}",
                6 * cpu_count
            ),
        ));
    }
    Ok(())
}

/// The smallest prime ≥ n (for the 8.0 default of `_db_block_hash_buckets`).
pub fn next_prime(n: u64) -> u64 {
    let is_prime = |k: u64| {
        if k < 2 {
            return false;
        }
        let mut d = 2;
        while d * d <= k {
            if k.is_multiple_of(d) {
                return false;
            }
            d += 1;
        }
        true
    };
    let mut k = n.max(2);
    while !is_prime(k) {
        k += 1;
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn resolve(profile: Profile, v: Value) -> Result<CacheConfig> {
        CacheConfig::resolve(profile, &InitOra::new(v.as_object().unwrap())?)
    }

    #[test]
    fn seed_example_1000_buffers_three_pools() {
        let c = resolve(
            Profile::V8_0,
            json!({"db_block_buffers": 1000, "db_block_lru_latches": 3,
                   "buffer_pool_keep": "(buffers:200,lru_latches:1)",
                   "buffer_pool_recycle": "(buffers:100,lru_latches:1)"}),
        )
        .unwrap();
        let sizes: Vec<_> = c
            .pools
            .iter()
            .map(|p| (p.id, p.buffers, p.lru_latches))
            .collect();
        assert_eq!(
            sizes,
            vec![
                (PoolId::Default, 700, 1),
                (PoolId::Keep, 200, 1),
                (PoolId::Recycle, 100, 1)
            ]
        );
    }

    #[test]
    fn db_cache_size_spelling() {
        let c = resolve(
            Profile::V8_1_6,
            json!({"db_cache_size": "2M", "db_keep_cache_size": "200K", "db_block_size": 2048}),
        )
        .unwrap();
        assert_eq!(c.pools[0].buffers, 1024);
        assert_eq!(c.pools[1].buffers, 100);
        assert_eq!(c.pools[1].lru_latches, 1);
        let mixed = resolve(
            Profile::V8_1_6,
            json!({"db_cache_size": "2M", "db_block_buffers": 10}),
        );
        assert!(mixed.unwrap_err().message.contains("ORA-00381"));
    }

    #[test]
    fn fifty_buffers_per_latch() {
        let e = resolve(
            Profile::V8_0,
            json!({"db_block_buffers": 1000, "db_block_lru_latches": 3,
                   "buffer_pool_keep": "(buffers:60,lru_latches:2)"}),
        )
        .unwrap_err();
        assert_eq!(e.path, "init.buffer_pool_keep");
        assert!(e.message.contains("at least 100 buffers"), "{e}");
    }

    #[test]
    fn latches_at_most_buffers_over_50() {
        let e = resolve(
            Profile::V8_0,
            json!({"db_block_buffers": 100, "db_block_lru_latches": 3, "cpu_count": 4}),
        )
        .unwrap_err();
        assert_eq!(e.path, "init.db_block_lru_latches");
        assert!(e.message.contains("db_block_buffers / 50 = 2"), "{e}");
    }

    #[test]
    fn latches_at_most_six_per_cpu() {
        let e = resolve(
            Profile::V8_0,
            json!({"db_block_buffers": 1000, "db_block_lru_latches": 7}),
        )
        .unwrap_err();
        assert!(e.message.contains("6 × cpu_count = 6"), "{e}");
        assert!(resolve(
            Profile::V8_0,
            json!({"db_block_buffers": 1000, "db_block_lru_latches": 7, "cpu_count": 2})
        )
        .is_ok());
    }

    #[test]
    fn keep_plus_recycle_within_totals() {
        let e = resolve(
            Profile::V8_0,
            json!({"db_block_buffers": 1000, "db_block_lru_latches": 3,
                   "buffer_pool_keep": "(buffers:600,lru_latches:1)",
                   "buffer_pool_recycle": "(buffers:500,lru_latches:1)"}),
        )
        .unwrap_err();
        assert!(e.message.contains("exceed db_block_buffers"), "{e}");
        let e = resolve(
            Profile::V8_0,
            json!({"db_block_buffers": 1000, "db_block_lru_latches": 2,
                   "buffer_pool_keep": "(buffers:100,lru_latches:1)",
                   "buffer_pool_recycle": "(buffers:100,lru_latches:1)"}),
        )
        .unwrap_err();
        assert!(e.message.contains("DEFAULT pool no LRU latch"), "{e}");
    }

    #[test]
    fn default_keeps_fifty_buffers() {
        let e = resolve(
            Profile::V8_0,
            json!({"db_block_buffers": 1000, "db_block_lru_latches": 2,
                   "buffer_pool_keep": "(buffers:960,lru_latches:1)"}),
        )
        .unwrap_err();
        assert_eq!(e.path, "init.db_block_buffers");
        assert!(e.message.contains("at least 50"), "{e}");
    }

    #[test]
    fn hash_bucket_defaults_per_profile() {
        let c = resolve(Profile::V8_0, json!({"db_block_buffers": 1000})).unwrap();
        assert_eq!(c.hash_buckets, 251); // smallest prime ≥ 250
        assert_eq!(c.hash_latches, 251);
        let c = resolve(Profile::V8_1_5, json!({"db_block_buffers": 1000})).unwrap();
        assert_eq!(c.hash_buckets, 2000);
        assert_eq!(c.hash_latches, 1024);
    }

    #[test]
    fn aging_parameters_that_would_loop_are_refused() {
        let e = resolve(Profile::V8_1_5, json!({"_db_aging_stay_count": 2})).unwrap_err();
        assert_eq!(e.path, "init._db_aging_stay_count");
        let e = resolve(Profile::V8_1_5, json!({"_db_aging_cool_count": 5})).unwrap_err();
        assert_eq!(e.path, "init._db_aging_cool_count");
        assert!(resolve(Profile::V8_1_6, json!({"_db_aging_cool_count": 5})).is_ok());
    }

    #[test]
    fn huge_sizes_name_the_limit() {
        let e = resolve(
            Profile::V8_1_6,
            json!({"db_block_buffers": 10_000_000_000u64}),
        )
        .unwrap_err();
        assert!(e.message.contains("maximum"), "{e}");
        let e = resolve(Profile::V8_1_6, json!({"db_cache_size": "900G"})).unwrap_err();
        assert!(e.message.contains("at most 1048576 buffers"), "{e}");
    }

    #[test]
    fn percent_hot_defaults() {
        let c = resolve(
            Profile::V8_1_5,
            json!({"db_block_buffers": 1000, "db_block_lru_latches": 2, "buffer_pool_keep": "(buffers:100,lru_latches:1)"}),
        )
        .unwrap();
        assert_eq!(c.pools[0].percent_hot, 50);
        assert_eq!(c.pools[1].percent_hot, 0);
        assert_eq!(c.pools[0].small_table_threshold, 18);
    }
}
