//! A session's scheduling state, and the narrow interface the latch side changes it through:
//! the scheduler applies what a latch get found (granted, spin, sleep) with these methods
//! and never writes the latch fields itself.

use super::wait::Wait;
use super::{Acct, Op, Status};
use crate::library::text::Stream;
use std::collections::VecDeque;

#[derive(Debug, Clone)]
pub struct Sess {
    pub stream: Stream,
    pub ops: VecDeque<Op>,
    pub run: Status,
    /// The CPU burst in progress: when it ends if it keeps the CPU, or what is left of it.
    pub burst_end: u64,
    pub burst_left: u64,
    pub burst_acct: Acct,
    /// What the statement is doing: spinning is charged to it (parse or execute).
    pub phase: Acct,
    pub seg_start: u64,
    /// CPU left of the session's quantum (kept across blocks and sleeps).
    pub quantum_left: u64,
    /// Spinning on this latch (the burst is the spin).
    pub spin: Option<u32>,
    pub spin_start: u64,
    pub missed: bool,
    pub sleeps_this_get: u32,
    pub held: Vec<u32>,
    pub obj_latch: u32,
    pub stmt_in_slam: u32,
    pub slams_done: u32,
    pub text: String,
    pub hash: u32,
    pub obj: u32,
    /// The wait in progress (`wait.rs`), until it is timed.
    pub wait: Option<Wait>,
    pub cpu_parse: u64,
    pub cpu_exec: u64,
    pub statements: u64,
    pub finished_at: Option<u64>,
}

impl Sess {
    /// The first try of a get: no miss and no sleep yet since the last latch taken.
    pub fn first_try(&self) -> bool {
        !self.missed && self.sleeps_this_get == 0
    }

    /// Latch `l` is the session's now; the next get starts afresh.
    pub fn took(&mut self, l: u32) {
        self.spin = None;
        self.held.push(l);
        self.missed = false;
        self.sleeps_this_get = 0;
    }

    /// The first try missed: the get now counts as missed until the latch is taken.
    pub fn missed_first_try(&mut self) {
        self.missed = true;
    }

    /// Spin on `l` for `spin_ns` of CPU (charged to the statement's phase), with the retry
    /// `Get` in front of the list.
    pub fn start_spin(&mut self, l: u32, now: u64, spin_ns: u64) {
        self.ops.push_front(Op::Get(l));
        self.spin = Some(l);
        self.spin_start = now;
        self.burst_end = now.saturating_add(spin_ns);
        self.burst_acct = self.phase;
        self.seg_start = now;
    }

    /// `l` was freed while spinning on it: taken at `now`, the spin burst ends, and the retry
    /// `Get` left on the list is satisfied.
    pub fn took_while_spinning(&mut self, l: u32, now: u64) {
        self.took(l);
        self.burst_end = now;
        if self.ops.front() == Some(&Op::Get(l)) {
            self.ops.pop_front();
        }
    }

    pub fn stop_spin(&mut self) {
        self.spin = None;
    }

    /// Another `latch free` sleep of this get (the backoff doubles every second one).
    pub fn slept(&mut self) {
        self.sleeps_this_get += 1;
    }

    pub fn dropped(&mut self, l: u32) {
        if let Some(k) = self.held.iter().position(|&h| h == l) {
            self.held.remove(k);
        }
    }
}
