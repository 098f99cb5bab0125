//! `TraceReplay`: a streamed trace through a buffer scenario's cache (the engine's
//! `buffer::whatif::trace_feed`). The caller reads the file in chunks and feeds them; nothing
//! of the file stays in wasm memory but a record cut by a chunk's end.

use crate::shared::{js_err, json};
use cachesim::buffer::whatif::trace_feed::{self, TraceFeed};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct TraceReplay {
    feed: TraceFeed,
}

#[wasm_bindgen]
impl TraceReplay {
    /// A replay of a trace through the scenario's cache; `options_json` is
    /// `{ "format", "params"?, "map"? }` (TraceOptions). Throws on a bad scenario or options.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str, options_json: &str) -> Result<TraceReplay, JsError> {
        Ok(TraceReplay {
            feed: TraceFeed::from_json(scenario_json, options_json).map_err(js_err)?,
        })
    }

    /// Serve every whole record of the chunk. A bad record throws, naming its line or byte
    /// offset; the accesses before it stay served.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<(), JsError> {
        self.feed.feed(bytes).map_err(js_err)
    }

    /// The end of the file (a truncated binary record throws).
    pub fn finish(&mut self) -> Result<(), JsError> {
        self.feed.finish().map_err(js_err)
    }

    pub fn accesses(&self) -> f64 {
        self.feed.accesses() as f64
    }

    #[wasm_bindgen(js_name = bytesConsumed)]
    pub fn bytes_consumed(&self) -> f64 {
        self.feed.bytes_consumed() as f64
    }

    /// Simulated time, seconds.
    #[wasm_bindgen(js_name = nowSeconds)]
    pub fn now_seconds(&self) -> f64 {
        self.feed.cache().now as f64 / 1e9
    }

    /// The report so far (the same `Report` as a scenario run's).
    #[wasm_bindgen(js_name = reportJson)]
    pub fn report_json(&self) -> String {
        json(&self.feed.report())
    }
}

/// The trace format a file most likely has, from its name and first bytes, as its name
/// (`txt`, `csv`, `oracleGeneral`, `project`).
#[wasm_bindgen(js_name = guessTraceFormat)]
pub fn guess_trace_format(name: &str, head: &[u8]) -> String {
    trace_feed::guess_format(name, head).name().to_string()
}

/// The columns a csv replay with `params` (empty: none given, read automatically) reads from a
/// file that starts with `head`: "object id: column 5 'lbn' · time: column 2 'time'" — the
/// header's names chosen as the replay
/// chooses them (`trace_feed::csv_columns`); an error (the params, or a header whose id column
/// cannot be found) says why, as the replay would.
#[wasm_bindgen(js_name = csvTraceColumns)]
pub fn csv_trace_columns(params: &str, head: &[u8]) -> Result<String, JsError> {
    // no params (an empty string): read as the replay reads it then (trace_feed::csv_params)
    let p = trace_feed::csv_params(Some(params)).map_err(js_err)?;
    let head = head
        .strip_prefix(b"\xEF\xBB\xBF".as_slice())
        .unwrap_or(head);
    let first = head
        .split(|&b| b == b'\n')
        .next()
        .and_then(|l| std::str::from_utf8(l).ok())
        .map(str::trim);
    match first {
        Some(h) if p.has_header || (p.header_auto && trace_feed::looks_like_header(h, &p)) => {
            let used = trace_feed::csv_columns(h, &p).map_err(js_err)?;
            Ok(trace_feed::describe_columns(Some(h), &used))
        }
        _ => Ok(trace_feed::describe_columns(None, &p)),
    }
}
