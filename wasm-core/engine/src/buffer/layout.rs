//! The resolved instance as the UI lays it out: the configuration, the objects and each
//! working set's buffer range.

use super::config::{CacheConfig, PoolId};
use super::Cache;
use crate::scenario::segment::Segment;
use serde::Serialize;
use ts_rs::TS;

/// One working set (one LRU latch's list): its pool, its buffers `lo..hi`, its hot region's
/// limit and its DBWR.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct SetInfo {
    pub pool: PoolId,
    pub lo: u32,
    pub hi: u32,
    pub hot_max: u32,
    pub dbwr: u32,
}

/// The resolved instance (pools, aging, hash, DBWRs), the objects and the working sets.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct Layout {
    pub config: CacheConfig,
    pub objects: Vec<Segment>,
    pub sets: Vec<SetInfo>,
}

impl Cache {
    pub fn layout_info(&self) -> Layout {
        Layout {
            config: self.cfg.clone(),
            objects: self.segs.clone(),
            sets: self
                .sets
                .iter()
                .map(|s| SetInfo {
                    pool: s.pool,
                    lo: s.lo,
                    hi: s.hi,
                    hot_max: s.hot_max,
                    dbwr: s.dbwr,
                })
                .collect(),
        }
    }
}
