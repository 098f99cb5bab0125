//! The limits of docs/model.md §1 on pools (50 buffers per LRU latch, 6 latches per CPU, the
//! model's maximum) and on the aging parameters, each with a message naming the parameter.

use super::{Aging, PoolId};
use crate::error::{Result, SimError};
use crate::init_ora::check_pool_buffers;
use crate::profile::{CoolRule, Profile};

impl PoolId {
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

/// (buffers, latches) for DEFAULT, KEEP, RECYCLE, whichever spelling sized them; `per_latch`
/// is the smallest working set (Oracle's 50, seed 000; a teaching scenario's fewer).
pub(super) fn pools(
    sizes: &[(u64, u64); 3],
    cpu_count: u64,
    new_spelling: bool,
    per_latch: u64,
    rate: Option<f64>,
) -> Result<()> {
    let (def_buffers, def_latches) = sizes[0];
    let def_param = PoolId::Default.size_param(new_spelling);
    if def_latches < 1 {
        return Err(SimError::param(
            "db_block_lru_latches",
            "leaves the DEFAULT pool no LRU latch: the DEFAULT pool must keep at least 1",
        ));
    }
    if def_buffers < per_latch {
        return Err(SimError::param(
            def_param,
            format!(
                "leaves the DEFAULT pool {def_buffers} buffers: it must keep at least {per_latch}"
            ),
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
        if buffers < per_latch * latches {
            return Err(SimError::param(
                param,
                format!(
                    "the {} pool has {buffers} buffers for {latches} LRU latches: each latch's working set needs at least {per_latch} buffers (at least {} buffers)",
                    id.name(),
                    per_latch * latches
                ),
            ));
        }
        check_pool_buffers(param, buffers, rate)?;
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

pub(super) fn aging(profile: Profile, aging: &Aging) -> Result<()> {
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
    if profile.traits().cool == CoolRule::SetCoolCount && aging.cool_count >= aging.hot_criteria {
        return Err(SimError::param(
            "_db_aging_cool_count",
            format!(
                "{} must be below _db_aging_hot_criteria ({}) under profile {}, or a cooled buffer is hot again at once",
                aging.cool_count,
                aging.hot_criteria,
                profile.name()
            ),
        ));
    }
    Ok(())
}
