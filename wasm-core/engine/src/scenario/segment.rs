//! Segments (tables, indexes, clusters) and the costs of simulated time.

use crate::common::PoolId;
use crate::error::{Result, SimError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The largest segment: a DBA has 22 bits of block number, block 0 being the file header.
pub const MAX_SEGMENT_BLOCKS: u32 = (1 << 22) - 2;
/// Segments get files 1..=1022 (10 bits of file number).
pub const MAX_SEGMENTS: usize = 1022;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "UPPERCASE")]
#[ts(export)]
pub enum SegmentType {
    Table,
    Index,
    Cluster,
}

/// One object of a scenario (`objects[]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct Segment {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: SegmentType,
    pub blocks: u32,
    /// The BUFFER_POOL storage clause; DEFAULT when absent.
    #[serde(default = "default_pool")]
    #[ts(as = "Option<PoolId>", optional)]
    pub buffer_pool: PoolId,
    /// The CACHE clause: full-scan blocks go to the head even when the table is large.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub cache: bool,
}

fn default_pool() -> PoolId {
    PoolId::Default
}

/// Validate the objects list: names unique, sizes within the DBA format.
pub fn check_segments(segs: &[Segment]) -> Result<()> {
    if segs.is_empty() {
        return Err(SimError::new("objects", "at least one object is needed"));
    }
    if segs.len() > MAX_SEGMENTS {
        return Err(SimError::new(
            "objects",
            format!(
                "{} objects; the model allows at most {MAX_SEGMENTS}",
                segs.len()
            ),
        ));
    }
    for (k, s) in segs.iter().enumerate() {
        let path = format!("objects[{k}]");
        if s.name.trim().is_empty() {
            return Err(SimError::new(format!("{path}.name"), "must not be empty"));
        }
        if segs[..k]
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(&s.name))
        {
            return Err(SimError::new(
                format!("{path}.name"),
                format!("'{}' is declared twice", crate::error::echo(&s.name)),
            ));
        }
        if s.blocks == 0 || s.blocks > MAX_SEGMENT_BLOCKS {
            return Err(SimError::new(
                format!("{path}.blocks"),
                format!("{} is outside 1..={MAX_SEGMENT_BLOCKS}", s.blocks),
            ));
        }
    }
    Ok(())
}

/// Costs that advance simulated time (docs/model.md §1.8 "Time and cost").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct Cost {
    /// CPU time of one logical read (buffer get), microseconds.
    #[serde(default = "default_logical")]
    #[ts(as = "Option<f64>", optional)]
    pub logical_read_us: f64,
    /// One read I/O request (a single block, or a whole multiblock read), milliseconds.
    #[serde(default = "default_physical")]
    #[ts(as = "Option<f64>", optional)]
    pub physical_read_ms: f64,
    /// DBWR's time to write one buffer, milliseconds.
    #[serde(default = "default_physical")]
    #[ts(as = "Option<f64>", optional)]
    pub physical_write_ms: f64,
    /// Throughput of serial direct path reads (large asynchronous requests), MiB/s. The
    /// default is seed 004's: 775 MiB in 18.785 − 0.55 s of I/O = 42.5 MiB/s.
    #[serde(default = "default_direct")]
    #[ts(as = "Option<f64>", optional)]
    pub direct_read_mb_s: f64,
    /// CPU to serve one block from the OS page cache (a system call and a copy),
    /// microseconds. The default is seed 003's (the arithmetic is in the description of
    /// `scenarios/seed003-fs-cache.json`).
    #[serde(default = "default_os_read")]
    #[ts(as = "Option<f64>", optional)]
    pub os_cache_read_us: f64,
    /// The library cache's per-operation costs (seed 001; defaults from its Table 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub library: Option<super::library::OpCost>,
}

fn default_logical() -> f64 {
    50.0
}
fn default_physical() -> f64 {
    9.4
}
fn default_direct() -> f64 {
    42.5
}
fn default_os_read() -> f64 {
    OS_CACHE_READ_US
}

/// Seed 003's OS page cache read, microseconds: (1/287,114 − 1/695,700) s per row over 1.046
/// OS-cache reads per row (`scenarios/seed003-fs-cache.json` gives the arithmetic).
pub const OS_CACHE_READ_US: f64 = 1.9562;

impl Default for Cost {
    fn default() -> Self {
        Cost {
            logical_read_us: default_logical(),
            physical_read_ms: default_physical(),
            physical_write_ms: default_physical(),
            direct_read_mb_s: default_direct(),
            os_cache_read_us: default_os_read(),
            library: None,
        }
    }
}

/// The costs in integer nanoseconds, the engine's unit of time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CostNs {
    pub logical_read: u64,
    pub physical_read: u64,
    pub physical_write: u64,
    /// Direct path read throughput, MiB/s (the I/O layer turns it into ns per block).
    pub direct_mb_s: f64,
    pub os_cache_read: u64,
}

impl CostNs {
    /// The costs of a run sampled at `rate` (docs/model.md §3.4): each sampled access stands
    /// for 1/rate accesses, so its time is 1/rate times as long, and the sampled clock keeps
    /// pace with the full run's (touch times, DBWR timeouts, trace times). Direct reads move
    /// 1/rate blocks' bytes per block read.
    pub fn sampled(&self, rate: f64) -> CostNs {
        let up = |ns: u64| (ns as f64 / rate).round() as u64;
        CostNs {
            logical_read: up(self.logical_read),
            physical_read: up(self.physical_read),
            physical_write: up(self.physical_write),
            direct_mb_s: self.direct_mb_s * rate,
            os_cache_read: up(self.os_cache_read),
        }
    }
}

impl Cost {
    pub fn to_ns(&self) -> Result<CostNs> {
        let conv = |name: &str, v: f64, unit_ns: f64, max: f64| -> Result<u64> {
            if !v.is_finite() || v < 0.0 || v > max {
                return Err(SimError::new(
                    format!("cost.{name}"),
                    format!("{v} is outside 0..={max}"),
                ));
            }
            Ok((v * unit_ns).round() as u64)
        };
        Ok(CostNs {
            logical_read: conv("logical_read_us", self.logical_read_us, 1e3, 1e6)?,
            physical_read: conv("physical_read_ms", self.physical_read_ms, 1e6, 1e4)?,
            physical_write: conv("physical_write_ms", self.physical_write_ms, 1e6, 1e4)?,
            direct_mb_s: {
                let v = self.direct_read_mb_s;
                if !v.is_finite() || !(0.01..=1e6).contains(&v) {
                    return Err(SimError::new(
                        "cost.direct_read_mb_s",
                        format!("{v} is outside 0.01..=1000000"),
                    ));
                }
                v
            },
            os_cache_read: conv("os_cache_read_us", self.os_cache_read_us, 1e3, 1e6)?,
        })
    }
}

/// Find an object by name (case-insensitive); the error names the field.
pub fn find_segment(segs: &[Segment], name: &str, path: &str) -> Result<u32> {
    segs.iter()
        .position(|s| s.name.eq_ignore_ascii_case(name))
        .map(|k| k as u32)
        .ok_or_else(|| {
            let names: Vec<&str> = segs.iter().map(|s| s.name.as_str()).collect();
            SimError::new(
                path,
                format!(
                    "no object named '{}' (objects: {})",
                    crate::error::echo(name),
                    names
                        .iter()
                        .map(|n| crate::error::echo(n))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })
}
