//! `Simulation`: the buffer cache run, with its per-frame views over wasm memory (buffer
//! order, touch counts, flags, chain lengths).

use crate::shared::{js_err, json, whole};
use cachesim::bench;
use cachesim::buffer;
use cachesim::Profile;
use cachesim::Replayed;
use wasm_bindgen::prelude::*;

/// One simulation: the opaque handle the UI and the headless runner drive.
#[wasm_bindgen]
pub struct Simulation {
    run: buffer::Run,
    order: Vec<u32>,
    info: Vec<u32>,
    lens: Vec<u32>,
}

impl Simulation {
    /// The layout vectors get their full size up front, so that `layout` never grows wasm
    /// memory (which would detach typed-array views the caller already holds).
    fn with(run: buffer::Run) -> Simulation {
        let c = run.cache();
        Simulation {
            order: Vec::with_capacity(c.b.len()),
            info: Vec::with_capacity(c.sets.len() * c.set_info_width() as usize),
            lens: Vec::with_capacity(c.hash.bucket_count() as usize),
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

    /// Each pool's statistics now (the report's `pools`, without the rest), as JSON.
    #[wasm_bindgen(js_name = poolStatisticsJson)]
    pub fn pool_statistics_json(&self) -> String {
        json(&self.run.pool_statistics())
    }

    /// The resolved instance (pools, aging, hash, DBWRs) and the working sets, as JSON.
    #[wasm_bindgen(js_name = configJson)]
    pub fn config_json(&self) -> String {
        json(&self.run.cache().layout_info())
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

    /// The X$BH row of a buffer, or `null`.
    #[wasm_bindgen(js_name = xbhJson)]
    pub fn xbh_json(&self, buf: u32) -> String {
        json(&self.run.cache().xbh(buf))
    }

    /// The replacement policy's state of a working set (ghost lists, hand, marks, adaptive
    /// numbers) as JSON, or `null` past the last set.
    #[wasm_bindgen(js_name = policyStateJson)]
    pub fn policy_state_json(&self, set: u32) -> String {
        json(&self.run.cache().policy_state(set))
    }

    /// The buffers on a hash bucket's chain, in walk order, as a JSON array.
    #[wasm_bindgen(js_name = chainJson)]
    pub fn chain_json(&self, bucket: u32) -> String {
        let c = self.run.cache();
        if bucket as usize >= c.hash.bucket_count() as usize {
            return "[]".into();
        }
        json(&c.hash.chain(bucket))
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

    /// Every buffer header as columns, `[set…, prev…, next…, tim…]` (−1: no neighbour;
    /// seconds): the SQL console's X$BH. A copy.
    #[wasm_bindgen(js_name = headerColumns)]
    pub fn header_columns(&self) -> Vec<f64> {
        self.run.cache().header_columns()
    }

    /// Gets of every cache buffers chains child and every working set's cache buffers lru
    /// chain latch (`LatchCounts`): the SQL console's V$LATCH_CHILDREN.
    #[wasm_bindgen(js_name = latchCountsJson)]
    pub fn latch_counts_json(&self) -> String {
        json(&self.run.cache().latch_counts())
    }

    /// Each buffer's cache buffers chains child latch (−1: a free buffer): X$BH.HLADDR. A copy.
    #[wasm_bindgen(js_name = bufferLatches)]
    pub fn buffer_latches(&self) -> Vec<i32> {
        self.run.cache().buffer_latches()
    }

    /// Buffers on each hash chain, in bucket order (copied out of the bucket records, which
    /// keep a chain's head, length and gets together). View over wasm memory.
    #[wasm_bindgen(js_name = chainLengths)]
    pub fn chain_lengths(&mut self) -> js_sys::Uint32Array {
        self.run.cache().hash.lengths_into(&mut self.lens);
        // SAFETY: as for `dba`.
        unsafe { js_sys::Uint32Array::view(&self.lens) }
    }

    /// Recompute the drawing order: every buffer, set by set, replacement list from hot head
    /// to cold tail, then write list, then being written, then never used. View over wasm
    /// memory; `layoutInfo` then holds five numbers per set.
    pub fn layout(&mut self) -> js_sys::Uint32Array {
        self.run.cache().layout(&mut self.order, &mut self.info);
        // SAFETY: as for `dba`.
        unsafe { js_sys::Uint32Array::view(&self.order) }
    }

    /// The OS page cache from its most to its least recently used page, at most `limit`
    /// pages: pairs `[dba, buffer]`, buffer 4294967295 when the block is in no buffer. Empty
    /// without an OS page cache. A copy, not a view.
    #[wasm_bindgen(js_name = osCache)]
    pub fn os_cache(&self, limit: u32) -> js_sys::Uint32Array {
        let pages = self
            .run
            .cache()
            .io
            .os
            .as_ref()
            .map(|o| o.lru_order(limit as usize))
            .unwrap_or_default();
        let flat: Vec<u32> = pages.into_iter().flat_map(|(d, b)| [d, b]).collect();
        js_sys::Uint32Array::from(&flat[..])
    }

    /// The I/O settings now (profile, `_serial_direct_read`, events, thresholds, OS page
    /// cache size), as JSON; a script's statements change them while it runs.
    #[wasm_bindgen(js_name = ioConfigJson)]
    pub fn io_config_json(&self) -> String {
        json(&self.run.cache().io.cfg)
    }

    /// V$DB_CACHE_ADVICE so far (20 rows per pool and how each pool's were made), as JSON;
    /// `null` unless the scenario sets `db_cache_advice = ON`.
    #[wasm_bindgen(js_name = adviceJson)]
    pub fn advice_json(&self) -> String {
        json(&self.run.advice())
    }

    /// Per set `[replacement length, hot length, write-list length, writing, free]`, as of
    /// the last `layout` call.
    #[wasm_bindgen(js_name = layoutInfo)]
    pub fn layout_info(&self) -> js_sys::Uint32Array {
        // SAFETY: as for `dba`.
        unsafe { js_sys::Uint32Array::view(&self.info) }
    }
}

lifecycle!(
    Simulation,
    now_ns: |run| run.cache().now,
    counters: {
        executionsDone => executions_done,
        totalAccesses => total_accesses,
        totalExecutions => total_executions,
    }
);
