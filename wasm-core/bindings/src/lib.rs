//! The thin wasm-bindgen layer over `cachesim`: it converts types and errors and never
//! panics on user input. Structured data crosses as JSON text (typed on the TypeScript side
//! by the ts-rs bindings); per-frame buffer state crosses as typed-array views over wasm
//! memory, valid until the next call into the module.

use cachesim::bench;
use cachesim::buffer;
use cachesim::init_ora::PARAMS;
use cachesim::library::{self, is_library};
use cachesim::Profile;
use cachesim::{Scenario, SimError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn js_err(e: SimError) -> JsError {
    JsError::new(&e.to_string())
}

fn json<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// A count or position from JavaScript: NaN, infinities and negatives are 0.
fn whole(n: f64) -> u64 {
    if n.is_finite() && n > 0.0 {
        n as u64
    } else {
        0
    }
}

/// `null` when the scenario is valid (it parses and builds), else `{ "path", "message" }`.
#[wasm_bindgen(js_name = validateScenario)]
pub fn validate_scenario(text: &str) -> String {
    let checked = Scenario::parse(text).and_then(|s| {
        if is_library(&s) {
            library::Run::validate(&s)
        } else {
            buffer::Run::new(s).map(|_| ())
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

/// One simulation: the opaque handle the UI and the headless runner drive.
#[wasm_bindgen]
pub struct Simulation {
    run: buffer::Run,
    order: Vec<u32>,
    info: Vec<u32>,
}

impl Simulation {
    /// The layout vectors get their full size up front, so that `layout` never grows wasm
    /// memory (which would detach typed-array views the caller already holds).
    fn with(run: buffer::Run) -> Simulation {
        let c = run.cache();
        Simulation {
            order: Vec::with_capacity(c.b.len()),
            info: Vec::with_capacity(c.sets.len() * 5),
            run,
        }
    }
}

#[wasm_bindgen]
impl Simulation {
    /// Build from scenario JSON; a bad scenario throws an Error whose message names the
    /// field path and the limit.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<Simulation, JsError> {
        Ok(Simulation::with(
            buffer::Run::from_json(scenario_json).map_err(js_err)?,
        ))
    }

    /// A benchmark run (workload "seed000" or "zipf-rw"; profile "8.0", "8.1.5", "8.1.6"),
    /// ready to `runToEnd`.
    pub fn bench(workload: &str, profile: &str) -> Result<Simulation, JsError> {
        let p = Profile::parse(profile).map_err(js_err)?;
        let run = bench::prepare(workload, p)
            .ok_or_else(|| JsError::new(&format!("unknown bench workload '{workload}'")))?;
        Ok(Simulation::with(run))
    }

    /// The scenario as the engine read it (defaults filled in), as JSON.
    #[wasm_bindgen(js_name = scenarioJson)]
    pub fn scenario_json(&self) -> String {
        self.run.scenario.to_json()
    }

    /// The resolved instance (pools, aging, hash, DBWRs) and the working sets, as JSON.
    #[wasm_bindgen(js_name = configJson)]
    pub fn config_json(&self) -> String {
        json(&self.run.cache().layout_info())
    }

    #[wasm_bindgen(js_name = setRecordEvents)]
    pub fn set_record_events(&mut self, on: bool) {
        self.run.set_record(on);
    }

    /// Serve up to `n` accesses; returns how many were served. A model error that stopped
    /// the run throws, with its message.
    pub fn step(&mut self, n: f64) -> Result<f64, JsError> {
        let done = self.run.step(whole(n)) as f64;
        match self.run.fault() {
            Some(e) => Err(js_err(e.clone())),
            None => Ok(done),
        }
    }

    #[wasm_bindgen(js_name = stepExecution)]
    pub fn step_execution(&mut self) -> f64 {
        self.run.step_execution() as f64
    }

    #[wasm_bindgen(js_name = runToEnd)]
    pub fn run_to_end(&mut self) -> f64 {
        self.run.run_to_end() as f64
    }

    /// Go to an exact position (accesses done), replaying from a snapshot.
    pub fn seek(&mut self, position: f64) {
        self.run.seek(whole(position));
    }

    pub fn reset(&mut self) {
        self.run.reset();
    }

    pub fn position(&self) -> f64 {
        self.run.position() as f64
    }

    #[wasm_bindgen(js_name = executionsDone)]
    pub fn executions_done(&self) -> f64 {
        self.run.executions_done() as f64
    }

    #[wasm_bindgen(js_name = totalAccesses)]
    pub fn total_accesses(&self) -> f64 {
        self.run.total_accesses() as f64
    }

    #[wasm_bindgen(js_name = totalExecutions)]
    pub fn total_executions(&self) -> f64 {
        self.run.total_executions() as f64
    }

    pub fn done(&self) -> bool {
        self.run.done()
    }

    /// Simulated time, seconds.
    #[wasm_bindgen(js_name = nowSeconds)]
    pub fn now_seconds(&self) -> f64 {
        self.run.cache().now as f64 / 1e9
    }

    /// The events of the last step call, as a JSON array.
    #[wasm_bindgen(js_name = eventsJson)]
    pub fn events_json(&self) -> String {
        json(self.run.events())
    }

    #[wasm_bindgen(js_name = reportJson)]
    pub fn report_json(&self) -> String {
        json(&self.run.report())
    }

    /// The paper's figures beside the simulator's, or `null` for a scenario with none.
    #[wasm_bindgen(js_name = paperJson)]
    pub fn paper_json(&self) -> String {
        json(&self.run.paper())
    }

    /// The X$BH row of a buffer, or `null`.
    #[wasm_bindgen(js_name = xbhJson)]
    pub fn xbh_json(&self, buf: u32) -> String {
        json(&self.run.cache().xbh(buf))
    }

    /// The buffers on a hash bucket's chain, in walk order, as a JSON array.
    #[wasm_bindgen(js_name = chainJson)]
    pub fn chain_json(&self, bucket: u32) -> String {
        let c = self.run.cache();
        if bucket as usize >= c.hash.heads.len() {
            return "[]".into();
        }
        json(&c.hash.chain(&c.b, bucket))
    }

    /// Data block address held by each buffer (0: free). View over wasm memory.
    pub fn dba(&self) -> js_sys::Uint32Array {
        // SAFETY: a view of a live Vec; the TypeScript wrapper re-reads views after every
        // call into the module, before memory can grow.
        unsafe { js_sys::Uint32Array::view(&self.run.cache().b.dba) }
    }

    /// Touch count of each buffer. View over wasm memory.
    pub fn tch(&self) -> js_sys::Uint32Array {
        // SAFETY: as for `dba`.
        unsafe { js_sys::Uint32Array::view(&self.run.cache().b.tch) }
    }

    /// Flag bits of each buffer: 1 dirty, 2 hot, 4 on write list, 8 being written,
    /// 16 read by a full scan, 32 never used. View over wasm memory.
    pub fn flags(&self) -> js_sys::Uint8Array {
        // SAFETY: as for `dba`.
        unsafe { js_sys::Uint8Array::view(&self.run.cache().b.flags) }
    }

    /// Buffers on each hash chain. View over wasm memory.
    #[wasm_bindgen(js_name = chainLengths)]
    pub fn chain_lengths(&self) -> js_sys::Uint32Array {
        // SAFETY: as for `dba`.
        unsafe { js_sys::Uint32Array::view(&self.run.cache().hash.lens) }
    }

    /// Recompute the drawing order: every buffer, set by set, replacement list from hot head
    /// to cold tail, then write list, then being written, then never used. View over wasm
    /// memory; `layoutInfo` then holds five numbers per set.
    pub fn layout(&mut self) -> js_sys::Uint32Array {
        self.run.cache().layout(&mut self.order, &mut self.info);
        // SAFETY: as for `dba`.
        unsafe { js_sys::Uint32Array::view(&self.order) }
    }

    /// Per set `[replacement length, hot length, write-list length, writing, free]`, as of
    /// the last `layout` call.
    #[wasm_bindgen(js_name = layoutInfo)]
    pub fn layout_info(&self) -> js_sys::Uint32Array {
        // SAFETY: as for `dba`.
        unsafe { js_sys::Uint32Array::view(&self.info) }
    }
}

/// Parse a scenario and give it back with defaults filled in, or throw the error.
#[wasm_bindgen(js_name = normalizeScenario)]
pub fn normalize_scenario(text: &str) -> Result<String, JsError> {
    Scenario::parse(text).map(|s| s.to_json()).map_err(js_err)
}

/// One library cache simulation (a scenario whose workload is `sql_slammer`). Positions are
/// phases of statements: a lookup, an execution, an unpin.
#[wasm_bindgen]
pub struct LibrarySimulation {
    run: library::Run,
}

#[wasm_bindgen]
impl LibrarySimulation {
    /// Build from scenario JSON (runs it once to know its length); a bad scenario throws an
    /// Error whose message names the field path and the limit.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<LibrarySimulation, JsError> {
        Ok(LibrarySimulation {
            run: library::Run::from_json(scenario_json).map_err(js_err)?,
        })
    }

    /// A benchmark run ("literal", "binds" or "force"), ready to `runToEnd`.
    pub fn bench(workload: &str) -> Result<LibrarySimulation, JsError> {
        let run = bench::prepare_library(workload)
            .ok_or_else(|| JsError::new(&format!("unknown library bench workload '{workload}'")))?;
        Ok(LibrarySimulation { run })
    }

    #[wasm_bindgen(js_name = scenarioJson)]
    pub fn scenario_json(&self) -> String {
        self.run.scenario.to_json()
    }

    /// The resolved configuration: pool bytes, initial buckets, latches, CPUs, sessions.
    #[wasm_bindgen(js_name = configJson)]
    pub fn config_json(&self) -> String {
        json(&self.run.sim().config())
    }

    #[wasm_bindgen(js_name = setRecordEvents)]
    pub fn set_record_events(&mut self, on: bool) {
        self.run.set_record(on);
    }

    /// Up to `n` phases; returns how many were done.
    pub fn step(&mut self, n: f64) -> f64 {
        self.run.step(whole(n)) as f64
    }

    /// Until the next statement finishes.
    #[wasm_bindgen(js_name = stepStatement)]
    pub fn step_statement(&mut self) -> f64 {
        self.run.step_statement() as f64
    }

    #[wasm_bindgen(js_name = runToEnd)]
    pub fn run_to_end(&mut self) -> f64 {
        self.run.run_to_end() as f64
    }

    pub fn seek(&mut self, position: f64) {
        self.run.seek(whole(position));
    }

    pub fn reset(&mut self) {
        self.run.reset();
    }

    pub fn position(&self) -> f64 {
        self.run.position() as f64
    }

    pub fn total(&self) -> f64 {
        self.run.total() as f64
    }

    #[wasm_bindgen(js_name = statementsDone)]
    pub fn statements_done(&self) -> f64 {
        self.run.statements_done() as f64
    }

    #[wasm_bindgen(js_name = totalStatements)]
    pub fn total_statements(&self) -> f64 {
        self.run.total_statements() as f64
    }

    pub fn done(&self) -> bool {
        self.run.done()
    }

    #[wasm_bindgen(js_name = nowSeconds)]
    pub fn now_seconds(&self) -> f64 {
        self.run.sim().now_ns() as f64 / 1e9
    }

    #[wasm_bindgen(js_name = eventsJson)]
    pub fn events_json(&self) -> String {
        json(self.run.events())
    }

    #[wasm_bindgen(js_name = reportJson)]
    pub fn report_json(&self) -> String {
        json(&self.run.report())
    }

    #[wasm_bindgen(js_name = paperJson)]
    pub fn paper_json(&self) -> String {
        json(&self.run.paper())
    }

    /// Handles on each hash bucket's chain (a copy).
    #[wasm_bindgen(js_name = chainLengths)]
    pub fn chain_lengths(&self) -> Vec<u32> {
        self.run
            .sim()
            .lib
            .table
            .chains
            .iter()
            .map(|c| c.len() as u32)
            .collect()
    }

    /// The handles on a bucket's chain in walk order (newest first): `[{ obj, text }]`.
    #[wasm_bindgen(js_name = chainJson)]
    pub fn chain_json(&self, bucket: u32) -> String {
        json(&self.run.sim().chain(bucket))
    }

    /// The heap in address order, five numbers a chunk: offset, size, kind (0 free,
    /// 1 recreatable, 2 freeable, 3 permanent), flags (1 pinned, 2 on the LRU), object
    /// (0xFFFFFFFF: none). A copy.
    #[wasm_bindgen(js_name = heapChunks)]
    pub fn heap_chunks(&self) -> Vec<u32> {
        self.run.sim().heap_flat()
    }

    /// Chunks on each free list (`bucket_min` in `configJson` gives each list's smallest size).
    #[wasm_bindgen(js_name = freeListLengths)]
    pub fn free_list_lengths(&self) -> Vec<u32> {
        self.run.sim().free_list_lengths()
    }

    /// Each latch now: holder, spinners, sleepers.
    #[wasm_bindgen(js_name = latchesJson)]
    pub fn latches_json(&self) -> String {
        json(&self.run.sim().latch_view())
    }

    /// Each session now: state, CPU, latches held, statement text.
    #[wasm_bindgen(js_name = sessionsJson)]
    pub fn sessions_json(&self) -> String {
        json(&self.run.sim().session_view())
    }

    /// Seed 001's "Finding literal SQL" query over the cursors now cached.
    #[wasm_bindgen(js_name = literalSqlJson)]
    pub fn literal_sql_json(&self, prefix_len: u32, min_count: u32) -> String {
        json(
            &self
                .run
                .literal_sql(prefix_len.min(4000) as usize, min_count),
        )
    }

    /// One cached object: its text, hash, bucket, pins, heaps and whether it is kept.
    #[wasm_bindgen(js_name = objectJson)]
    pub fn object_json(&self, obj: u32) -> String {
        json(&self.run.sim().object_view(obj))
    }
}

/// The library cache benchmark workloads' names.
#[wasm_bindgen(js_name = libraryBenchWorkloads)]
pub fn library_bench_workloads() -> Vec<String> {
    bench::LIBRARY_WORKLOADS
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// The library cache model's fixed constants (flush batch, time slice, latch sleeps …).
#[wasm_bindgen(js_name = libraryConstants)]
pub fn library_constants() -> String {
    json(&cachesim::library::Constants::get())
}
