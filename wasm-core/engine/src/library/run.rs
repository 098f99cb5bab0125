//! A library cache run: a scenario's [`Sim`] stepped one phase of a statement at a time
//! (lookup, execute, unpin) by the shared [`Replay`]; a dry run at creation makes the total
//! exact and spreads snapshots over the whole run, so seeking either way replays from the
//! nearest one.

use super::metrics::{metric_value, METRICS};
use super::report::CacheReport;
use super::scenario::spec_of;
use super::sched::Sim;
use super::spec::MAX_EVENTS;
use super::Event;
use crate::error::{Result, SimError};
use crate::profile::Profile;
use crate::replay::{Replay, Replayed, Stepper};
use crate::scenario::paper::{compared, PaperComparison};
use crate::scenario::Scenario;
use serde::Serialize;
use ts_rs::TS;

/// The report of a library cache scenario (docs/model.md §4: the buffer cache's sections are left
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

/// The state one phase moves: the simulation, the events of the step call in progress, and
/// the run's length (its last phase also runs the final sleeps).
#[derive(Clone)]
pub struct Phases {
    sim: Sim,
    events: Vec<Event>,
    record: bool,
    total: u64,
}

impl Stepper for Phases {
    type Event = Event;

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

    fn position(&self) -> u64 {
        self.sim.phases
    }

    fn begin(&mut self, record: bool) {
        self.events.clear();
        self.record = record;
        self.sim.set_record(record);
    }

    fn events(&self) -> &[Event] {
        &self.events
    }

    /// Cursors (handle and text), heap chunks, hash chains.
    fn approx_bytes(&self) -> u64 {
        let lib = &self.sim.lib;
        let objs: u64 = lib.objs.iter().map(|o| 64 + o.text.len() as u64).sum();
        let chunks = lib.heap.chunks.len() as u64 * 40;
        let chains = u64::from(lib.table.buckets()) * 24 + u64::from(lib.table.objects) * 4;
        objs + chunks + chains + 4096
    }

    fn set_total(&mut self, total: u64) {
        self.total = total;
    }

    fn finish(&mut self) -> bool {
        self.sim.run_to_end();
        true
    }
}

#[derive(Clone)]
pub struct Run {
    pub scenario: Scenario,
    replay: Replay<Phases>,
    total_statements: u64,
    notes: Vec<String>,
}

impl Replayed for Run {
    type State = Phases;
    fn replay(&self) -> &Replay<Phases> {
        &self.replay
    }
    fn replay_mut(&mut self) -> &mut Replay<Phases> {
        &mut self.replay
    }
}

impl Run {
    pub fn new(scenario: Scenario) -> Result<Run> {
        Run::check_paper(&scenario)?;
        let (spec, notes) = spec_of(&scenario)?;
        let sim = Sim::new(&spec)?;
        let mut notes = notes;
        if sim.keep_failed > 0 {
            notes.push(format!(
                "{} KEEP statement(s) did not fit in the shared pool at startup",
                sim.keep_failed
            ));
        }
        // The dry run: the exact total, and snapshots spread over it (about 32 to start with:
        // three phases a statement).
        let statements = spec.workload.statements_total();
        let every = (statements * 3 / 32).max(512);
        let phases = Phases {
            sim,
            events: Vec::new(),
            record: false,
            total: u64::MAX,
        };
        let mut replay = Replay::new(phases, 0, every);
        let (total_statements, over) =
            replay.prime(|p| (p.sim.c.statements_done, p.sim.event_limit_hit));
        if over {
            return Err(SimError::new(
                "workload.total_slams",
                format!(
                    "the run needs more than {MAX_EVENTS} scheduler events (CPU bursts, latch \
                     sleeps, wake-ups, time slices), the limit of a library cache run: it \
                     stopped after {total_statements} of {statements} statements; use fewer \
                     slams or sessions, or cheaper costs"
                ),
            ));
        }
        Ok(Run {
            scenario,
            replay,
            total_statements,
            notes,
        })
    }

    pub fn from_json(text: &str) -> Result<Run> {
        Run::new(Scenario::parse(text)?)
    }

    pub fn sim(&self) -> &Sim {
        &self.replay.state().sim
    }
    pub fn total(&self) -> u64 {
        self.replay.total()
    }
    pub fn statements_done(&self) -> u64 {
        self.sim().c.statements_done
    }
    pub fn total_statements(&self) -> u64 {
        self.total_statements
    }
    pub fn done(&self) -> bool {
        self.sim().done()
    }

    /// Until the next statement (of any session) finishes.
    pub fn step_statement(&mut self) -> u64 {
        let target = self.statements_done() + 1;
        self.replay
            .step_until(|p| p.sim.c.statements_done >= target)
    }

    pub fn report(&self) -> Report {
        let lc = self.sim().report();
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
        let r = self.sim().report();
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
                        crate::error::echo(&m.metric),
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
        for o in self.sim().lib.objs.iter().filter(|o| o.alive) {
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
