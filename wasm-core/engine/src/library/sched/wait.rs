//! How a wait is timed. Rule (wait timing, `cost.library.waits_end_on_cpu`, on by default):
//! Oracle times a wait by reading the clock before it and again after it — `gettimeofday()`
//! with `timed_statistics = TRUE` (Steve Adams, "CPU used by this session and involuntary
//! context switches", ixora Q&A, 15 Sep 2000, http://www.ixora.com.au/q+a/0009/15101606.htm).
//! The second read is code the process runs, so it happens only when the woken process is
//! back on a CPU: on a CPU-bound machine the time a woken session spends in the run queue is
//! counted in its wait ("Unmasking CPU starvation in Oracle", byte-way.com, 2025: "this
//! additional delay is included in the recorded wait time"). Seed 001's tests run 11 sessions
//! on one CPU, so a `latch free` sleep of 10 ms is recorded as the sleep and the run-queue
//! delay after it.
//!
//! With the rule off, a wait ends when its sleep does (the latch sleep's length, the load
//! lock until the load is done): the model before this rule, figure for figure.
//!
//! One `latch free` wait per sleep (V$LATCH `sleeps`), as 8i posts it; a load-lock wait from
//! finding the object being loaded until the session runs again.

use super::Sim;
use crate::library::events::Event;

/// What a session waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waiting {
    /// A `latch free` sleep on this latch (index).
    Latch(u32),
    /// `library cache load lock`: another session is loading the object.
    LoadLock,
}

/// A wait in progress: what, since when, and when its sleep ended (the session was woken).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wait {
    pub on: Waiting,
    pub since: u64,
    pub woke: Option<u64>,
}

impl Sim {
    /// The wait starts now (the first clock read).
    pub(crate) fn begin_wait(&mut self, s: u32, on: Waiting) {
        self.sess[s as usize].wait = Some(Wait {
            on,
            since: self.now,
            woke: None,
        });
    }

    /// The session's sleep is over and it joins the run queue. With waits ending on the CPU
    /// its wait goes on until it is dispatched; otherwise it ends here.
    pub(crate) fn woke(&mut self, s: u32) {
        let Some(w) = self.sess[s as usize].wait.as_mut() else {
            return;
        };
        w.woke = Some(self.now);
        if !self.cfg.spec.cost.waits_end_on_cpu {
            self.end_wait(s);
        }
    }

    /// The second clock read: the wait's time goes to its latch (`latch free`) or to the load
    /// lock's total.
    pub(crate) fn end_wait(&mut self, s: u32) {
        let Some(w) = self.sess[s as usize].wait.take() else {
            return;
        };
        let ns = self.now - w.since;
        let queued_ns = self.now - w.woke.unwrap_or(self.now);
        let latch = match w.on {
            Waiting::Latch(l) => {
                self.latches[l as usize].waited(ns);
                Some(self.latch_name(l))
            }
            Waiting::LoadLock => {
                self.c.load_wait_ns += ns;
                None
            }
        };
        let at = self.now;
        self.emit(|_| Event::WaitEnd {
            session: s,
            at_ns: at,
            latch,
            ns,
            queued_ns,
        });
    }
}
