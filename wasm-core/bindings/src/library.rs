//! `LibrarySimulation`: the library cache run, with its heap, chains, latches and sessions
//! as copies or JSON.

use crate::shared::{js_err, json, whole};
use cachesim::bench;
use cachesim::library;
use cachesim::Replayed;
use wasm_bindgen::prelude::*;

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

    /// The resolved configuration: pool bytes, initial buckets, latches, CPUs, sessions.
    #[wasm_bindgen(js_name = configJson)]
    pub fn config_json(&self) -> String {
        json(&self.run.sim().config())
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

    /// V$SQL: the cursors now cached, with their counters and sharable memory.
    #[wasm_bindgen(js_name = sqlJson)]
    pub fn sql_json(&self) -> String {
        json(&self.run.sim().sql_view())
    }

    /// One cached object: its text, hash, bucket, pins, heaps and whether it is kept.
    #[wasm_bindgen(js_name = objectJson)]
    pub fn object_json(&self, obj: u32) -> String {
        json(&self.run.sim().object_view(obj))
    }
}

lifecycle!(
    LibrarySimulation,
    now_ns: |run| run.sim().now_ns(),
    counters: {
        total => total,
        statementsDone => statements_done,
        totalStatements => total_statements,
    }
);
