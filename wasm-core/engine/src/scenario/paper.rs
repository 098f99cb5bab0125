//! The paper's figures a scenario reproduces, and the comparison of a run's figures with them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One row of the paper's figures a seed experiment reproduces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct PaperRow {
    /// DEFAULT, KEEP, RECYCLE or TOTAL.
    pub pool: String,
    #[ts(type = "number")]
    pub physical_reads: u64,
    #[ts(type = "number")]
    pub logical_reads: u64,
    /// As a fraction (0.469 for 46.9 %).
    pub hit_ratio: f64,
}

/// One published figure of a library cache experiment, by the report's metric name
/// (`parse_count_hard`, `latch_free_wait_s`, … — see `library::METRICS`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct PaperMetric {
    pub metric: String,
    pub value: f64,
}

/// One step of a script with its published figures (1-based, as the script lists them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct PaperStep {
    pub step: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub elapsed_s: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rows_per_s: Option<f64>,
}

/// The published figures of a bundled seed experiment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct Paper {
    /// Where the figures come from ("seed 000, Table 6, TEST1").
    pub source: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub elapsed_s: Option<f64>,
    /// Buffer pool rows (seed 000).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<PaperRow>>", optional)]
    pub rows: Vec<PaperRow>,
    /// Named figures (seed 001).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<PaperMetric>>", optional)]
    pub metrics: Vec<PaperMetric>,
    /// Per-step figures of a script (seeds 003 and 004).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<PaperStep>>", optional)]
    pub steps: Vec<PaperStep>,
    /// What the paper's figures include that the simulator leaves out, and why (shown under
    /// the comparison).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub left_out: Option<String>,
}

/// One figure, the paper's beside the simulator's.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Compared {
    /// DEFAULT, KEEP, RECYCLE, TOTAL, "step N: <statement>", or "" for elapsed time.
    pub pool: String,
    /// physical_reads, logical_reads, hit_ratio, elapsed_s or rows_per_s.
    pub metric: String,
    pub paper: f64,
    pub sim: f64,
    /// (sim − paper) / paper × 100; for hit ratios, the difference in percentage points.
    pub diff_pct: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct PaperComparison {
    pub source: String,
    pub rows: Vec<Compared>,
}

pub fn compared(pool: &str, metric: &str, paper: f64, sim: f64) -> Compared {
    let diff_pct = if metric == "hit_ratio" {
        (sim - paper) * 100.0
    } else if paper == 0.0 {
        if sim == 0.0 {
            0.0
        } else {
            100.0
        }
    } else {
        (sim - paper) / paper * 100.0
    };
    Compared {
        pool: pool.to_string(),
        metric: metric.to_string(),
        paper,
        sim,
        diff_pct,
    }
}
