//! The JSON report of a run (docs/model.md §4) and its comparison with a paper's figures.

use crate::buffer::read::stats::PoolStatistics;
use crate::buffer::Cache;
use crate::profile::Profile;
use crate::scenario::paper::{compared, Compared, PaperComparison};
use crate::scenario::Paper;
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct DbwrStatistics {
    pub id: u32,
    /// Working sets dealt to this DBWR.
    pub sets: Vec<u32>,
    #[ts(type = "number")]
    pub batches: u64,
    #[ts(type = "number")]
    pub writes: u64,
    /// Seconds spent writing.
    pub busy_s: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct HashStatistics {
    pub buckets: u32,
    pub latches: u32,
    #[ts(type = "number")]
    pub lookups: u64,
    /// Mean headers compared per lookup.
    pub avg_walk: f64,
    pub max_walk: u32,
    /// The longest chain now.
    pub max_chain: u32,
    /// Gets of the busiest and the idlest cache buffers chains latch.
    #[ts(type = "number")]
    pub latch_gets_max: u64,
    #[ts(type = "number")]
    pub latch_gets_min: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct Totals {
    #[ts(type = "number")]
    pub logical_reads: u64,
    #[ts(type = "number")]
    pub physical_reads: u64,
    pub hit_ratio: Option<f64>,
}

/// The OS page cache under the buffer cache (seed 003), when reads are buffered.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct OsCacheStatistics {
    /// Pages it can hold (host memory the SGA leaves, in blocks).
    #[ts(type = "number")]
    pub size_blocks: u64,
    pub resident_blocks: u32,
    /// Buffer-cache misses it served: a system call and a copy, no disk wait.
    #[ts(type = "number")]
    pub hits: u64,
    /// Buffer-cache misses it had to read from disk.
    #[ts(type = "number")]
    pub misses: u64,
    /// Blocks held in both caches now, and the memory that wastes.
    pub double_buffered_blocks: u32,
    #[ts(type = "number")]
    pub double_buffered_bytes: u64,
    /// Of Oracle's `physical reads`, the share the OS page cache served (invisible in
    /// V$BUFFER_POOL_STATISTICS).
    pub hidden_share: Option<f64>,
}

/// The I/O path: direct path reads, scans, the segment checkpoints and the OS page cache
/// (present for profiles 10.2.0.5 and later, or with an OS page cache).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct IoStatistics {
    #[ts(type = "number")]
    pub physical_reads_direct: u64,
    /// `table scans (short tables)`, `(long tables)` and `(direct read)`.
    #[ts(type = "number")]
    pub table_scans_short: u64,
    #[ts(type = "number")]
    pub table_scans_long: u64,
    #[ts(type = "number")]
    pub table_scans_direct: u64,
    #[ts(type = "number")]
    pub segment_checkpoints: u64,
    #[ts(type = "number")]
    pub checkpoint_writes: u64,
    /// Read requests Oracle sent to disk for the buffer cache.
    #[ts(type = "number")]
    pub disk_read_requests: u64,
    /// Mean wait of a buffered read as Oracle's wait events show it (`db file sequential
    /// read` / `db file scattered read`: one wait per disk request or per block copied from
    /// the OS page cache), ms. Sub-millisecond: the OS page cache served it.
    pub avg_read_ms: Option<f64>,
    /// Seconds spent in direct path reads.
    pub direct_read_s: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub os_cache: Option<OsCacheStatistics>,
}

/// One step of a `script` workload, with its own elapsed time and counts.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct StepStatistics {
    pub index: u32,
    pub text: String,
    pub elapsed_s: f64,
    /// Started, and finished (the run has gone past it).
    pub done: bool,
    #[ts(type = "number")]
    pub logical_reads: u64,
    #[ts(type = "number")]
    pub physical_reads: u64,
    #[ts(type = "number")]
    pub physical_reads_direct: u64,
    #[ts(type = "number")]
    pub os_cache_hits: u64,
    #[ts(type = "number")]
    pub rows: u64,
    pub rows_per_s: Option<f64>,
    /// Mean wait of the step's buffered reads, ms, as `db file sequential read` / `db file
    /// scattered read` show it (sub-millisecond: the OS page cache served them).
    pub avg_read_ms: Option<f64>,
    /// The first full-scan decision of the step.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub scan: Option<crate::io::ScanDecision>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct Report {
    /// The scenario's title.
    pub scenario: String,
    pub profile: Profile,
    /// The replacement policy every working set ran (the profile's own unless the scenario
    /// named one).
    pub policy: String,
    pub elapsed_s: f64,
    #[ts(type = "number")]
    pub accesses: u64,
    #[ts(type = "number")]
    pub executions: u64,
    /// True once the workload has run to its end.
    pub done: bool,
    pub pools: Vec<PoolStatistics>,
    pub total: Totals,
    pub dbwr: Vec<DbwrStatistics>,
    pub hash_chains: HashStatistics,
    pub notes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub io: Option<IoStatistics>,
    /// Rows fetched, and per second of elapsed time (row-fetching workloads).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub rows: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rows_per_s: Option<f64>,
    /// A script's steps so far.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<StepStatistics>>", optional)]
    pub steps: Vec<StepStatistics>,
    /// The host: throughput and paging (docs/model.md §3), with a `host` section or `oltp_batch`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub host: Option<crate::host::report::HostStatistics>,
    /// V$DB_CACHE_ADVICE (`db_cache_advice = ON`): 20 rows per pool.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<crate::buffer::advice::AdviceRow>>", optional)]
    pub db_cache_advice: Vec<crate::buffer::advice::AdviceRow>,
    /// A sampled run (docs/model.md §3.4): what it kept and its figures scaled back; the rest
    /// of the report is the sampled cache's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sampling: Option<crate::buffer::read::sampled::SamplingReport>,
}

fn per_s(n: u64, ns: u64) -> Option<f64> {
    (ns > 0 && n > 0).then(|| n as f64 * 1e9 / ns as f64)
}

fn io_statistics(cache: &Cache) -> Option<IoStatistics> {
    let io = &cache.io;
    if !cache.cfg.profile.has_serial_direct_reads() && io.os.is_none() {
        return None;
    }
    let n = &io.n;
    let buffered = n.os_hits + n.os_misses;
    Some(IoStatistics {
        physical_reads_direct: n.physical_reads_direct,
        table_scans_short: n.table_scans_short,
        table_scans_long: n.table_scans_long,
        table_scans_direct: n.table_scans_direct,
        segment_checkpoints: n.segment_checkpoints,
        checkpoint_writes: n.checkpoint_writes,
        disk_read_requests: n.disk_requests,
        avg_read_ms: {
            let waits = n.disk_requests + n.os_hits;
            (waits > 0).then(|| n.read_ns as f64 / 1e6 / waits as f64)
        },
        direct_read_s: n.direct_read_ns as f64 / 1e9,
        os_cache: io.os.as_ref().map(|os| OsCacheStatistics {
            size_blocks: io.cfg.os_cache_blocks,
            resident_blocks: os.len(),
            hits: n.os_hits,
            misses: n.os_misses,
            double_buffered_blocks: os.double_buffered,
            double_buffered_bytes: os.double_buffered as u64 * cache.cfg.db_block_size as u64,
            hidden_share: (buffered > 0).then(|| n.os_hits as f64 / buffered as f64),
        }),
    })
}

fn step_statistics(cache: &Cache, done: bool) -> Vec<StepStatistics> {
    let now = (cache.now, cache.tally());
    let marks = &cache.steps;
    marks
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let (end_ns, end) = marks.get(k + 1).map_or(now, |n| (n.start_ns, n.at));
            let d = end.minus(m.at);
            let ns = end_ns - m.start_ns;
            StepStatistics {
                index: m.index,
                text: cache
                    .script
                    .get(m.index as usize)
                    .map_or_else(String::new, |c| c.text.clone()),
                elapsed_s: ns as f64 / 1e9,
                done: k + 1 < marks.len() || done,
                logical_reads: d.logical_reads,
                physical_reads: d.physical_reads,
                physical_reads_direct: d.physical_reads_direct,
                os_cache_hits: d.os_cache_hits,
                rows: d.rows,
                rows_per_s: per_s(d.rows, ns),
                avg_read_ms: (d.read_waits > 0)
                    .then(|| d.read_ns as f64 / 1e6 / d.read_waits as f64),
                scan: m.decision,
            }
        })
        .collect()
}

impl Report {
    pub fn new(
        scenario: &str,
        cache: &Cache,
        accesses: u64,
        executions: u64,
        done: bool,
        notes: &[String],
    ) -> Report {
        let pools = cache.pool_statistics();
        let logical_reads: u64 = pools.iter().map(|p| p.logical_reads).sum();
        let physical_reads: u64 = pools.iter().map(|p| p.physical_reads).sum();
        let h = &cache.hash;
        let latch_gets = h.latch_gets();
        // the measurement interval: after the warm-up, if the workload has one
        let measured_ns = cache.now - cache.measured_from_ns();
        Report {
            scenario: scenario.to_string(),
            profile: cache.cfg.profile,
            policy: cache.cfg.policy.clone(),
            elapsed_s: measured_ns as f64 / 1e9,
            accesses,
            executions,
            done,
            total: Totals {
                logical_reads,
                physical_reads,
                hit_ratio: (logical_reads > 0)
                    .then(|| 1.0 - physical_reads as f64 / logical_reads as f64),
            },
            pools,
            dbwr: cache
                .dbwrs
                .iter()
                .enumerate()
                .map(|(k, d)| DbwrStatistics {
                    id: k as u32,
                    sets: d.sets.clone(),
                    batches: d.batches,
                    writes: d.writes,
                    busy_s: d.busy_ns as f64 / 1e9,
                })
                .collect(),
            hash_chains: HashStatistics {
                buckets: h.bucket_count(),
                latches: h.latches,
                lookups: h.lookups,
                avg_walk: if h.lookups == 0 {
                    0.0
                } else {
                    h.walked as f64 / h.lookups as f64
                },
                max_walk: h.max_walk,
                max_chain: (0..h.bucket_count())
                    .map(|b| h.chain_len(b))
                    .max()
                    .unwrap_or(0),
                latch_gets_max: latch_gets.iter().copied().max().unwrap_or(0),
                latch_gets_min: latch_gets.iter().copied().min().unwrap_or(0),
            },
            notes: notes.to_vec(),
            io: io_statistics(cache),
            rows: (cache.rows > 0).then_some(cache.rows),
            rows_per_s: per_s(cache.rows, measured_ns),
            steps: step_statistics(cache, done),
            host: cache
                .host()
                .map(|h| crate::host::report::HostStatistics::new(h, cache.now)),
            db_cache_advice: Vec::new(),
            sampling: None,
        }
    }
}

/// The paper's figures beside the report's.
pub fn compare(paper: &Paper, r: &Report) -> PaperComparison {
    let mut rows: Vec<Compared> = paper
        .elapsed_s
        .map(|e| compared("", "elapsed_s", e, r.elapsed_s))
        .into_iter()
        .collect();
    for p in &paper.steps {
        let Some(s) = r.steps.iter().find(|s| s.index + 1 == p.step) else {
            continue;
        };
        let name = format!("step {}: {}", p.step, s.text);
        if let Some(e) = p.elapsed_s {
            rows.push(compared(&name, "elapsed_s", e, s.elapsed_s));
        }
        if let Some(v) = p.rows_per_s {
            rows.push(compared(
                &name,
                "rows_per_s",
                v,
                s.rows_per_s.unwrap_or(0.0),
            ));
        }
    }
    for p in &paper.rows {
        let (phys, logical, hit) = if p.pool == "TOTAL" {
            (
                r.total.physical_reads,
                r.total.logical_reads,
                r.total.hit_ratio,
            )
        } else {
            match r.pools.iter().find(|s| s.name == p.pool) {
                Some(s) => (s.physical_reads, s.logical_reads, s.hit_ratio),
                None => (0, 0, None),
            }
        };
        rows.push(compared(
            &p.pool,
            "physical_reads",
            p.physical_reads as f64,
            phys as f64,
        ));
        rows.push(compared(
            &p.pool,
            "logical_reads",
            p.logical_reads as f64,
            logical as f64,
        ));
        rows.push(compared(
            &p.pool,
            "hit_ratio",
            p.hit_ratio,
            hit.unwrap_or(0.0),
        ));
    }
    // Named figures: the hit ratio, and the host's (seed 002: tps, paging rates).
    for m in &paper.metrics {
        let sim = match m.metric.as_str() {
            "hit_ratio" => r.total.hit_ratio,
            name => r.host.as_ref().and_then(|h| h.figure(name)),
        };
        rows.push(compared("", &m.metric, m.value, sim.unwrap_or(0.0)));
    }
    PaperComparison {
        source: paper.source.clone(),
        rows,
    }
}
