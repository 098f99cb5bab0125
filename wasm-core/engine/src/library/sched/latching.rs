//! The scheduler's side of a latch get: the latch (`latch.rs`) says what a get, a free or
//! the end of a spin found, the session (`sess.rs`) is changed through its own methods, and
//! this file puts the two together with the CPUs, the events and the sleeps.

use super::latch::Get;
use super::wait::Waiting;
use super::{Sim, Status};
use crate::library::events::Event;

impl Sim {
    /// A willing-to-wait get. True if the latch is now held; otherwise the session spins
    /// (`_spin_count` iterations of CPU), and `spin_done` decides whether it sleeps.
    pub(crate) fn get(&mut self, s: u32, l: u32) -> bool {
        let first = self.sess[s as usize].first_try();
        let holder = match self.latches[l as usize].try_get(s, first) {
            Get::Granted => {
                self.sess[s as usize].took(l);
                return true;
            }
            Get::Held { by } => by,
        };
        if first {
            self.sess[s as usize].missed_first_try();
            let (at, latch) = (self.now, self.latch_name(l));
            self.emit(|_| Event::LatchMiss {
                session: s,
                at_ns: at,
                latch,
                holder,
            });
        }
        let spin = u64::from(self.cfg.spec.spin_count).saturating_mul(self.cfg.ns.spin_iteration);
        self.sess[s as usize].start_spin(l, self.now, spin);
        false
    }

    /// The latch is free while `s` spins on it: take it; its spin burst ends now.
    pub(crate) fn grant_spin(&mut self, s: u32, l: u32) {
        self.latches[l as usize].hand_to_spinner(s);
        self.sess[s as usize].took_while_spinning(l, self.now);
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
        self.latches[l as usize].free();
        self.sess[s as usize].dropped(l);
        let spinner = self
            .cpus
            .iter()
            .filter_map(|c| c.running)
            .filter(|&r| self.sess[r as usize].spin == Some(l))
            .min_by_key(|&r| (self.sess[r as usize].spin_start, r));
        if let Some(r) = spinner {
            self.charge(r);
            self.grant_spin(r, l);
        } else if self.cfg.spec.cost.latch_wait_posting {
            self.post(l);
        }
    }

    /// Rule (latch wait posting, `cost.library.latch_wait_posting`; Adams 1999, ch. 3): the
    /// freed latch's first sleeper — the one asleep longest on it, ties by session id — is
    /// woken now, and joins the run queue to try again (it gets the latch only if nobody takes
    /// it first). Its timed wake-up is cancelled.
    fn post(&mut self, l: u32) {
        let first = self
            .sess
            .iter()
            .enumerate()
            .filter(|(_, x)| x.run == Status::LatchSleep)
            .filter_map(|(r, x)| match x.wait {
                Some(w) if w.on == Waiting::Latch(l) => Some((w.since, r as u32)),
                _ => None,
            })
            .min();
        if let Some((_, r)) = first {
            self.wakeups.retain(|std::cmp::Reverse((_, s))| *s != r);
            self.c.latch_posts += 1;
            self.make_ready(r);
        }
    }

    /// The spin burst ended without the latch: sleep (a `latch free` wait), then retry.
    pub(crate) fn spin_done(&mut self, s: u32, l: u32) {
        self.sess[s as usize].stop_spin();
        let k = self.sess[s as usize].sleeps_this_get;
        let Some(ns) = self.latches[l as usize].sleep_after_spin(k) else {
            return; // the latch is free: the retry Get on the list takes it
        };
        self.sess[s as usize].slept();
        let (at, latch) = (self.now, self.latch_name(l));
        self.begin_wait(s, Waiting::Latch(l));
        let ns = self.sleep_for(s, ns, Status::LatchSleep);
        self.emit(|_| Event::LatchSleep {
            session: s,
            at_ns: at,
            latch,
            ns,
        });
    }
}
