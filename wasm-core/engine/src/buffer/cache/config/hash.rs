//! The per-profile defaults of `_db_block_hash_buckets` and `_db_block_hash_latches`.

use crate::error::{Result, SimError};
use crate::init_ora::InitOra;
use crate::profile::{HashDefaults, Profile};

/// (buckets, latches) for `total` buffers: a prime near total / 4 with one latch per bucket
/// in 8.0, 2 × total with at most 1024 latches from 8i on.
pub(super) fn buckets_and_latches(
    profile: Profile,
    init: &InitOra,
    total: u64,
) -> Result<(u64, u64)> {
    let defaults = profile.traits().hash_defaults;
    let default_buckets = match defaults {
        HashDefaults::PrimeQuarterOneLatchEach => next_prime((total / 4).max(1)),
        HashDefaults::DoubleAtMost1024Latches => 2 * total,
    };
    let hash_buckets = init.int_or("_db_block_hash_buckets", default_buckets)?;
    let default_latches = match defaults {
        HashDefaults::PrimeQuarterOneLatchEach => hash_buckets,
        HashDefaults::DoubleAtMost1024Latches => hash_buckets.min(1024),
    };
    let hash_latches = init.int_or("_db_block_hash_latches", default_latches)?;
    if hash_latches > hash_buckets {
        return Err(SimError::param(
            "_db_block_hash_latches",
            format!("{hash_latches} latches for {hash_buckets} hash buckets: at most one latch per bucket"),
        ));
    }
    Ok((hash_buckets, hash_latches))
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

/// The most cache buffers chain headers a run may compare, estimated before it starts as
/// accesses × the mean chain length once the cache is full (⌈min(buffers, the objects'
/// blocks) / `_db_block_hash_buckets`⌉). A lookup really walks its chain (docs/model.md §1: the
/// walk length is a statistic and an animated step), so the walk is the run's cost: at the
/// 20,000,000-access limit this allows chains of 100 headers, 8.0's default is 4, 8i's ½.
/// Measured (issue 29): the wasm compares about 4·10^8 headers a second (200,000 random
/// accesses over 1,048,576 buffers in 4 buckets: 14.2 s, about 5·10^9 compares), so the
/// limit is about 5 s of walking; `_db_block_hash_buckets = 1` with 1,048,576 buffers and
/// 20M accesses (2·10^13) would have taken hours.
pub const MAX_CHAIN_WORK: u64 = 2_000_000_000;

/// Refuse a cache whose chain walks would pass [`MAX_CHAIN_WORK`] over `accesses` accesses
/// (a streamed trace, whose length is not known ahead, counts as the most a scenario may
/// ask for: its per-access walk is then bounded as a scenario's is). Names both fields and
/// the least bucket count that would do.
pub fn check_chain_work(
    cfg: &super::CacheConfig,
    blocks: u64,
    accesses: u64,
    streamed: bool,
) -> Result<()> {
    let buffers = cfg.total_buffers() as u64;
    let cached = buffers.min(blocks).max(1);
    let buckets = cfg.hash_buckets as u64;
    let chain = cached.div_ceil(buckets);
    let accesses = accesses.max(1);
    let work = accesses.saturating_mul(chain);
    if work <= MAX_CHAIN_WORK {
        return Ok(());
    }
    let g = crate::common::grouped;
    // the longest mean chain the limit allows at this length, and the buckets that give it
    let allowed = (MAX_CHAIN_WORK / accesses).max(1);
    let need = cached.div_ceil(allowed);
    let length = if streamed {
        format!(
            "a streamed trace (counted as {} accesses, the most a scenario may run, since its \
             length is not known ahead)",
            g(accesses)
        )
    } else {
        format!("{} accesses", g(accesses))
    };
    Err(SimError::param(
        "_db_block_hash_buckets",
        format!(
            "{} hash bucket{} for {} buffers (db_block_buffers) holding up to {} blocks: chains \
             of {} headers, walked on every lookup; {length} would compare about {} headers, \
             past the limit of {} (MAX_CHAIN_WORK: at most {} headers a chain at this length); \
             give _db_block_hash_buckets at least {}, or fewer buffers or accesses",
            g(buckets),
            if buckets == 1 { "" } else { "s" },
            g(buffers),
            g(cached),
            g(chain),
            g(work),
            g(MAX_CHAIN_WORK),
            g(allowed),
            g(need)
        ),
    ))
}
