//! Where a buffer cache miss goes, and where a direct path read goes (docs/model.md §1.7 "Full
//! scans, direct path reads and the OS page cache").
//!
//! - `config`: the I/O settings of a profile (`_serial_direct_read`, events 10358 and 10949,
//!   `filesystemio_options`, `host_memory`).
//! - `direct`: the per-scan decision between the cache and a direct path read.
//! - `os_cache`: the OS page cache under the buffer cache, and double buffering.
//!
//! A buffered read costs `cost.physical_read_ms` per request (a multiblock request is charged
//! once, on the first block it has to read from disk). A block found in the OS page cache
//! costs `cost.os_cache_read_us` of CPU (a system call and a copy) and no disk wait. A direct
//! path read moves `db_block_size` bytes at `cost.direct_read_mb_s`.

pub mod config;
pub mod direct;
pub mod os_cache;

pub use config::{IoConfig, SerialDirectRead};
pub use direct::{ScanDecision, ScanReason};

use crate::common::NIL;
use os_cache::{Lookup, OsCache};
use serde::Serialize;
use ts_rs::TS;

/// Where a block read for the buffer cache, or for a direct path read, came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum ReadSource {
    /// A read request to disk, charged here.
    Disk,
    /// Part of a multiblock request already charged.
    Rides,
    /// The OS page cache: a system call and a copy, no disk wait.
    OsCache,
}

/// One block read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Read {
    pub ns: u64,
    pub source: ReadSource,
    /// The buffer whose block lost its OS page to make room (NIL if none).
    pub evicted_buf: u32,
}

/// What the I/O layer counts (V$SYSSTAT names where Oracle has them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IoCounters {
    /// Read requests that went to disk for the buffer cache.
    pub disk_requests: u64,
    pub os_hits: u64,
    pub os_misses: u64,
    /// Nanoseconds of Oracle's buffered `physical reads` (disk and OS page cache).
    pub read_ns: u64,
    pub physical_reads_direct: u64,
    pub direct_read_ns: u64,
    pub table_scans_short: u64,
    pub table_scans_long: u64,
    pub table_scans_direct: u64,
    pub segment_checkpoints: u64,
    pub checkpoint_writes: u64,
}

/// The I/O layer under one buffer cache.
#[derive(Debug, Clone)]
pub struct Io {
    pub cfg: IoConfig,
    /// What one buffered read request costs, nanoseconds.
    physical_read_ns: u64,
    /// One block of a direct path read, nanoseconds.
    direct_block_ns: u64,
    /// One block copied out of the OS page cache, nanoseconds.
    os_read_ns: u64,
    /// Multiblock requests started so far, and the one whose I/O was last charged.
    requests: u64,
    charged: u64,
    pub os: Option<OsCache>,
    pub n: IoCounters,
}

impl Io {
    pub fn new(cfg: IoConfig, cost: &crate::scenario::segment::CostNs) -> Io {
        let os = (cfg.os_cache_blocks > 0)
            .then(|| OsCache::new(cfg.os_cache_blocks.min(u32::MAX as u64) as u32));
        let direct_block_ns = if cost.direct_mb_s > 0.0 {
            (cfg.db_block_size as f64 / (cost.direct_mb_s * 1_048_576.0) * 1e9).round() as u64
        } else {
            0
        };
        Io {
            cfg,
            physical_read_ns: cost.physical_read,
            direct_block_ns,
            os_read_ns: cost.os_cache_read,
            requests: 0,
            charged: 0,
            os,
            n: IoCounters::default(),
        }
    }

    /// A new read request begins (the first access of a multiblock read).
    #[inline]
    pub fn start_request(&mut self) {
        self.requests += 1;
    }

    /// Through the OS page cache, if there is one: `Some` on a hit.
    fn os_read(&mut self, dba: u32, evicted_buf: &mut u32) -> Option<Read> {
        let os = self.os.as_mut()?;
        match os.read(dba) {
            Lookup::Hit => {
                self.n.os_hits += 1;
                Some(Read {
                    ns: self.os_read_ns,
                    source: ReadSource::OsCache,
                    evicted_buf: NIL,
                })
            }
            Lookup::Filled { evicted } => {
                self.n.os_misses += 1;
                *evicted_buf = evicted.map_or(NIL, |e| e.1);
                None
            }
        }
    }

    /// Read one block for a buffer-cache miss.
    #[inline]
    pub fn read(&mut self, dba: u32, multiblock: bool) -> Read {
        let mut evicted_buf = NIL;
        let r = match self.os_read(dba, &mut evicted_buf) {
            Some(hit) => hit,
            None if multiblock && self.requests == self.charged => Read {
                ns: 0,
                source: ReadSource::Rides,
                evicted_buf,
            },
            None => {
                self.charged = self.requests;
                self.n.disk_requests += 1;
                Read {
                    ns: self.physical_read_ns,
                    source: ReadSource::Disk,
                    evicted_buf,
                }
            }
        };
        self.n.read_ns += r.ns;
        r
    }

    /// Read one block straight into session memory (a direct path read).
    pub fn read_direct(&mut self, dba: u32) -> Read {
        self.n.physical_reads_direct += 1;
        let mut evicted_buf = NIL;
        let r = self.os_read(dba, &mut evicted_buf).unwrap_or(Read {
            ns: self.direct_block_ns,
            source: ReadSource::Disk,
            evicted_buf,
        });
        self.n.direct_read_ns += r.ns;
        r
    }

    /// The block now sits in buffer `buf` too (NIL: no longer in any buffer).
    #[inline]
    pub fn attach(&mut self, dba: u32, buf: u32) {
        if let Some(os) = &mut self.os {
            os.attach(dba, buf);
        }
    }

    /// Blocks held in both caches.
    pub fn double_buffered(&self) -> u32 {
        self.os.as_ref().map_or(0, |o| o.double_buffered)
    }
}

#[cfg(test)]
mod tests;
