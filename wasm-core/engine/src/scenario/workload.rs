//! The `workload` object of a scenario: what the sessions do, as the document writes it. The
//! buffer cache turns it into a generator (`buffer::cache::workload`), the library cache reads its
//! `sql_slammer` kind (`library::spec_of`).

use super::library::Slammer;
use crate::error::{nested, split_nested};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum Distribution {
    Uniform,
    Zipf,
}

/// Writes the `WorkloadSpec` enum as given (its serde attributes make the JSON format and the
/// TypeScript type) and a `Shadow` of it, the same variants externally tagged, through which
/// `WorkloadSpec` deserializes: an internally tagged enum buffers its content and loses the
/// field path of an error inside it (`workload: invalid type …` instead of
/// `workload.total_stuffs: invalid type …`); the shadow keeps it.
macro_rules! workload_spec {
    (
        $(#[$emeta:meta])*
        pub enum WorkloadSpec {
            $( $(#[$vmeta:meta])* $variant:ident $fields:tt ),* $(,)?
        }
    ) => {
        $(#[$emeta])*
        pub enum WorkloadSpec {
            $( $(#[$vmeta])* $variant $fields, )*
        }

        #[derive(Deserialize, TS)]
        #[serde(rename_all = "snake_case", deny_unknown_fields)]
        enum Shadow {
            $( $variant $fields, )*
        }

        impl From<Shadow> for WorkloadSpec {
            fn from(s: Shadow) -> Self {
                $(
                    let s = match workload_arm!(s, $variant $fields) {
                        Ok(w) => return w,
                        Err(s) => s,
                    };
                )*
                let _ = s;
                unreachable!("every variant of Shadow is one of WorkloadSpec")
            }
        }
    };
}

/// One variant of `Shadow` to `WorkloadSpec` (`Err` gives back another variant).
macro_rules! workload_arm {
    ($s:ident, $variant:ident { $( $(#[$fmeta:meta])* $field:ident : $fty:ty ),* $(,)? }) => {
        match $s {
            Shadow::$variant { $($field),* } => Ok(WorkloadSpec::$variant { $($field),* }),
            other => Err(other),
        }
    };
    ($s:ident, $variant:ident ( $fty:ty )) => {
        match $s {
            Shadow::$variant(x) => Ok(WorkloadSpec::$variant(x)),
            other => Err(other),
        }
    };
}

/// One part of a `mix` workload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export, export_to = "buffer/")]
pub struct MixPart {
    pub weight: f64,
    pub workload: WorkloadSpec,
}

workload_spec! {
/// What the sessions do. `kind` picks the generator.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[ts(export, export_to = "buffer/")]
pub enum WorkloadSpec {
    /// Seed 000's BUFFER_STUFFER.
    BufferStuffer {
        buffs_per_stuff: u32,
        sleep_secs: f64,
        total_stuffs: u32,
        /// `set_rand(modulus, multiplier, increment)`.
        #[serde(default = "default_set_rand")]
        #[ts(as = "Option<[u64; 3]>", optional)]
        set_rand: [u64; 3],
        /// The first key (the LCG's state before the first execution).
        #[serde(default)]
        #[ts(as = "Option<u64>", optional)]
        seed: u64,
        #[serde(default = "default_large")]
        #[ts(as = "Option<String>", optional)]
        large_table: String,
        #[serde(default = "default_large_pk")]
        #[ts(as = "Option<String>", optional)]
        large_index: String,
        #[serde(default = "default_lookup")]
        #[ts(as = "Option<String>", optional)]
        lookup_table: String,
        #[serde(default = "default_lookup_pk")]
        #[ts(as = "Option<String>", optional)]
        lookup_index: String,
        /// Rows of the lookup table, one per block; its block count when absent.
        #[serde(default)]
        #[ts(optional)]
        lookup_rows: Option<u32>,
    },
    /// Random single-block reads and writes.
    Random {
        accesses: u64,
        /// Object names; all objects when absent.
        #[serde(default)]
        #[ts(optional)]
        segments: Option<Vec<String>>,
        #[serde(default = "default_distribution")]
        #[ts(as = "Option<Distribution>", optional)]
        distribution: Distribution,
        /// Zipf exponent.
        #[serde(default = "default_zipf_s")]
        #[ts(as = "Option<f64>", optional)]
        zipf_s: f64,
        /// Percent of accesses that change the block.
        #[serde(default)]
        #[ts(as = "Option<f64>", optional)]
        write_pct: f64,
        /// Think time after each access, microseconds.
        #[serde(default)]
        #[ts(as = "Option<f64>", optional)]
        think_us: f64,
        #[serde(default = "default_seed")]
        #[ts(as = "Option<u64>", optional)]
        seed: u64,
    },
    /// Repeated full scans of one object.
    Scan {
        segment: String,
        times: u32,
        /// The CACHE (true) or NOCACHE (false) hint; the object's clause when absent.
        #[serde(default)]
        #[ts(optional)]
        cache_hint: Option<bool>,
        /// Sleep after each scan, milliseconds.
        #[serde(default)]
        #[ts(as = "Option<f64>", optional)]
        sleep_ms: f64,
    },
    /// Workloads interleaved by weight, one execution at a time.
    Mix {
        executions: u64,
        #[serde(default = "default_seed")]
        #[ts(as = "Option<u64>", optional)]
        seed: u64,
        parts: Vec<MixPart>,
    },
    /// Replay of a CSV trace with header `time_ms,object,block,op` (op r, w or s).
    Trace { csv: String },
    /// A test script: statements and runs of other workloads in order, each step's elapsed
    /// time in the report (seed 004's SQL*Plus script as one scenario).
    Script { steps: Vec<ScriptStep> },
    /// Index range scans fetching one row per call (seed 003's OLTP test): each range reads
    /// the index root and the first leaf, then per row the leaf again and the row's block.
    IndexRange {
        table: String,
        index: String,
        ranges: u64,
        /// Rows fetched per range.
        #[serde(default = "default_rows_per_range")]
        #[ts(as = "Option<u32>", optional)]
        rows_per_range: u32,
        /// Rows in one table block.
        rows_per_block: u32,
        /// Rows stored in key order (true) or scattered over the table (false).
        #[serde(default)]
        #[ts(as = "Option<bool>", optional)]
        clustered: bool,
        #[serde(default = "default_seed")]
        #[ts(as = "Option<u64>", optional)]
        seed: u64,
    },
    /// Seed 002's benchmark: `jobs` batch jobs on one CPU, each running transactions that
    /// update one random row through a unique index and insert one row at the end of another
    /// table (see `oltp_batch.rs` for the eleven logical reads of one transaction).
    OltpBatch {
        jobs: u32,
        /// Transactions in all, the warm-up included.
        transactions: u64,
        /// Transactions before the statistics are reset: the report covers the rest.
        #[serde(default)]
        #[ts(as = "Option<u64>", optional)]
        warmup_transactions: u64,
        /// The randomly updated table and its unique index.
        table: String,
        index: String,
        /// Rows in one block of the updated table.
        rows_per_block: u32,
        /// Branch blocks of the index (between the root and the leaves).
        index_branch_blocks: u32,
        /// The table each transaction inserts a row at the end of, and its rows per block.
        insert_table: String,
        insert_rows_per_block: u32,
        /// The rollback segment: block 0 its header, the rest undo blocks used in turn.
        rollback_segment: String,
        /// Transactions whose undo fills one undo block.
        undo_per_block: u32,
        /// CPU of one transaction besides its logical reads and I/O (the SQL layer, redo,
        /// locks, commit), microseconds.
        txn_cpu_us: f64,
        #[serde(default = "default_seed")]
        #[ts(as = "Option<u64>", optional)]
        seed: u64,
    },
    /// Seed 001's SQLSlammer: sessions parsing and executing SQL against the library cache
    /// and shared pool (a library cache scenario; it touches no buffers).
    SqlSlammer(Slammer),
}
}

const KINDS: &[&str] = &[
    "buffer_stuffer",
    "random",
    "scan",
    "mix",
    "trace",
    "script",
    "index_range",
    "oltp_batch",
    "sql_slammer",
];

impl<'de> Deserialize<'de> for WorkloadSpec {
    /// Reads `kind`, then the rest as that kind's fields through the shadow enum, so that an
    /// error names the field inside the workload (see [`crate::error::nested`]).
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        use serde::de::Error;
        use serde_path_to_error::Segment;
        let mut map = serde_json::Map::<String, Value>::deserialize(d)?;
        let kind = match map.remove("kind") {
            Some(Value::String(k)) if KINDS.contains(&k.as_str()) => k,
            Some(Value::String(k)) => {
                return Err(D::Error::custom(nested(
                    "kind",
                    &format!("unknown kind `{k}`, expected one of {}", KINDS.join(", ")),
                )))
            }
            Some(v) => {
                return Err(D::Error::custom(nested(
                    "kind",
                    &format!("{v} is not a kind; expected one of {}", KINDS.join(", ")),
                )))
            }
            None => {
                return Err(D::Error::custom(nested(
                    "kind",
                    &format!("missing; expected one of {}", KINDS.join(", ")),
                )))
            }
        };
        let tagged = Value::Object([(kind, Value::Object(map))].into_iter().collect());
        match serde_path_to_error::deserialize::<_, Shadow>(tagged) {
            Ok(s) => Ok(s.into()),
            Err(e) => {
                // The first segment is the variant; the rest is the path inside the workload.
                let mut path = String::new();
                for seg in e.path().iter().skip(1) {
                    match seg {
                        Segment::Seq { index } => path.push_str(&format!("[{index}]")),
                        Segment::Map { key } | Segment::Enum { variant: key } => {
                            if !path.is_empty() {
                                path.push('.');
                            }
                            path.push_str(key);
                        }
                        Segment::Unknown => {
                            if !path.is_empty() {
                                path.push('.');
                            }
                            path.push('?');
                        }
                    }
                }
                let (path, message) = split_nested(&path, &e.into_inner().to_string());
                Err(D::Error::custom(nested(&path, &message)))
            }
        }
    }
}

fn default_set_rand() -> [u64; 3] {
    [14406, 967, 3041]
}
fn default_large() -> String {
    "LARGE_TBL".into()
}
fn default_large_pk() -> String {
    "LARGE_TBL_PK".into()
}
fn default_lookup() -> String {
    "LOOKUP_TBL".into()
}
fn default_lookup_pk() -> String {
    "LOOKUP_TBL_PK".into()
}
fn default_distribution() -> Distribution {
    Distribution::Uniform
}
fn default_zipf_s() -> f64 {
    1.0
}
fn default_seed() -> u64 {
    1
}
fn default_rows_per_range() -> u32 {
    10
}

impl WorkloadSpec {
    /// The `kind` as written in a scenario.
    pub fn kind_name(&self) -> &'static str {
        self.names().0
    }

    /// The field whose waits make this workload's simulated time (for the clock's limit).
    pub fn wait_field(&self) -> &'static str {
        self.names().1
    }

    fn names(&self) -> (&'static str, &'static str) {
        match self {
            WorkloadSpec::BufferStuffer { .. } => ("buffer_stuffer", "workload.sleep_secs"),
            WorkloadSpec::Random { .. } => ("random", "workload.think_us"),
            WorkloadSpec::Scan { .. } => ("scan", "workload.sleep_ms"),
            WorkloadSpec::Mix { .. } => ("mix", "workload.parts"),
            WorkloadSpec::Trace { .. } => ("trace", "workload.csv"),
            WorkloadSpec::Script { .. } => ("script", "workload.steps"),
            WorkloadSpec::IndexRange { .. } => ("index_range", "workload.ranges"),
            WorkloadSpec::OltpBatch { .. } => ("oltp_batch", "workload.transactions"),
            WorkloadSpec::SqlSlammer(_) => ("sql_slammer", "workload"),
        }
    }
}

/// One step of a `script` workload: a statement (`sql`) or a run of another workload (`run`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export, export_to = "buffer/")]
pub struct ScriptStep {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sql: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub run: Option<Box<WorkloadSpec>>,
    /// What the timeline calls the step; the statement when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub label: Option<String>,
}
