//! The scheduler's side of a latch get: spinning, granting, freeing and sleeping, on the
//! sessions and CPUs (the latch's own state and backoff are in `latch.rs`).

use super::latch::latch_sleep_ns;
use super::{Op, Sim, Status};
use crate::library::events::Event;

impl Sim {
    /// A willing-to-wait get. True if the latch is now held; otherwise the session spins
    /// (`_spin_count` iterations of CPU), and `spin_done` decides whether it sleeps.
    pub(crate) fn get(&mut self, s: u32, l: u32) -> bool {
        let ss = &mut self.sess[s as usize];
        let first = !ss.missed && ss.sleeps_this_get == 0;
        let lt = &mut self.latches[l as usize];
        if first {
            lt.gets += 1;
        }
        if lt.holder.is_none() {
            lt.holder = Some(s);
            ss.spin = None;
            ss.held.push(l);
            ss.missed = false;
            ss.sleeps_this_get = 0;
            return true;
        }
        if first {
            lt.misses += 1;
            ss.missed = true;
            let (at, holder, latch) = (self.now, lt.holder.unwrap_or(0), self.latch_name(l));
            self.emit(|_| Event::LatchMiss {
                session: s,
                at_ns: at,
                latch,
                holder,
            });
        }
        let spin = u64::from(self.cfg.spec.spin_count) * self.cfg.ns.spin_iteration;
        let ss = &mut self.sess[s as usize];
        ss.ops.push_front(Op::Get(l));
        ss.spin = Some(l);
        ss.spin_start = self.now;
        ss.burst_end = self.now + spin;
        ss.burst_acct = ss.phase;
        ss.seg_start = self.now;
        false
    }

    /// The latch is free while `s` spins on it: take it; its spin burst ends now.
    pub(crate) fn grant_spin(&mut self, s: u32, l: u32) {
        self.latches[l as usize].holder = Some(s);
        self.latches[l as usize].spin_gets += 1;
        let ss = &mut self.sess[s as usize];
        ss.spin = None;
        ss.held.push(l);
        ss.missed = false;
        ss.sleeps_this_get = 0;
        ss.burst_end = self.now;
        // the retry `Get` left on the list is satisfied
        if ss.ops.front() == Some(&Op::Get(l)) {
            ss.ops.pop_front();
        }
        let (at, latch) = (self.now, self.latch_name(l));
        self.emit(|_| Event::SpinGet {
            session: s,
            at_ns: at,
            latch,
        });
    }

    /// Free a latch; a session spinning on it on another CPU gets it at once (the earliest
    /// spinner, ties by session id).
    pub(crate) fn release(&mut self, l: u32, s: u32) {
        self.latches[l as usize].holder = None;
        let held = &mut self.sess[s as usize].held;
        if let Some(k) = held.iter().position(|&h| h == l) {
            held.remove(k);
        }
        let spinner = self
            .cpus
            .iter()
            .filter_map(|c| c.running)
            .filter(|&r| self.sess[r as usize].spin == Some(l))
            .min_by_key(|&r| (self.sess[r as usize].spin_start, r));
        if let Some(r) = spinner {
            self.charge(r);
            self.grant_spin(r, l);
        }
    }

    /// The spin burst ended without the latch: sleep (a `latch free` wait), then retry.
    pub(crate) fn spin_done(&mut self, s: u32, l: u32) {
        self.sess[s as usize].spin = None;
        if self.latches[l as usize].holder.is_none() {
            return; // the retry Get on the list takes it
        }
        let k = self.sess[s as usize].sleeps_this_get;
        let ns = latch_sleep_ns(k);
        self.sess[s as usize].sleeps_this_get += 1;
        let lt = &mut self.latches[l as usize];
        lt.sleeps += 1;
        lt.wait_ns += ns;
        let (at, latch) = (self.now, self.latch_name(l));
        self.emit(|_| Event::LatchSleep {
            session: s,
            at_ns: at,
            latch,
            ns,
        });
        self.sleep_until(s, self.now + ns, Status::LatchSleep);
    }
}
