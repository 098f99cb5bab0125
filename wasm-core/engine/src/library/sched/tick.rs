//! The event loop: the next scheduler event (a burst ends, a sleeper wakes, a time slice
//! expires) and what it does.

use super::{Sim, Status, TIME_SLICE_NS};
use crate::common::MAX_SIM_NS;
use crate::library::events::{Event, Latch};
use std::cmp::Reverse;

impl Sim {
    /// The earliest burst end or wake-up.
    fn next_event_not_slice(&self) -> Option<u64> {
        let bursts = self
            .cpus
            .iter()
            .filter_map(|c| c.running)
            .map(|s| self.sess[s as usize].burst_end);
        let wake = self.wakeups.peek().map(|Reverse((t, _))| *t);
        bursts.chain(wake).min()
    }

    /// Process the next scheduler event: a burst ends, a sleeper wakes, or a slice expires.
    /// Ties: bursts, then wake-ups, then slices; then by session (or CPU) number.
    pub fn tick(&mut self) -> bool {
        if self.ticks >= self.max_events {
            // the run's event budget is spent: it stops here (`Sim::event_limit_hit`)
            self.event_limit_hit = true;
            return false;
        }
        self.ticks += 1;
        let start = self.phases;
        self.dispatch();
        if self.phases != start {
            return true;
        }
        let mut best: Option<(u64, u8, u32)> = None;
        for (k, c) in self.cpus.iter().enumerate() {
            if let Some(s) = c.running {
                let cand = [
                    (self.sess[s as usize].burst_end, 0, s),
                    (c.slice_end, 2, k as u32),
                ];
                for x in cand {
                    if best.is_none_or(|b| x < b) {
                        best = Some(x);
                    }
                }
            }
        }
        if let Some(Reverse((t, s))) = self.wakeups.peek().copied() {
            if best.is_none_or(|b| (t, 1, s) < b) {
                best = Some((t, 1, s));
            }
        }
        let Some((t, kind, id)) = best else {
            return false;
        };
        if t > MAX_SIM_NS {
            // the clock would pass its limit: the run stops here (`Sim::clock_stopped`)
            self.clock_stopped = true;
            return false;
        }
        self.now = self.now.max(t);
        match kind {
            0 => {
                self.charge(id);
                if let Some(l) = self.sess[id as usize].spin {
                    self.spin_done(id, l);
                }
                self.proceed(id);
            }
            1 => {
                self.wakeups.pop();
                self.make_ready(id);
            }
            _ => {
                let cpu = id as usize;
                if self.runq.is_empty() {
                    // Nobody waits: the quantum is renewed. Nothing can join the run queue
                    // before the next burst end or wake-up, so renew it in one go up to
                    // then, as ticking every quantum would (the work is bounded by events,
                    // not by simulated time).
                    let next = self.next_event_not_slice().unwrap_or(self.now);
                    let end = &mut self.cpus[cpu].slice_end;
                    // the first renewal that reaches `next` (ties: bursts and wake-ups first)
                    let k = next.saturating_sub(*end).div_ceil(TIME_SLICE_NS).max(1);
                    *end = end.saturating_add(k.saturating_mul(TIME_SLICE_NS));
                } else if self.merge_rounds(cpu) {
                    // whole rounds of the rotation applied at once; this slice end is due
                    // again rounds later
                } else if let Some(s) = self.cpus[cpu].running {
                    self.charge(s);
                    let ss = &mut self.sess[s as usize];
                    ss.burst_left = ss.burst_end - self.now;
                    if !ss.held.is_empty() {
                        self.c.preemptions_holding += 1;
                    }
                    let holding: Vec<Latch> = ss
                        .held
                        .clone()
                        .into_iter()
                        .map(|l| self.latch_name(l))
                        .collect();
                    let at = self.now;
                    self.emit(|_| Event::Preempt {
                        session: s,
                        at_ns: at,
                        cpu: cpu as u32,
                        holding,
                    });
                    self.leave_cpu(s, Status::Queued);
                    self.sess[s as usize].quantum_left = TIME_SLICE_NS;
                    self.runq.push_back(s);
                }
            }
        }
        true
    }
}
