//! The JSON report of a run (MODEL.md §4) and its comparison with a paper's figures.

use crate::buffer::stats::PoolStatistics;
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

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct Report {
    /// The scenario's title.
    pub scenario: String,
    pub profile: Profile,
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
        Report {
            scenario: scenario.to_string(),
            profile: cache.cfg.profile,
            elapsed_s: cache.now as f64 / 1e9,
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
                buckets: h.heads.len() as u32,
                latches: h.latches,
                lookups: h.lookups,
                avg_walk: if h.lookups == 0 {
                    0.0
                } else {
                    h.walked as f64 / h.lookups as f64
                },
                max_walk: h.max_walk,
                max_chain: h.lens.iter().copied().max().unwrap_or(0),
                latch_gets_max: h.latch_gets.iter().copied().max().unwrap_or(0),
                latch_gets_min: h.latch_gets.iter().copied().min().unwrap_or(0),
            },
            notes: notes.to_vec(),
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
    PaperComparison {
        source: paper.source.clone(),
        rows,
    }
}
