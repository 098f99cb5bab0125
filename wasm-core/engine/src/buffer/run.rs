//! A run: a scenario's cache and workload, a cursor (accesses done), the events of the last
//! step, and snapshots so that seeking backwards replays exactly from the nearest one.

use super::report::{compare, Report};
use super::Instance;
use crate::buffer::events::Event;
use crate::buffer::workload::{Access, Generator};
use crate::buffer::Cache;
use crate::error::Result;
use crate::scenario::paper::PaperComparison;
use crate::scenario::Scenario;

/// Memory the snapshots of one run may take.
const SNAPSHOT_BUDGET_BYTES: u64 = 48 << 20;

#[derive(Clone)]
struct State {
    cache: Cache,
    gen: Generator,
    /// The accesses of the execution in progress, and how many of them are done.
    queue: Vec<Access>,
    qpos: usize,
    pos: u64,
    exec: u64,
    ended: bool,
}

impl State {
    /// Serve the next access; false when the workload is done.
    #[inline]
    fn advance(&mut self) -> bool {
        if self.qpos == self.queue.len() {
            self.queue.clear();
            self.qpos = 0;
            if self.ended || self.cache.fault.is_some() || !self.gen.next_exec(&mut self.queue) {
                self.ended = true;
                return false;
            }
            self.exec += 1;
        }
        let a = self.queue[self.qpos];
        self.qpos += 1;
        self.cache.access(&a, self.pos, self.exec);
        self.pos += 1;
        true
    }

    fn at_exec_boundary(&self) -> bool {
        self.qpos == self.queue.len()
    }
}

pub struct Run {
    pub scenario: Scenario,
    state: State,
    initial: State,
    snapshots: Vec<State>,
    snap_every: u64,
    total_accesses: u64,
    total_executions: u64,
    notes: Vec<String>,
    record: bool,
}

impl Run {
    pub fn new(scenario: Scenario) -> Result<Run> {
        let inst = Instance::build(&scenario)?;
        let (total_accesses, total_executions) = inst.generator.count()?;
        let state = State {
            cache: inst.cache,
            gen: inst.generator,
            queue: Vec::new(),
            qpos: 0,
            pos: 0,
            exec: 0,
            ended: false,
        };
        let b = &state.cache.b;
        let bytes = b.len() as u64 * 45 + state.cache.hash.heads.len() as u64 * 16 + 4096;
        let max_snaps = (SNAPSHOT_BUDGET_BYTES / bytes).clamp(2, 64);
        let snap_every = (total_accesses / max_snaps).max(2048);
        Ok(Run {
            scenario,
            initial: state.clone(),
            state,
            snapshots: Vec::new(),
            snap_every,
            total_accesses,
            total_executions,
            notes: inst.notes,
            record: false,
        })
    }

    pub fn from_json(text: &str) -> Result<Run> {
        Run::new(Scenario::parse(text)?)
    }

    /// Record events while stepping (off by default: a full-speed run needs none).
    pub fn set_record(&mut self, on: bool) {
        self.record = on;
    }

    pub fn position(&self) -> u64 {
        self.state.pos
    }
    pub fn executions_done(&self) -> u64 {
        self.state.exec
    }
    pub fn total_accesses(&self) -> u64 {
        self.total_accesses
    }
    pub fn total_executions(&self) -> u64 {
        self.total_executions
    }
    pub fn done(&self) -> bool {
        self.state.pos >= self.total_accesses
    }
    /// The model error that stopped the run, if any.
    pub fn fault(&self) -> Option<&crate::SimError> {
        self.state.cache.fault.as_ref()
    }
    pub fn cache(&self) -> &Cache {
        &self.state.cache
    }
    /// The events of the last step call.
    pub fn events(&self) -> &[Event] {
        &self.state.cache.events
    }

    fn begin(&mut self, record: bool) {
        self.state.cache.events.clear();
        self.state.cache.record = record;
    }

    #[inline]
    fn advance(&mut self) -> bool {
        if !self.state.advance() {
            return false;
        }
        if self.state.pos == (self.snapshots.len() as u64 + 1) * self.snap_every {
            let mut snap = self.state.clone();
            snap.cache.events = Vec::new();
            self.snapshots.push(snap);
        }
        true
    }

    /// Serve up to `n` accesses; returns how many were served.
    pub fn step(&mut self, n: u64) -> u64 {
        self.begin(self.record);
        let mut done = 0;
        while done < n && self.advance() {
            done += 1;
        }
        done
    }

    /// Finish the execution in progress, or serve the whole next one.
    pub fn step_execution(&mut self) -> u64 {
        self.begin(self.record);
        let mut done = 0;
        while self.advance() {
            done += 1;
            if self.state.at_exec_boundary() {
                break;
            }
        }
        done
    }

    /// Run to the end without recording events.
    pub fn run_to_end(&mut self) -> u64 {
        self.begin(false);
        let mut done = 0;
        while self.advance() {
            done += 1;
        }
        self.state.cache.record = self.record;
        done
    }

    /// Go to position `target` exactly: from the nearest snapshot at or before it, replay.
    /// The events are those of the last access replayed, as if it had just been stepped.
    pub fn seek(&mut self, target: u64) {
        let target = target.min(self.total_accesses);
        // The latest snapshot strictly before the target (snapshot i is at (i+1)·snap_every),
        // so that the last access can be replayed with its events.
        let before = target.saturating_sub(1) / self.snap_every;
        let snap = (before as usize)
            .checked_sub(1)
            .and_then(|i| self.snapshots.get(i));
        let snap_pos = snap.map_or(0, |s| s.pos);
        if target <= self.state.pos || snap_pos > self.state.pos {
            self.state = match snap {
                Some(s) => s.clone(),
                None => self.initial.clone(),
            };
        }
        self.begin(false);
        while self.state.pos + 1 < target && self.advance() {}
        self.begin(self.record);
        if self.state.pos < target {
            self.advance();
        }
    }

    pub fn reset(&mut self) {
        self.state = self.initial.clone();
        self.begin(self.record);
    }

    pub fn report(&self) -> Report {
        Report::new(
            &self.scenario.title,
            &self.state.cache,
            self.state.pos,
            self.state.exec,
            self.done(),
            &self.notes,
        )
    }

    pub fn paper(&self) -> Option<PaperComparison> {
        self.scenario
            .paper
            .as_ref()
            .map(|p| compare(p, &self.report()))
    }
}
