//! Miss-ratio curves (the engine's `buffer::whatif::mrc`): a workload's reference stream held
//! once, the one-pass curves of the stack algorithms over it, and one policy at one size
//! simulated (what the page's Workers run, one size each).

use crate::shared::{js_err, json};
use cachesim::buffer::whatif::mrc::{self, RefStream};
use cachesim::buffer::whatif::trace_feed::TraceOptions;
use cachesim::{Scenario, SimError};
use wasm_bindgen::prelude::*;

fn options(options_json: &str) -> Result<TraceOptions, JsError> {
    serde_json::from_str(options_json)
        .map_err(|e| js_err(SimError::new("trace", format!("bad trace options: {e}"))))
}

fn scenario(scenario_json: &str) -> Result<Scenario, JsError> {
    Scenario::parse(scenario_json).map_err(js_err)
}

/// A workload's references to the DEFAULT pool, ready for curves.
#[wasm_bindgen]
pub struct MrcStream {
    stream: RefStream,
}

#[wasm_bindgen]
impl MrcStream {
    /// The stream of a scenario: one run of it as it stands, its cached references recorded.
    #[wasm_bindgen(js_name = ofScenario)]
    pub fn of_scenario(scenario_json: &str) -> Result<MrcStream, JsError> {
        Ok(MrcStream {
            stream: mrc::scenario_stream(&scenario(scenario_json)?).map_err(js_err)?,
        })
    }

    /// The stream of a trace (the whole file's bytes) through the scenario's objects.
    #[wasm_bindgen(js_name = ofTrace)]
    pub fn of_trace(
        scenario_json: &str,
        options_json: &str,
        bytes: &[u8],
    ) -> Result<MrcStream, JsError> {
        let opts = options(options_json)?;
        Ok(MrcStream {
            stream: mrc::trace_stream(&scenario(scenario_json)?, &opts, bytes).map_err(js_err)?,
        })
    }

    /// `StreamSummary`: accesses, distinct blocks, the scenario's DEFAULT pool size.
    #[wasm_bindgen(js_name = summaryJson)]
    pub fn summary_json(&self) -> String {
        json(&self.stream.summary())
    }

    /// `Curve` of a stack policy (`lru`, `opt`) at `sizes`, in one pass.
    #[wasm_bindgen(js_name = curveJson)]
    pub fn curve_json(&self, policy: &str, sizes: &[u32]) -> Result<String, JsError> {
        Ok(json(
            &mrc::stack_curve(policy, &self.stream.blocks, sizes).map_err(js_err)?,
        ))
    }
}

/// `SizePoint`: the scenario with `policy`, its DEFAULT pool at `size` buffers and one
/// working set, run to its end.
#[wasm_bindgen(js_name = mrcSimulateScenario)]
pub fn mrc_simulate_scenario(
    scenario_json: &str,
    policy: &str,
    size: u32,
) -> Result<String, JsError> {
    let s = scenario(scenario_json)?;
    Ok(json(
        &mrc::simulate_scenario(&s, policy, size).map_err(js_err)?,
    ))
}

/// `SizePoint`: the trace (the whole file's bytes) through the scenario's cache with `policy`
/// at `size` buffers.
#[wasm_bindgen(js_name = mrcSimulateTrace)]
pub fn mrc_simulate_trace(
    scenario_json: &str,
    options_json: &str,
    bytes: &[u8],
    policy: &str,
    size: u32,
) -> Result<String, JsError> {
    let (s, opts) = (scenario(scenario_json)?, options(options_json)?);
    Ok(json(
        &mrc::simulate_trace(&s, &opts, bytes, policy, size).map_err(js_err)?,
    ))
}

/// The policies a curve can be drawn for (every registered one, in registry order, and OPT),
/// and which of them have a one-pass curve: `{ "names": [...], "stack": [...] }`.
#[wasm_bindgen(js_name = mrcPolicies)]
pub fn mrc_policies() -> String {
    json(&serde_json::json!({ "names": mrc::curve_policies(), "stack": mrc::STACK_POLICIES }))
}
