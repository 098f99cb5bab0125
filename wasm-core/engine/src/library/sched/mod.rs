//! The simulation: sessions on `cpu_count` CPUs with a FIFO run queue and a time slice,
//! latches taken with a spin then a sleep, everything in integer nanoseconds. Each session
//! runs a list of operations (CPU bursts, latch gets and frees, actions on the library
//! cache); the statement logic that builds those lists is in `session.rs`.

use crate::error::Result;
use crate::library::events::{Event, Latch};
use crate::library::objects::Lib;
use crate::library::spec::{Checked, Spec, MAX_EVENTS};
use crate::library::text::Stream;
use latch::LatchState;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

mod alloc;
pub mod latch;
mod latching;
mod rotation;
mod sess;
pub mod session;
mod tick;
pub mod wait;

pub use sess::Sess;

/// The scheduler's quantum: a session that has used this much CPU goes to the back of the
/// run queue if another is waiting (about a Windows NT quantum). As on NT, a quantum is not
/// renewed when its session blocks or sleeps — the rest is kept for its next turn — so the
/// end of a quantum can fall anywhere in a session's work, under a latch too.
pub const TIME_SLICE_NS: u64 = 10_000_000;
/// Where CPU time is charged (V$SYSSTAT `parse time cpu` is the `Parse` part).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Acct {
    Parse,
    Exec,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    Next,
    Lookup,
    AllocHandle,
    AllocHeaps,
    Loaded,
    Execute,
    ExtraPin,
    Unpin,
    Rehash,
    /// One pin and release of a heap (or of a dependency) during a hard parse.
    PinCycle(u32),
    WaitLoad(u32),
    Finish,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Cpu(u64, Acct),
    /// Get a latch by index (children of library cache first, the shared pool last).
    Get(u32),
    Free(u32),
    /// Get / free the library cache latch of the current statement's bucket.
    GetObj,
    FreeObj,
    Act(Act),
    Sleep(u64),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Queued,
    OnCpu(u32),
    Sleeping,
    LatchSleep,
    WaitLoad,
    Done,
}

/// V$LIBRARYCACHE (SQL AREA) and V$SYSSTAT counters.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counters {
    pub gets: u64,
    pub gethits: u64,
    pub pins: u64,
    pub pinhits: u64,
    pub reloads: u64,
    pub parse_total: u64,
    pub parse_hard: u64,
    pub executions: u64,
    pub failed: u64,
    /// Statements finished: executed and unpinned, or failed with ORA-04031.
    pub statements_done: u64,
    pub load_wait_ns: u64,
    pub preemptions_holding: u64,
    /// Sleepers woken by a latch's release (`latching.rs`, latch wait posting).
    pub latch_posts: u64,
    /// Time slices passed round-robin in merged rounds (`rotation.rs`), not one by one.
    pub merged_slices: u64,
    /// Allocations and chunks examined by piece (handle, heap 0, heap 6).
    pub piece_allocs: [u64; 3],
    pub piece_examined: [u64; 3],
}

#[derive(Debug, Clone, Copy)]
pub struct CpuState {
    pub running: Option<u32>,
    pub slice_end: u64,
}

#[derive(Clone)]
pub struct Sim {
    pub cfg: Checked,
    pub lib: Lib,
    pub sess: Vec<Sess>,
    pub cpus: Vec<CpuState>,
    pub runq: VecDeque<u32>,
    pub wakeups: BinaryHeap<Reverse<(u64, u32)>>,
    pub latches: Vec<LatchState>,
    /// Sessions waiting for an object's load: (object, session).
    pub load_waiters: Vec<(u32, u32)>,
    pub now: u64,
    pub c: Counters,
    pub record: bool,
    pub events: Vec<Event>,
    /// Phases (lookup, parse, execute) completed; `step` runs until this moves.
    pub phases: u64,
    pub keep_failed: u32,
    /// The next event fell past [`MAX_SIM_NS`]: the run stopped there.
    pub clock_stopped: bool,
    /// Apply whole rounds of a pure time-slice rotation at once (`rotation.rs`); off only in
    /// the test that checks it changes nothing.
    pub merge_slices: bool,
    /// Scheduler events processed (burst ends, wake-ups, slice ends, merged rounds).
    pub ticks: u64,
    /// At most this many (`MAX_EVENTS`; lower only in tests).
    pub max_events: u64,
    /// The run reached `max_events` and stopped there.
    pub event_limit_hit: bool,
}

impl Sim {
    pub fn new(spec: &Spec) -> Result<Sim> {
        let cfg = spec.validate()?;
        let mut lib = Lib::new(cfg.pool_bytes as u32, cfg.buckets, cfg.latches);
        lib.pieces = spec.cost.cursor_pieces;
        let mut keep_failed = 0;
        for t in &spec.workload.keep {
            let text = session::shared_text(spec.cursor_sharing, t);
            if lib.keep(&text, crate::library::text::hash(&text)).is_none() {
                keep_failed += 1;
            }
        }
        let sess = (0..spec.workload.jobs)
            .map(|s| Sess {
                stream: Stream::new(s, spec.workload.seed),
                ops: VecDeque::from([Op::Act(Act::Next)]),
                run: Status::Queued,
                burst_end: 0,
                burst_left: 0,
                burst_acct: Acct::Exec,
                phase: Acct::Parse,
                seg_start: 0,
                quantum_left: TIME_SLICE_NS,
                spin: None,
                spin_start: 0,
                missed: false,
                sleeps_this_get: 0,
                held: Vec::new(),
                obj_latch: 0,
                stmt_in_slam: 0,
                slams_done: 0,
                text: String::new(),
                hash: 0,
                obj: u32::MAX,
                wait: None,
                cpu_parse: 0,
                cpu_exec: 0,
                statements: 0,
                finished_at: None,
            })
            .collect();
        let latches = vec![LatchState::default(); cfg.latches as usize + 1];
        Ok(Sim {
            cpus: vec![
                CpuState {
                    running: None,
                    slice_end: 0
                };
                spec.cpu_count as usize
            ],
            runq: (0..spec.workload.jobs).collect(),
            wakeups: BinaryHeap::new(),
            latches,
            load_waiters: Vec::new(),
            now: 0,
            c: Counters::default(),
            record: false,
            events: Vec::new(),
            phases: 0,
            keep_failed,
            clock_stopped: false,
            merge_slices: true,
            ticks: 0,
            max_events: MAX_EVENTS,
            event_limit_hit: false,
            cfg,
            lib,
            sess,
        })
    }

    pub fn sp_latch(&self) -> u32 {
        self.cfg.latches
    }

    pub fn latch_name(&self, l: u32) -> Latch {
        if l == self.cfg.latches {
            Latch::SharedPool
        } else {
            Latch::LibraryCache { child: l }
        }
    }

    #[inline]
    pub(crate) fn emit(&mut self, e: impl FnOnce(&Sim) -> Event) {
        if self.record {
            let ev = e(self);
            self.events.push(ev);
        }
    }

    pub fn done(&self) -> bool {
        self.sess.iter().all(|s| s.run == Status::Done)
    }

    /// Put queued sessions on idle CPUs, stopping as soon as one completes a phase (the
    /// next tick dispatches the others at the same time: one step is one phase).
    fn dispatch(&mut self) {
        let start = self.phases;
        // a session may leave its CPU at once (it finishes or blocks), so look again
        while let Some(cpu) = self.cpus.iter().position(|c| c.running.is_none()) {
            if self.phases != start {
                return;
            }
            let Some(s) = self.runq.pop_front() else {
                return;
            };
            let ss = &mut self.sess[s as usize];
            self.cpus[cpu] = CpuState {
                running: Some(s),
                slice_end: self.now.saturating_add(ss.quantum_left),
            };
            ss.run = Status::OnCpu(cpu as u32);
            ss.seg_start = self.now;
            if ss.wait.is_some() {
                // back on a CPU: the wait's second clock read (`wait.rs`)
                self.end_wait(s);
            }
            let ss = &mut self.sess[s as usize];
            if ss.burst_left > 0 {
                ss.burst_end = self.now.saturating_add(ss.burst_left);
                ss.burst_left = 0;
                // a preempted spinner finds the latch free when it is back on the CPU
                if let Some(l) = ss.spin {
                    if self.latches[l as usize].holder.is_none() {
                        self.grant_spin(s, l);
                    }
                }
            } else {
                self.proceed(s);
            }
        }
    }

    /// Charge the CPU of the burst segment that ends now.
    pub(crate) fn charge(&mut self, s: u32) {
        let ss = &mut self.sess[s as usize];
        let used = self.now - ss.seg_start;
        match ss.burst_acct {
            Acct::Parse => ss.cpu_parse += used,
            Acct::Exec => ss.cpu_exec += used,
        }
        ss.seg_start = self.now;
    }

    /// Take session `s` off its CPU (it blocked, slept or finished).
    pub(crate) fn leave_cpu(&mut self, s: u32, run: Status) {
        if let Status::OnCpu(cpu) = self.sess[s as usize].run {
            self.cpus[cpu as usize].running = None;
            let left = self.cpus[cpu as usize].slice_end.saturating_sub(self.now);
            self.sess[s as usize].quantum_left = if left == 0 { TIME_SLICE_NS } else { left };
        }
        self.sess[s as usize].run = run;
    }

    /// Make a blocked session runnable: its wait's sleep is over (`wait.rs`).
    pub(crate) fn make_ready(&mut self, s: u32) {
        self.sess[s as usize].run = Status::Queued;
        self.runq.push_back(s);
        self.woke(s);
    }

    /// Off the CPU for a timed sleep of `ns`; returns how long it lasts. Rule (clock tick,
    /// `cost.library.clock_tick_ms`): the OS wakes a timed sleeper at a clock interrupt, so
    /// the sleep ends at the first tick (a multiple of the tick from the run's start) at or
    /// after it is due.
    pub(crate) fn sleep_for(&mut self, s: u32, ns: u64, run: Status) -> u64 {
        let due = self.now.saturating_add(ns);
        let until = match self.cfg.ns.clock_tick {
            0 => due,
            tick => due.div_ceil(tick).saturating_mul(tick),
        };
        self.leave_cpu(s, run);
        self.wakeups.push(Reverse((until, s)));
        until - self.now
    }

    /// Run the session's zero-time operations until it starts a CPU burst or blocks.
    pub(crate) fn proceed(&mut self, s: u32) {
        let start = self.phases;
        loop {
            if !matches!(self.sess[s as usize].run, Status::OnCpu(_)) {
                return;
            }
            // A phase is done and no CPU time follows it (zero costs): pause in a zero-length
            // burst, so that the next phase is another step.
            let timed =
                matches!(self.sess[s as usize].ops.front(), Some(Op::Cpu(ns, _)) if *ns > 0);
            if self.phases != start && !timed {
                let ss = &mut self.sess[s as usize];
                ss.burst_end = self.now;
                ss.seg_start = self.now;
                return;
            }
            let Some(op) = self.sess[s as usize].ops.pop_front() else {
                self.sess[s as usize].ops.push_back(Op::Act(Act::Next));
                continue;
            };
            match op {
                Op::Cpu(0, _) => {}
                Op::Cpu(ns, acct) => {
                    let ss = &mut self.sess[s as usize];
                    ss.burst_end = self.now.saturating_add(ns);
                    ss.burst_acct = acct;
                    ss.seg_start = self.now;
                    return;
                }
                Op::Get(l) => {
                    if !self.get(s, l) {
                        return;
                    }
                }
                Op::GetObj => {
                    let l = self.lib.table.latch(self.sess[s as usize].hash);
                    self.sess[s as usize].obj_latch = l;
                    if !self.get(s, l) {
                        return;
                    }
                }
                Op::Free(l) => self.release(l, s),
                Op::FreeObj => self.release(self.sess[s as usize].obj_latch, s),
                Op::Act(a) => self.act(s, a),
                Op::Sleep(ns) => {
                    let at = self.now;
                    let ns = self.sleep_for(s, ns, Status::Sleeping);
                    self.emit(|_| Event::Sleep {
                        session: s,
                        at_ns: at,
                        ns,
                    });
                    return;
                }
            }
        }
    }
}
