//! Merging time slices (issue 14): while every runnable session is in the middle of a long CPU
//! burst, holds no latch and spins on none, and nobody wakes up, the CPUs only pass the
//! sessions round-robin, one quantum each. That rotation is periodic, so whole rounds of it
//! are applied in one step instead of one scheduler event per quantum: a run's work is then
//! bounded by its events (statements, latch sleeps, wake-ups), not by its simulated time.
//!
//! Why a round is exact. Write the runnable sessions as one list L: the run queue, front to
//! back, then the running sessions in the order their slices end (by time, then CPU). A slice
//! end preempts the first running session to the back of the queue and puts the queue's front
//! on that CPU with a full quantum: L turns by one place, and that CPU's next slice end is one
//! quantum later. With n sessions on c CPUs, after n slice ends on every CPU (n × c in all,
//! n quanta of time) L is back in its order, each session on the CPU it had, every slice end
//! n quanta later, and each session has had exactly c quanta of CPU. Nothing else changed:
//! no burst could end (each has more than that left), no wake-up fell inside, no latch moved.

use super::{Acct, Sim, Status, TIME_SLICE_NS};
use crate::library::events::Event;
use crate::scenario::MAX_SIM_NS;

impl Sim {
    /// At a slice end on a CPU with sessions waiting: skip as many whole rounds of the
    /// rotation as cannot change anything but the clock and the CPU each session has used.
    /// True if it did (the slice end is then due again, rounds later).
    pub(crate) fn merge_rounds(&mut self, cpu: usize) -> bool {
        if !self.merge_slices || self.runq.is_empty() {
            return false;
        }
        let q = TIME_SLICE_NS;
        let c = self.cpus.len() as u64;
        let n = c + self.runq.len() as u64;
        let round = n * q;
        let per_round = c * q;
        let now = self.now;
        // rounds that fit before the clock limit and before the next wake-up
        let mut m = (MAX_SIM_NS - now.min(MAX_SIM_NS)) / round;
        if let Some(std::cmp::Reverse((t, _))) = self.wakeups.peek() {
            m = m.min(t.saturating_sub(now).saturating_sub(1) / round);
        }
        for cpu in &self.cpus {
            let Some(s) = cpu.running else { return false };
            let ss = &self.sess[s as usize];
            if ss.spin.is_some() || !ss.held.is_empty() {
                return false;
            }
            // CPU used is monotone: a burst with more than m × c quanta left outlasts m rounds
            m = m.min(ss.burst_end.saturating_sub(now).saturating_sub(1) / per_round);
        }
        for &s in &self.runq {
            let ss = &self.sess[s as usize];
            if ss.spin.is_some()
                || !ss.held.is_empty()
                || ss.burst_left == 0
                || ss.quantum_left != q
                || ss.run != Status::Queued
            {
                return false;
            }
            m = m.min(ss.burst_left.saturating_sub(1) / per_round);
        }
        if m == 0 {
            return false;
        }
        let shift = m * round;
        let used = m * per_round;
        for k in 0..self.cpus.len() {
            self.cpus[k].slice_end += shift;
            let s = self.cpus[k].running.unwrap_or_default();
            let ss = &mut self.sess[s as usize];
            ss.burst_end = ss.burst_end + shift - used;
            ss.seg_start += shift;
            // it was preempted inside the rounds: its next quantum is a full one
            ss.quantum_left = q;
            add_cpu(ss, used);
        }
        for k in 0..self.runq.len() {
            let s = self.runq[k];
            let ss = &mut self.sess[s as usize];
            ss.burst_left -= used;
            ss.seg_start += shift;
            add_cpu(ss, used);
        }
        self.now = now + shift;
        self.c.merged_slices += m * n * c;
        let sessions: Vec<u32> = self
            .runq
            .iter()
            .copied()
            .chain(self.cpus.iter().filter_map(|c| c.running))
            .collect();
        let preemptions = m * n * c;
        let session = self.cpus[cpu].running.unwrap_or_default();
        self.emit(|_| Event::Timeslices {
            session,
            at_ns: now,
            until_ns: now + shift,
            sessions,
            cpus: c as u32,
            preemptions,
        });
        true
    }
}

fn add_cpu(ss: &mut super::Sess, ns: u64) {
    match ss.burst_acct {
        Acct::Parse => ss.cpu_parse += ns,
        Acct::Exec => ss.cpu_exec += ns,
    }
}
