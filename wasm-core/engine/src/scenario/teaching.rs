//! Teaching-only departures from Oracle's rules, for the page's generated exercises (issue 27):
//! a scenario opts in by name, so no Oracle scenario can meet them by accident.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Oracle's smallest LRU working set: "The minimum size of an LRU working set is 50 buffers,
/// so the number of buffers configured for any of the pools must be at least 50 times the
/// number of LRU latches" (seed 000, "Configuring and Using Multiple Buffer Pools").
pub const ORACLE_BUFFERS_PER_LATCH: u64 = 50;

/// The smallest working set of a `teaching.small_cache` scenario: a cache of a few dozen
/// buffers whose every move a learner can predict (not an Oracle limit).
pub const SMALL_CACHE_BUFFERS_PER_LATCH: u64 = 4;

/// `"teaching": { "small_cache": true }` — departures a generated exercise asks for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct Teaching {
    /// Lift Oracle's minimum of 50 buffers per LRU latch (and per DEFAULT pool) down to
    /// `SMALL_CACHE_BUFFERS_PER_LATCH`, so an exercise's cache has 8–32 buffers. Nothing else
    /// changes. Not Oracle: for teaching only.
    #[serde(default)]
    pub small_cache: bool,
}

impl Teaching {
    /// The fewest buffers a working set may have under these departures.
    pub fn buffers_per_latch(teaching: Option<&Teaching>) -> u64 {
        match teaching {
            Some(t) if t.small_cache => SMALL_CACHE_BUFFERS_PER_LATCH,
            _ => ORACLE_BUFFERS_PER_LATCH,
        }
    }
}
