//! The pool sizes as init.ora spells them: `db_block_buffers` with `buffer_pool_keep` /
//! `buffer_pool_recycle` (8.0, 8i), or `db_cache_size` and friends in bytes (9i).

use crate::error::{Result, SimError};
use crate::init_ora::{check_pool_buffers, InitOra};

/// (buffers, latches) for DEFAULT, KEEP, RECYCLE, and whether the db_cache_size spelling
/// was used. `per_latch`: the smallest working set (Oracle's 50, or a teaching scenario's).
pub(super) fn pool_sizes(
    init: &InitOra,
    block_size: u64,
    per_latch: u64,
) -> Result<([(u64, u64); 3], bool)> {
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
            let bytes = init.int_or_default(name)?;
            let n = bytes / block_size;
            check_pool_buffers(name, n, init.sampling_rate()).map_err(|e| {
                SimError::param(
                    name,
                    format!(
                        "{bytes} bytes is {n} buffers of {block_size} bytes: {}",
                        e.message
                    ),
                )
            })?;
            Ok(n)
        };
        let keep = buffers("db_keep_cache_size")?;
        let recycle = buffers("db_recycle_cache_size")?;
        let default = match init.int("db_cache_size")? {
            Some(_) => buffers("db_cache_size")?,
            // unset: DEFAULT has db_block_buffers' default
            None => init.int_or_default("db_block_buffers")?,
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

    let total = init.int_or_default("db_block_buffers")?;
    let total_latches = init.int_or_default("db_block_lru_latches")?;
    let spec = |name: &str| -> Result<(u64, u64)> {
        match init.pool_spec(name)? {
            None => Ok((0, 0)),
            Some((0, l)) => Ok((0, l.unwrap_or(0))),
            Some((b, l)) => Ok((b, l.unwrap_or(1))),
        }
    };
    let keep = spec("buffer_pool_keep")?;
    let recycle = spec("buffer_pool_recycle")?;
    // KEEP and RECYCLE together fit in the totals, buffers and LRU latches alike.
    let within = |param: &str, what: &str, k: u64, r: u64, of: &str, limit: u64| {
        if k + r > limit {
            return Err(SimError::param(
                param,
                format!("KEEP ({k}) + RECYCLE ({r}) {what} exceed {of} ({limit})"),
            ));
        }
        Ok(())
    };
    within(
        "buffer_pool_keep",
        "buffers",
        keep.0,
        recycle.0,
        "db_block_buffers",
        total,
    )?;
    within(
        "db_block_lru_latches",
        "LRU latches",
        keep.1,
        recycle.1,
        "db_block_lru_latches",
        total_latches,
    )?;
    if total_latches > total / per_latch {
        return Err(SimError::param(
            "db_block_lru_latches",
            format!(
                "{total_latches} exceeds db_block_buffers / {per_latch} = {}: each LRU working set needs at least {per_latch} buffers",
                total / per_latch
            ),
        ));
    }
    let default = (
        total - keep.0 - recycle.0,
        total_latches - keep.1 - recycle.1,
    );
    Ok(([default, keep, recycle], false))
}
