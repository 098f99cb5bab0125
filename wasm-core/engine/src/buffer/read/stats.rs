//! V$BUFFER_POOL_STATISTICS, one row per configured pool (seed 000, Table 3).

use crate::buffer::cache::counters::PoolCounters;
use serde::Serialize;
use ts_rs::TS;

/// One row of V$BUFFER_POOL_STATISTICS with its columns in lower case, plus
/// `logical_reads = db_block_gets + consistent_gets` and
/// `hit_ratio = 1 - physical_reads / logical_reads` (null before the first read).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct PoolStatistics {
    pub id: u32,
    pub name: String,
    /// Maximum working set size: the largest set of the pool, in buffers.
    pub set_msize: u32,
    /// Buffers on the replacement lists (never-used buffers included).
    pub cnum_repl: u32,
    /// Buffers on the write lists (those being written included).
    pub cnum_write: u32,
    /// Buffers in the pool's working sets.
    pub cnum_set: u32,
    /// Buffers gotten for blocks read from disk.
    #[ts(type = "number")]
    pub buf_got: u64,
    /// Buffers written by DBWR.
    #[ts(type = "number")]
    pub sum_write: u64,
    /// Buffers scanned: by foregrounds looking for a free buffer and by DBWR taking batches.
    #[ts(type = "number")]
    pub sum_scan: u64,
    #[ts(type = "number")]
    pub free_buffer_wait: u64,
    #[ts(type = "number")]
    pub write_complete_wait: u64,
    /// Always 0: the model runs one session, so no block is ever being read by another.
    #[ts(type = "number")]
    pub buffer_busy_wait: u64,
    #[ts(type = "number")]
    pub free_buffer_inspected: u64,
    #[ts(type = "number")]
    pub dirty_buffers_inspected: u64,
    #[ts(type = "number")]
    pub db_block_change: u64,
    #[ts(type = "number")]
    pub db_block_gets: u64,
    #[ts(type = "number")]
    pub consistent_gets: u64,
    #[ts(type = "number")]
    pub physical_reads: u64,
    #[ts(type = "number")]
    pub physical_writes: u64,
    #[ts(type = "number")]
    pub logical_reads: u64,
    pub hit_ratio: Option<f64>,
}

impl PoolStatistics {
    pub fn new(id: u32, name: &str, gauges: [u32; 4], c: &PoolCounters) -> Self {
        let logical_reads = c.db_block_gets + c.consistent_gets;
        let hit_ratio = if logical_reads == 0 {
            None
        } else {
            Some(1.0 - c.physical_reads as f64 / logical_reads as f64)
        };
        let [set_msize, cnum_repl, cnum_write, cnum_set] = gauges;
        PoolStatistics {
            id,
            name: name.to_string(),
            set_msize,
            cnum_repl,
            cnum_write,
            cnum_set,
            buf_got: c.buf_got,
            sum_write: c.sum_write,
            sum_scan: c.sum_scan,
            free_buffer_wait: c.free_buffer_wait,
            write_complete_wait: c.write_complete_wait,
            buffer_busy_wait: c.buffer_busy_wait,
            free_buffer_inspected: c.free_buffer_inspected,
            dirty_buffers_inspected: c.dirty_buffers_inspected,
            db_block_change: c.db_block_change,
            db_block_gets: c.db_block_gets,
            consistent_gets: c.consistent_gets,
            physical_reads: c.physical_reads,
            physical_writes: c.physical_writes,
            logical_reads,
            hit_ratio,
        }
    }
}
