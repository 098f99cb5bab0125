//! Scenario files: one versioned JSON document with the instance, the objects, the workload
//! and the costs (MODEL.md §4). Parsing names the field path of any error.

use crate::cache::BufferCache;
use crate::config::{CacheConfig, PoolId, Profile};
use crate::error::{Result, SimError};
use crate::params::InitOra;
use crate::segment::{check_segments, Cost, Segment};
use crate::workload::{Generator, WorkloadSpec};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// The scenario format this build reads.
pub const VERSION: u32 = 1;

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
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct Scenario {
    pub version: u32,
    pub title: String,
    #[serde(default)]
    #[ts(as = "Option<String>", optional)]
    pub description: String,
    pub profile: Profile,
    /// init.ora parameters by their Oracle names, values as Oracle writes them.
    #[serde(default)]
    #[ts(optional, type = "Record<string, string | number | boolean>")]
    pub init: serde_json::Map<String, Value>,
    /// The segments a buffer cache workload reads (none in a library cache scenario).
    /// (Optional in the JSON: a library cache scenario leaves it out. The UI's buffer cache
    /// panels always have it, hence required in the TypeScript type.)
    #[serde(default)]
    pub objects: Vec<Segment>,
    pub workload: WorkloadSpec,
    #[serde(default)]
    #[ts(as = "Option<Cost>", optional)]
    pub cost: Cost,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub paper: Option<Paper>,
}

impl Scenario {
    /// Parse and check a scenario's structure: the error names the field path and what was
    /// expected.
    pub fn parse(text: &str) -> Result<Scenario> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| SimError::new("", format!("not valid JSON: {e}")))?;
        let obj = value
            .as_object()
            .ok_or_else(|| SimError::new("", "a scenario is a JSON object"))?;
        match obj.get("version") {
            Some(Value::Number(n)) if n.as_u64() == Some(VERSION as u64) => {}
            Some(v) => {
                return Err(SimError::new(
                    "version",
                    format!("{v} is not a version this build reads (it reads {VERSION})"),
                ))
            }
            None => {
                return Err(SimError::new(
                    "version",
                    format!("missing; expected {VERSION}"),
                ))
            }
        }
        serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let path = if path == "." { String::new() } else { path };
            SimError::new(path, e.into_inner().to_string())
        })
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a scenario always serializes")
    }
}

/// A scenario turned into a cache and a workload, with the notes the run should show.
pub struct Instance {
    pub cache: BufferCache,
    pub generator: Generator,
    pub notes: Vec<String>,
}

impl Instance {
    pub fn build(s: &Scenario) -> Result<Instance> {
        if crate::library::is_library(s) {
            return Err(SimError::new(
                "workload.kind",
                "sql_slammer is a library cache workload: run it as a library cache scenario",
            ));
        }
        let init = InitOra::new(&s.init)?;
        let cfg = CacheConfig::resolve(s.profile, &init)?;
        check_segments(&s.objects)?;
        let mut segs = s.objects.clone();
        let mut notes: Vec<String> = init
            .foreign(crate::params::ParamArea::BufferCache)
            .into_iter()
            .map(|n| {
                format!("{n} acts on the library cache: this buffer cache scenario does not use it")
            })
            .collect();
        for seg in &mut segs {
            if cfg.pool(seg.buffer_pool).is_none() {
                notes.push(format!(
                    "{} is assigned to the {} pool, which has no buffers: its blocks use DEFAULT, as Oracle does",
                    seg.name,
                    seg.buffer_pool.name()
                ));
                seg.buffer_pool = PoolId::Default;
            }
        }
        if cfg.aging.freeze_cr {
            notes.push(
                "_db_aging_freeze_cr = TRUE changes nothing here: the model makes no CR clones"
                    .into(),
            );
        }
        let generator = Generator::new(&s.workload, &segs, cfg.multiblock_read_count)?;
        let cost = s.cost.to_ns()?;
        Ok(Instance {
            cache: BufferCache::new(cfg, segs, cost),
            generator,
            notes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = r#"{ "version": 1, "title": "t", "profile": "8.1.5",
        "init": { "db_block_buffers": 100 },
        "objects": [ { "name": "T", "type": "TABLE", "blocks": 500 } ],
        "workload": { "kind": "random", "accesses": 10 } }"#;

    #[test]
    fn a_good_scenario_parses_and_builds() {
        let s = Scenario::parse(OK).unwrap();
        assert_eq!(s.profile, Profile::V8_1_5);
        assert_eq!(s.cost, Cost::default());
        Instance::build(&s).unwrap();
    }

    #[test]
    fn errors_name_the_field_path() {
        let cases = [
            (OK.replace("\"version\": 1", "\"version\": 2"), "version"),
            (
                OK.replace("\"blocks\": 500", "\"blocks\": \"many\""),
                "objects[0].blocks",
            ),
            (OK.replace("\"8.1.5\"", "\"9i\""), "profile"),
            (OK.replace("\"random\"", "\"randm\""), "workload.kind"),
            (
                OK.replace("\"accesses\": 10", "\"accesses\": 10, \"bogus\": 1"),
                "workload",
            ),
            (OK.replace("\"TABLE\"", "\"VIEW\""), "objects[0].type"),
        ];
        for (text, path) in cases {
            let e = Scenario::parse(&text).unwrap_err();
            assert_eq!(e.path, path, "{e}");
        }
    }

    #[test]
    fn semantic_errors_name_the_field() {
        let s = Scenario::parse(&OK.replace(
            "\"accesses\": 10",
            "\"accesses\": 10, \"segments\": [\"NOPE\"]",
        ))
        .unwrap();
        let e = Instance::build(&s).err().unwrap();
        assert_eq!(e.path, "workload.segments[0]");
        let s = Scenario::parse(&OK.replace("100 }", "100, \"_db_percent_hot_default\": 120 }"))
            .unwrap();
        assert_eq!(
            Instance::build(&s).err().unwrap().path,
            "init._db_percent_hot_default"
        );
    }

    #[test]
    fn unconfigured_pool_falls_back_to_default_with_a_note() {
        let s = Scenario::parse(&OK.replace(
            "\"blocks\": 500",
            "\"blocks\": 500, \"buffer_pool\": \"KEEP\"",
        ))
        .unwrap();
        let i = Instance::build(&s).unwrap();
        assert_eq!(i.cache.segs[0].buffer_pool, PoolId::Default);
        assert!(i.notes[0].contains("KEEP"));
    }
}
