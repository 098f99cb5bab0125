//! One policy at one cache size, simulated: the scenario (or a trace through its cache) with
//! `policy`, its DEFAULT pool at `size` buffers and one working set, run to its end — the
//! same run as a user who set those in the form and pressed Run to end.

use super::SizePoint;
use crate::buffer::whatif::trace_feed::{TraceFeed, TraceOptions};
use crate::buffer::{Cache, CacheConfig, PoolId, Run};
use crate::error::Result;
use crate::scenario::Scenario;
use serde_json::Value;

/// The parameters that size the pools in bytes (9i and later); any of them set means the
/// scenario uses that spelling.
const BYTE_SPELLING: [&str; 3] = [
    "db_cache_size",
    "db_keep_cache_size",
    "db_recycle_cache_size",
];

fn set(init: &mut serde_json::Map<String, Value>, name: &str, v: u64) {
    init.retain(|k, _| !k.eq_ignore_ascii_case(name));
    init.insert(name.into(), Value::from(v));
}

/// `scenario` with `policy`, its DEFAULT pool at `size` buffers and one LRU latch for it
/// (KEEP and RECYCLE as they were): `db_cache_size = size × db_block_size` where the scenario
/// sizes its pools in bytes, else `db_block_buffers = size` + the KEEP and RECYCLE buffers;
/// `db_block_lru_latches` = 1 + the other pools' latches. The model's smallest DEFAULT pool
/// is 50 buffers: a smaller size is refused with the engine's message.
pub fn at_size(scenario: &Scenario, policy: &str, size: u32) -> Result<Scenario> {
    let mut s = scenario.clone();
    s.policy = Some(policy.to_string());
    let cfg = CacheConfig::for_scenario(&s, &s.init_ora()?)?;
    let others = |f: fn(&crate::buffer::cache::config::PoolConfig) -> u32| -> u64 {
        cfg.pools
            .iter()
            .filter(|p| p.id != PoolId::Default)
            .map(|p| f(p) as u64)
            .sum()
    };
    let bytes = s
        .init
        .keys()
        .any(|k| BYTE_SPELLING.iter().any(|n| k.eq_ignore_ascii_case(n)));
    if bytes {
        set(
            &mut s.init,
            "db_cache_size",
            size as u64 * cfg.db_block_size as u64,
        );
    } else {
        set(
            &mut s.init,
            "db_block_buffers",
            size as u64 + others(|p| p.buffers),
        );
    }
    set(
        &mut s.init,
        "db_block_lru_latches",
        1 + others(|p| p.lru_latches),
    );
    Ok(s)
}

/// Misses: the DEFAULT pool's `buf_got`; accesses: the references counted beside the run
/// (the pool's gets leave out 8i's index examinations, which are references all the same).
fn point(policy: &str, size: u32, cache: &Cache, accesses: u64) -> SizePoint {
    SizePoint {
        policy: policy.into(),
        size,
        misses: cache.counters[PoolId::Default.index()].buf_got,
        accesses,
    }
}

/// The scenario with `policy` at `size` buffers, run to its end (recording its access
/// events, to count its references as the stream does).
pub fn simulate_scenario(scenario: &Scenario, policy: &str, size: u32) -> Result<SizePoint> {
    let mut run = Run::new(at_size(scenario, policy, size)?)?;
    let mut accesses = 0u64;
    super::stream::cached_refs(&mut run, |_| accesses += 1)?;
    Ok(point(policy, size, run.cache(), accesses))
}

/// The trace (its whole bytes) through the scenario's cache with `policy` at `size` buffers.
pub fn simulate_trace(
    scenario: &Scenario,
    opts: &TraceOptions,
    bytes: &[u8],
    policy: &str,
    size: u32,
) -> Result<SizePoint> {
    let mut feed = TraceFeed::new(at_size(scenario, policy, size)?, opts)?;
    feed.keep_blocks();
    feed.feed(bytes)?;
    feed.finish()?;
    let accesses = feed.take_blocks().len() as u64;
    Ok(point(policy, size, feed.cache(), accesses))
}
