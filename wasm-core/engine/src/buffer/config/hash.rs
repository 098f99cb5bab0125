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
