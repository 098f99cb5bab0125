//! A library cache run: a scenario's [`Sim`] with a position (phases of statements done:
//! lookups, executions, unpins), the events of the last step, and snapshots taken by a dry run
//! at creation so that the total is exact and seeking either way replays from the nearest one.

use super::metrics::{metric_value, METRICS};
use super::report::CacheReport;
use super::scenario::spec_of;
use super::sched::Sim;
use super::Event;
use crate::error::{Result, SimError};
use crate::profile::Profile;
use crate::scenario::paper::{compared, PaperComparison};
use crate::scenario::Scenario;
use serde::Serialize;
use ts_rs::TS;

/// Memory the snapshots of one run may take.
const SNAPSHOT_BUDGET_BYTES: u64 = 48 << 20;
/// At most this many snapshots (more would make creation slow for little gain).
const MAX_SNAPSHOTS: u64 = 32;

/// The report of a library cache scenario (MODEL.md §4: the buffer cache's sections are left
/// out).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct Report {
    pub scenario: String,
    pub profile: Profile,
    /// The foreground session's elapsed time (seed 001's measure).
    pub elapsed_s: f64,
    /// Phases done (lookups, executions, unpins) and statements finished.
    #[ts(type = "number")]
    pub phases: u64,
    #[ts(type = "number")]
    pub statements: u64,
    pub done: bool,
    pub library_cache: CacheReport,
    pub notes: Vec<String>,
}

/// One row of seed 001's "Finding literal SQL" query over the cursors in the library cache:
/// `SELECT SUBSTR(sql_text, 1, n), COUNT(*) FROM v$sqlarea GROUP BY SUBSTR(sql_text, 1, n)
/// HAVING COUNT(*) > m ORDER BY 2 DESC`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct LiteralGroup {
    pub prefix: String,
    pub count: u32,
}

#[derive(Clone)]
pub struct Run {
    pub scenario: Scenario,
    sim: Sim,
    initial: Sim,
    /// States spread over the run, in position order.
    snapshots: Vec<Sim>,
    total: u64,
    total_statements: u64,
    notes: Vec<String>,
    record: bool,
    events: Vec<Event>,
}

/// A rough size of a simulation's state, for the snapshot budget.
fn approx_bytes(s: &Sim) -> u64 {
    let objs: u64 = s.lib.objs.iter().map(|o| 64 + o.text.len() as u64).sum();
    let chunks = s.lib.heap.chunks.len() as u64 * 40;
    let chains = u64::from(s.lib.table.buckets()) * 24 + u64::from(s.lib.table.objects) * 4;
    objs + chunks + chains + 4096
}

impl Run {
    pub fn new(scenario: Scenario) -> Result<Run> {
        Run::check_paper(&scenario)?;
        let (spec, notes) = spec_of(&scenario)?;
        let initial = Sim::new(&spec)?;
        let mut notes = notes;
        if initial.keep_failed > 0 {
            notes.push(format!(
                "{} KEEP statement(s) did not fit in the shared pool at startup",
                initial.keep_failed
            ));
        }
        // The dry run: the exact total, and snapshots spread over it.
        let statements = spec.workload.statements_total();
        let mut every = (statements * 3 / MAX_SNAPSHOTS).max(512);
        let mut sim = initial.clone();
        let mut snapshots: Vec<(u64, Sim)> = Vec::new();
        let mut next = every;
        while sim.step() {
            if sim.phases < next {
                continue;
            }
            let b = approx_bytes(&sim);
            // over budget: keep every other snapshot and take them half as often, so that
            // they stay spread over the whole run
            while !snapshots.is_empty()
                && snapshots.iter().map(|(b, _)| b).sum::<u64>() + b > SNAPSHOT_BUDGET_BYTES
            {
                let mut k = 0;
                snapshots.retain(|_| {
                    k += 1;
                    k % 2 == 0
                });
                every *= 2;
            }
            next = sim.phases + every;
            let mut snap = sim.clone();
            snap.events = Vec::new();
            snapshots.push((b, snap));
        }
        let snapshots: Vec<Sim> = snapshots.into_iter().map(|(_, s)| s).collect();
        let (total, total_statements) = (sim.phases, sim.c.statements_done);
        Ok(Run {
            scenario,
            sim: initial.clone(),
            initial,
            snapshots,
            total,
            total_statements,
            notes,
            record: false,
            events: Vec::new(),
        })
    }

    pub fn from_json(text: &str) -> Result<Run> {
        Run::new(Scenario::parse(text)?)
    }

    pub fn set_record(&mut self, on: bool) {
        self.record = on;
        self.sim.set_record(on);
    }

    pub fn sim(&self) -> &Sim {
        &self.sim
    }
    pub fn position(&self) -> u64 {
        self.sim.phases
    }
    pub fn total(&self) -> u64 {
        self.total
    }
    pub fn statements_done(&self) -> u64 {
        self.sim.c.statements_done
    }
    pub fn total_statements(&self) -> u64 {
        self.total_statements
    }
    pub fn done(&self) -> bool {
        self.sim.done()
    }
    /// The events of the last step call.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// One phase; at the last one, the run goes on to its end (the final sleeps).
    fn advance(&mut self) -> bool {
        if self.sim.done() {
            return false;
        }
        let before = self.sim.phases;
        self.sim.step();
        if self.record {
            self.events.extend_from_slice(self.sim.events());
        }
        if self.sim.phases >= self.total {
            // the step's events are copied: the end of the run (final sleeps) adds its own
            self.sim.events.clear();
            while self.sim.tick() {}
            if self.record {
                self.events.extend_from_slice(self.sim.events());
            }
        }
        self.sim.phases > before || self.sim.done()
    }

    fn begin(&mut self) {
        self.events.clear();
        self.sim.set_record(self.record);
    }

    /// Up to `n` phases; returns how many were done.
    pub fn step(&mut self, n: u64) -> u64 {
        self.begin();
        let start = self.position();
        for _ in 0..n {
            if !self.advance() {
                break;
            }
        }
        self.position() - start
    }

    /// Until the next statement (of any session) finishes.
    pub fn step_statement(&mut self) -> u64 {
        self.begin();
        let (start, target) = (self.position(), self.sim.c.statements_done + 1);
        while self.sim.c.statements_done < target && self.advance() {}
        self.position() - start
    }

    pub fn run_to_end(&mut self) -> u64 {
        self.events.clear();
        let start = self.position();
        self.sim.run_to_end();
        self.position() - start
    }

    /// Go to phase `target` exactly: from the nearest snapshot before it, replay; the events
    /// are those of the last phase, as if it had just been stepped.
    pub fn seek(&mut self, target: u64) {
        let target = target.min(self.total);
        let snap = self
            .snapshots
            .iter()
            .rev()
            .find(|s| s.phases < target)
            .unwrap_or(&self.initial);
        if target <= self.position() || snap.phases > self.position() {
            self.sim = snap.clone();
        }
        let record = self.record;
        self.record = false;
        self.begin();
        while self.position() + 1 < target && self.advance() {}
        self.record = record;
        self.begin();
        if self.position() < target {
            self.advance();
        }
    }

    pub fn reset(&mut self) {
        self.sim = self.initial.clone();
        self.begin();
    }

    pub fn report(&self) -> Report {
        let lc = self.sim.report();
        Report {
            scenario: self.scenario.title.clone(),
            profile: self.scenario.profile,
            elapsed_s: lc.elapsed_s,
            phases: self.position(),
            statements: self.statements_done(),
            done: self.done(),
            library_cache: lc,
            notes: self.notes.clone(),
        }
    }

    /// The paper's named figures beside the report's.
    pub fn paper(&self) -> Option<PaperComparison> {
        let p = self.scenario.paper.as_ref()?;
        let r = self.sim.report();
        let mut rows = Vec::new();
        if let Some(e) = p.elapsed_s {
            rows.push(compared("", "elapsed_s", e, r.elapsed_s));
        }
        for m in &p.metrics {
            if let Some(v) = metric_value(&r, &m.metric) {
                rows.push(compared("", &m.metric, m.value, v));
            }
        }
        Some(PaperComparison {
            source: p.source.clone(),
            rows,
        })
    }

    /// Everything `new` checks, without the dry run.
    pub fn validate(s: &Scenario) -> Result<()> {
        Run::check_paper(s)?;
        let (spec, _) = spec_of(s)?;
        Sim::new(&spec).map(|_| ())
    }

    /// Check the paper's metric names (a scenario naming an unknown one is refused).
    pub fn check_paper(s: &Scenario) -> Result<()> {
        for (i, m) in s.paper.iter().flat_map(|p| p.metrics.iter()).enumerate() {
            if !METRICS.iter().any(|(n, _)| *n == m.metric) {
                let names: Vec<&str> = METRICS.iter().map(|(n, _)| *n).collect();
                return Err(SimError::new(
                    format!("paper.metrics[{i}].metric"),
                    format!(
                        "unknown metric '{}' (known: {})",
                        m.metric,
                        names.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Seed 001's "Finding literal SQL" query over the cursors now in the library cache.
    pub fn literal_sql(&self, prefix_len: usize, min_count: u32) -> Vec<LiteralGroup> {
        let mut groups: std::collections::BTreeMap<String, u32> = Default::default();
        for o in self.sim.lib.objs.iter().filter(|o| o.alive) {
            let prefix: String = o.text.chars().take(prefix_len).collect();
            *groups.entry(prefix).or_default() += 1;
        }
        let mut rows: Vec<LiteralGroup> = groups
            .into_iter()
            .filter(|(_, c)| *c > min_count)
            .map(|(prefix, count)| LiteralGroup { prefix, count })
            .collect();
        rows.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.prefix.cmp(&b.prefix)));
        rows
    }
}
