//! A buffer cache run: a scenario's cache and workload stepped one access at a time by the
//! shared [`Replay`] (cursor, events of the last step, snapshots, exact seek).

use super::advice::{AdviceStatus, Advisor, DbCacheAdvice};
use super::cache::instance::Sampling;
use super::read::report::{compare, Report};
use super::read::sampled::{self, SampleCounts, SamplingReport};
use super::read::stats::PoolStatistics;
use super::Instance;
use crate::buffer::cache::events::Event;
use crate::buffer::cache::replacement::future::{check_length, Future};
use crate::buffer::cache::workload::{Access, Generator, Measure, MAX_SIM_NS};
use crate::buffer::Cache;
use crate::common::grouped;
use crate::error::{Result, SimError};
use crate::replay::{Replay, Replayed, Stepper, SNAPSHOT_BUDGET_BYTES};
use crate::scenario::paper::PaperComparison;
use crate::scenario::Scenario;
use std::rc::Rc;
use std::sync::Arc;

/// The state one access moves: the cache, the workload generator and the execution in
/// progress.
#[derive(Clone)]
pub struct State {
    cache: Cache,
    gen: Generator,
    /// The accesses of the execution in progress, and how many of them are done. Shared, not
    /// copied, by the snapshots taken inside it: one full scan is one execution (a
    /// 4,194,302-block table is 134 MB of accesses), and up to 64 copies of it would not fit
    /// in wasm memory.
    queue: Rc<Vec<Access>>,
    qpos: usize,
    pos: u64,
    exec: u64,
    ended: bool,
    /// `oltp_batch`: the jobs and their transactions in progress (`host_path::Jobs`).
    jobs: Option<super::cache::host_path::Jobs>,
    /// V$DB_CACHE_ADVICE's advisory, when `db_cache_advice = ON`.
    advice: Option<Box<Advisor>>,
    /// A sampled run's filter (docs/model.md §3.4); None: every access reaches the cache.
    sampling: Option<Rc<Sampling>>,
    /// What the filter saw and kept, per pool.
    counts: SampleCounts,
    /// Think time of the accesses the filter left out, not yet waited.
    pending_ns: u64,
}

impl State {
    /// The state before the first access.
    fn new(inst: Instance, advice: Option<Box<Advisor>>) -> State {
        let sampling = inst.sampling.map(Rc::new);
        let jobs = match &inst.generator {
            crate::buffer::cache::workload::Generator::OltpBatch(g) => Some(
                super::cache::host_path::Jobs::new(g.jobs, g.txn_cpu_ns, g.warmup),
            ),
            _ => None,
        };
        State {
            cache: inst.cache,
            gen: inst.generator,
            queue: Rc::new(Vec::new()),
            qpos: 0,
            pos: 0,
            exec: 0,
            ended: false,
            jobs,
            advice,
            sampling,
            counts: SampleCounts::default(),
            pending_ns: 0,
        }
    }

    /// The spatial filter (docs/model.md §3.4): false when the sample leaves block access `a`
    /// out. Such an access still counts in the full stream, still takes a scan's direct-read
    /// decision (a statement's, not a block's) and its think time waits before the next
    /// kept one; the cache never sees it.
    #[inline]
    fn sampled_in(&mut self, a: &Access) -> bool {
        let Some(s) = &self.sampling else {
            return true;
        };
        if a.ctl != 0 {
            return true;
        }
        let pool = sampled::pool_of(&self.cache, a.seg).index();
        self.counts.seen[pool] += 1;
        if !s.keeps(a.seg, a.block) {
            self.pending_ns = self.pending_ns.saturating_add(a.sleep_after_ns);
            if a.scan_start {
                self.cache.begin_scan(a);
            }
            return false;
        }
        self.counts.kept[pool] += 1;
        if self.pending_ns > 0 {
            self.cache.wait(std::mem::take(&mut self.pending_ns));
        }
        true
    }

    fn at_exec_boundary(&self) -> bool {
        match &self.jobs {
            Some(j) => j.boundary,
            None => self.qpos == self.queue.len(),
        }
    }
}

impl Stepper for State {
    type Event = Event;

    /// Serve the next access; false when the workload is done.
    #[inline]
    fn advance(&mut self) -> bool {
        if self.cache.fault.is_some() {
            self.ended = true;
            return false;
        }
        if let Some(jobs) = &mut self.jobs {
            let served = if self.ended {
                None
            } else {
                jobs.step(&mut self.cache, &mut self.gen, self.pos, &mut self.exec)
            };
            let Some(a) = served else {
                self.ended = true;
                return false;
            };
            if let Some(ad) = &mut self.advice {
                ad.feed(&a, self.pos, self.exec, &self.cache);
                // the warm-up's reset: the advice covers the interval the statistics do
                if jobs.warmup_ended() {
                    ad.reset_statistics();
                }
            }
            self.pos += 1;
            return true;
        }
        if self.qpos == self.queue.len() {
            self.qpos = 0;
            // reuse the queue's memory unless a snapshot still holds it
            match Rc::get_mut(&mut self.queue) {
                Some(q) => q.clear(),
                None => self.queue = Rc::new(Vec::new()),
            }
            let q = Rc::get_mut(&mut self.queue).expect("the queue is not shared");
            if self.ended || !self.gen.next_exec(q) {
                self.ended = true;
                return false;
            }
            self.exec += 1;
            if self.cache.host.is_some() {
                self.cache.session_work(0);
            }
        }
        let a = self.queue[self.qpos];
        self.qpos += 1;
        if !self.sampled_in(&a) {
            self.pos += 1;
            return true;
        }
        self.cache.access(&a, self.pos, self.exec);
        if let Some(ad) = &mut self.advice {
            ad.feed(&a, self.pos, self.exec, &self.cache);
        }
        self.pos += 1;
        true
    }

    #[inline]
    fn position(&self) -> u64 {
        self.pos
    }

    fn begin(&mut self, record: bool) {
        self.cache.events.clear();
        self.cache.record = record;
    }

    fn events(&self) -> &[Event] {
        &self.cache.events
    }

    /// Buffers (headers, list links), the hash chains, and the execution in progress when this
    /// copy is its only holder (the snapshots inside one execution share it).
    fn approx_bytes(&self) -> u64 {
        self.cache.b.len() as u64 * 37
            + self.cache.hash.approx_bytes()
            + if Rc::strong_count(&self.queue) == 1 {
                self.queue.capacity() as u64 * std::mem::size_of::<Access>() as u64
            } else {
                0
            }
            + self.cache.io.os.as_ref().map_or(0, |o| {
                o.approx_bytes(self.cache.segs.iter().map(|s| s.blocks as u64).sum())
            })
            + self.advice.as_ref().map_or(0, |a| a.approx_bytes())
            + self.cache.repl.opt().map_or(0, |o| o.approx_bytes())
            + 4096
    }
}

/// Refuse a scenario whose simulated time could pass [`MAX_SIM_NS`]: its own waits, plus a
/// logical read and a disk read per access. Waits the build cannot foresee (DBWR, checkpoints)
/// stop the run with a fault instead (`Cache::fault`).
fn check_time(scenario: &Scenario, m: &Measure) -> Result<()> {
    if m.worst_ns <= MAX_SIM_NS as u128 {
        return Ok(());
    }
    let s = |ns: u128| format!("{:.3e} s", ns as f64 / 1e9);
    let (path, what) = if m.wait_ns > m.worst_ns / 2 {
        (
            scenario.workload.wait_field(),
            "its think time, sleeps and trace times",
        )
    } else {
        ("cost", "a logical read and a disk read per access")
    };
    Err(SimError::new(
        path,
        format!(
            "{} accesses would take up to {} of simulated time ({} of it from {what}), past \
             the limit of {} (10^18 ns, about 31.7 years)",
            m.accesses,
            s(m.worst_ns),
            s(if path == "cost" {
                m.worst_ns - m.wait_ns
            } else {
                m.wait_ns
            }),
            s(MAX_SIM_NS as u128),
        ),
    ))
}

/// OPT's future for a scenario of `accesses` accesses: the blocks its policy sees in a first
/// run to the end (the policy without a future is LRU and records them). The second run's
/// stream is the same unless a decision depends on the cache's state (the jobs of
/// `oltp_batch`, direct reads); OPT then goes by the next recorded use (`future.rs`).
fn opt_future(scenario: &Scenario, accesses: u64) -> Result<Arc<Future>> {
    check_length(accesses, "the scenario")?;
    let mut inst = Instance::build(scenario)?;
    if let Some(opt) = inst.cache.repl.opt_mut() {
        opt.record();
    }
    let mut first = State::new(inst, None);
    while first.advance() {}
    let stream = first.cache.repl.opt_mut().map(|o| o.take_recorded());
    Ok(Arc::new(Future::build(stream.unwrap_or_default())))
}

pub struct Run {
    pub scenario: Scenario,
    replay: Replay<State>,
    total_executions: u64,
    notes: Vec<String>,
}

impl Replayed for Run {
    type State = State;
    fn replay(&self) -> &Replay<State> {
        &self.replay
    }
    fn replay_mut(&mut self) -> &mut Replay<State> {
        &mut self.replay
    }
    fn fault(&self) -> Option<&crate::SimError> {
        self.cache().fault.as_ref()
    }
}

impl Run {
    pub fn new(scenario: Scenario) -> Result<Run> {
        let mut inst = Instance::build(&scenario)?;
        let cost = &inst.cache.cost;
        // the dearest an access can be before DBWR waits: a logical read and a read from disk
        let per_access = cost
            .logical_read
            .saturating_add(cost.physical_read.max(cost.os_cache_read));
        let m = inst.generator.measure(per_access)?;
        check_time(&scenario, &m)?;
        let blocks = inst.cache.segs.iter().map(|s| s.blocks as u64).sum();
        // a sampled cache looks up the kept accesses only: about rate × the stream's
        let lookups = inst
            .sampling
            .as_ref()
            .map_or(m.accesses, |f| (m.accesses as f64 * f.rate).ceil() as u64);
        crate::buffer::cache::config::check_chain_work(&inst.cache.cfg, blocks, lookups, false)?;
        if let Some(h) = &inst.cache.host {
            h.check_work(m.executions)?;
        }
        if let Some(opt) = inst.cache.repl.opt_mut() {
            let future = opt_future(&scenario, m.accesses)?;
            inst.notes.push(format!(
                "policy opt: every block's next use comes from a first run of the scenario to \
                 its end ({} references)",
                grouped(future.len())
            ));
            opt.set_future(future);
        }
        let init = scenario.init_ora()?;
        let advice = match AdviceStatus::of(&init)? {
            AdviceStatus::On => Some(Box::new(Advisor::new(
                &inst.cache,
                &init,
                &inst.generator,
                inst.sampling.as_ref(),
            )?)),
            AdviceStatus::Ready | AdviceStatus::Off => None,
        };
        if let Some(a) = &advice {
            for p in a.advice(&inst.cache).pools {
                if let Some(rate) = p.sample_rate.filter(|_| inst.sampling.is_none()) {
                    inst.notes.push(format!(
                        "V$DB_CACHE_ADVICE for {}: sampled at {rate}, its exact shadow caches \
                         being too large; its rows are estimates (docs/model.md §3.4)",
                        p.name
                    ));
                }
            }
        }
        let (total_accesses, total_executions) = (m.accesses, m.executions);
        let notes = std::mem::take(&mut inst.notes);
        let state = State::new(inst, advice);
        // At most 64 snapshots, at least 2048 accesses apart.
        let max_snaps = (SNAPSHOT_BUDGET_BYTES / state.approx_bytes()).clamp(2, 64);
        let every = (total_accesses / max_snaps).max(2048);
        Ok(Run {
            scenario,
            replay: Replay::new(state, total_accesses, every),
            total_executions,
            notes,
        })
    }

    pub fn from_json(text: &str) -> Result<Run> {
        Run::new(Scenario::parse(text)?)
    }

    pub fn executions_done(&self) -> u64 {
        self.replay.state().exec
    }
    pub fn total_accesses(&self) -> u64 {
        self.replay.total()
    }
    pub fn total_executions(&self) -> u64 {
        self.total_executions
    }
    pub fn done(&self) -> bool {
        self.position() >= self.replay.total()
    }
    pub fn cache(&self) -> &Cache {
        &self.replay.state().cache
    }

    /// Finish the execution in progress, or serve the whole next one.
    pub fn step_execution(&mut self) -> u64 {
        self.replay.step_until(State::at_exec_boundary)
    }

    pub fn report(&self) -> Report {
        let s = self.replay.state();
        let mut r = Report::new(
            &self.scenario.title,
            &s.cache,
            s.pos,
            s.exec,
            self.done(),
            &self.notes,
        );
        if let Some(a) = self.advice() {
            r.db_cache_advice = a.rows;
        }
        r.sampling = self.sampling();
        r
    }

    /// A sampled run's `sampling` block now: what it kept and its figures scaled back.
    pub fn sampling(&self) -> Option<SamplingReport> {
        let s = self.replay.state();
        s.sampling
            .as_ref()
            .map(|f| SamplingReport::new(&s.cache, &f.full, f.rate, f.effective_rate(), &s.counts))
    }

    /// Each pool's statistics now: the report's `pools` alone. A chart samples this hundreds
    /// of times a run; the whole report also walks every hash bucket for its longest chain.
    pub fn pool_statistics(&self) -> Vec<PoolStatistics> {
        self.replay.state().cache.pool_statistics()
    }

    /// V$DB_CACHE_ADVICE so far, with how each pool's rows were made; `None` unless
    /// `db_cache_advice = ON`.
    pub fn advice(&self) -> Option<DbCacheAdvice> {
        let s = self.replay.state();
        s.advice.as_ref().map(|a| a.advice(&s.cache))
    }

    pub fn paper(&self) -> Option<PaperComparison> {
        self.scenario
            .paper
            .as_ref()
            .map(|p| compare(p, &self.report()))
    }
}
