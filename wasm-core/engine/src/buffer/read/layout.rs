//! The resolved instance as the UI lays it out: the configuration, the objects and each
//! working set's buffer range.

use crate::buffer::cache::config::{CacheConfig, PoolId};
use crate::buffer::cache::lists::flag;
use crate::buffer::cache::replacement::RegionDef;
use crate::buffer::cache::Cache;
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
    /// The most buffers each of the policy's regions may hold (null: no limit).
    pub region_max: Vec<Option<u32>>,
}

/// The resolved instance (pools, aging, hash, DBWRs), the objects and the working sets.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct Layout {
    pub config: CacheConfig,
    pub objects: Vec<Segment>,
    pub sets: Vec<SetInfo>,
    /// The replacement policy of every working set, by its registered name.
    pub policy: &'static str,
    /// Its regions, head first, as the views draw and name them.
    pub regions: Vec<RegionDef>,
    /// Buffers keep touch counts under it (the views show them).
    pub touch_counts: bool,
    /// Numbers per working set in the per-frame layout (`Cache::layout`): one per region,
    /// then the write list, the buffers being written, the never-used buffers.
    pub set_info_width: u32,
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
                    region_max: self.repl.region_limits(s),
                })
                .collect(),
            policy: self.repl.name(),
            regions: self.repl.regions().to_vec(),
            touch_counts: self.repl.touch_counts(),
            set_info_width: self.set_info_width(),
        }
    }

    /// Numbers per working set in the per-frame layout: one per region of the policy, then
    /// write list, writing, free.
    pub fn set_info_width(&self) -> u32 {
        self.repl.regions().len() as u32 + 3
    }
}

/// The format of the per-frame buffer data the page reads as typed arrays: the bits of a
/// buffer's flags (the numbers per working set depend on the policy: `Layout`).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct Constants {
    pub flag_dirty: u8,
    pub flag_hot: u8,
    pub flag_on_write_list: u8,
    pub flag_writing: u8,
    pub flag_scan: u8,
    pub flag_free: u8,
    /// The buffer's block is also in the OS page cache (double buffering).
    pub flag_os_cached: u8,
}

impl Constants {
    pub fn get() -> Constants {
        Constants {
            flag_dirty: flag::DIRTY,
            flag_hot: flag::HOT,
            flag_on_write_list: flag::ON_WRITE_LIST,
            flag_writing: flag::WRITING,
            flag_scan: flag::SCAN,
            flag_free: flag::FREE,
            flag_os_cached: flag::OS_CACHED,
        }
    }
}
