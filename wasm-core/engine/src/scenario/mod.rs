//! Scenario files: one versioned JSON document with the instance, the objects, the workload
//! and the costs (docs/model.md §4). Parsing names the field path of any error.

pub mod host;
pub mod library;
pub mod object;
pub mod paper;
pub mod sampling;
pub mod segment;
pub mod teaching;
pub mod workload;

pub use crate::common::MAX_SIM_NS;

use crate::error::{split_nested, Result, SimError};
use crate::profile::Profile;
pub use paper::{Paper, PaperMetric, PaperRow};
use segment::{Cost, Segment};
use serde::{Deserialize, Serialize};
use serde_json::Value;
pub use teaching::Teaching;
use ts_rs::TS;
pub use workload::WorkloadSpec;

/// The scenario format this build reads.
pub const VERSION: u32 = 1;

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
    /// The replacement policy of every working set, by its registered name ("arc", "lirs" …);
    /// absent: the profile's own Oracle rules (docs/model.md §5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub policy: Option<String>,
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
    #[serde(default, deserialize_with = "object::object")]
    #[ts(as = "Option<Cost>", optional)]
    pub cost: Cost,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "object::optional"
    )]
    #[ts(optional)]
    pub paper: Option<Paper>,
    /// The host's memory and paging (docs/model.md §3); absent: unlimited memory.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "object::optional"
    )]
    #[ts(optional)]
    pub host: Option<host::HostSpec>,
    /// Teaching-only departures from Oracle's rules (generated exercises); absent: none.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "object::optional"
    )]
    #[ts(optional)]
    pub teaching: Option<Teaching>,
    /// A spatial sample of the blocks through a cache scaled by the same rate (docs/model.md
    /// §3.4); absent: the exact run, every block and every buffer.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "object::optional"
    )]
    #[ts(optional)]
    pub sampling: Option<sampling::SamplingSpec>,
}

impl Scenario {
    /// Parse and check a scenario's structure: the error names the field path and what was
    /// expected.
    pub fn parse(text: &str) -> Result<Scenario> {
        // A byte-order mark (as some editors save UTF-8) is not part of the scenario.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
            let (path, message) = split_nested(&path, &e.into_inner().to_string());
            SimError::new(path, message)
        })
    }

    /// The fewest buffers an LRU working set may have: Oracle's 50, unless the scenario asks
    /// for a teaching-only small cache.
    pub fn buffers_per_latch(&self) -> u64 {
        Teaching::buffers_per_latch(self.teaching.as_ref())
    }

    /// The scenario's `init`, checked: `db_block_buffers` may go down to the smallest working
    /// set the scenario allows (a `teaching.small_cache` scenario's is below Oracle's 50).
    pub fn init_ora(&self) -> Result<crate::init_ora::InitOra> {
        let floor = self.buffers_per_latch();
        crate::init_ora::InitOra::with_limits(
            &self.init,
            (floor < teaching::ORACLE_BUFFERS_PER_LATCH).then_some(floor),
            self.sampling_rate()?,
        )
    }

    /// The sampling rate, checked (`sampling.rate`); None for an exact run.
    pub fn sampling_rate(&self) -> Result<Option<f64>> {
        self.sampling.as_ref().map(|s| s.checked_rate()).transpose()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}
