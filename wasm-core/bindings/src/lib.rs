//! The thin wasm-bindgen layer over `cachesim`: it converts types and errors and never
//! panics on user input. Structured data crosses as JSON text (typed on the TypeScript side
//! by the ts-rs bindings); per-frame buffer state crosses as typed-array views over wasm
//! memory, valid until the next call into the module.

#[macro_use]
mod lifecycle;
mod buffer;
mod library;
mod mrc;
mod shared;
mod trace;

pub use buffer::Simulation;
pub use library::LibrarySimulation;
pub use mrc::{mrc_policies, mrc_simulate_scenario, mrc_simulate_trace, MrcStream};
pub use trace::{guess_trace_format, TraceReplay};

use cachesim::bench;
use cachesim::buffer as engine_buffer;
use cachesim::init_ora::PARAMS;
use cachesim::library::{self as engine_library, is_library};
use cachesim::Scenario;
use shared::{js_err, json};
use wasm_bindgen::prelude::*;

/// `null` when the scenario is valid (it parses and builds), else `{ "path", "message" }`.
#[wasm_bindgen(js_name = validateScenario)]
pub fn validate_scenario(text: &str) -> String {
    let checked = Scenario::parse(text).and_then(|s| {
        if is_library(&s) {
            engine_library::Run::validate(&s)
        } else {
            engine_buffer::Run::new(s).map(|_| ())
        }
    });
    match checked {
        Ok(()) => "null".into(),
        Err(e) => json(&serde_json::json!({ "path": e.path, "message": e.message })),
    }
}

/// The benchmark workloads' names.
#[wasm_bindgen(js_name = benchWorkloads)]
pub fn bench_workloads() -> Vec<String> {
    bench::WORKLOADS.iter().map(|s| s.to_string()).collect()
}

/// The init.ora parameter reference (names, kinds, limits, defaults, one-line help).
#[wasm_bindgen(js_name = parameterDocs)]
pub fn parameter_docs() -> String {
    json(PARAMS)
}

/// docs/model.md's profile table: every Oracle version's row of rules and defaults, with its help
/// text and sources (`profile::TRAITS`), oldest first. The page reads versions only here.
#[wasm_bindgen(js_name = profileTraits)]
pub fn profile_traits() -> String {
    json(&cachesim::profile::TRAITS)
}

/// Every registered replacement policy (`PolicyInfo`: a scenario's `policy` name, its label, one
/// line on how it works, libCacheSim's name), in registry order: the constants of each policy's
/// file. The page and the scripts read policies only here.
#[wasm_bindgen(js_name = policyNames)]
pub fn policy_names() -> String {
    json(engine_buffer::cache::replacement::POLICIES)
}

/// Parse a scenario and give it back with defaults filled in, or throw the error.
#[wasm_bindgen(js_name = normalizeScenario)]
pub fn normalize_scenario(text: &str) -> Result<String, JsError> {
    Scenario::parse(text).map(|s| s.to_json()).map_err(js_err)
}

/// The library cache benchmark workloads' names.
#[wasm_bindgen(js_name = libraryBenchWorkloads)]
pub fn library_bench_workloads() -> Vec<String> {
    bench::LIBRARY_WORKLOADS
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// The buffer cache's per-frame data format (flag bits, numbers per working set).
#[wasm_bindgen(js_name = bufferConstants)]
pub fn buffer_constants() -> String {
    json(&cachesim::buffer::Constants::get())
}

/// The library cache model's fixed constants (flush batch, time slice, latch sleeps …) and the
/// heap's per-frame data format.
#[wasm_bindgen(js_name = libraryConstants)]
pub fn library_constants() -> String {
    json(&engine_library::Constants::get())
}
