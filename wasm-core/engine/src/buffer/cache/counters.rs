//! Each pool's counters, added to as the cache runs: what V$BUFFER_POOL_STATISTICS shows
//! (`read/stats.rs` makes its rows of them).

/// The counters the engine adds to as it runs. Gauges (`cnum_*`, `set_msize`) are read off
/// the cache when a report is made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PoolCounters {
    pub buf_got: u64,
    pub sum_write: u64,
    pub sum_scan: u64,
    pub free_buffer_wait: u64,
    pub write_complete_wait: u64,
    pub buffer_busy_wait: u64,
    pub free_buffer_inspected: u64,
    pub dirty_buffers_inspected: u64,
    pub db_block_change: u64,
    pub db_block_gets: u64,
    pub consistent_gets: u64,
    pub physical_reads: u64,
    pub physical_writes: u64,
}
