//! The buffer cache's side of the host (docs/model.md §3, [`crate::host`]): which references touch
//! host pages, what the CPU and the waits cost, and the warm-up's reset. Without a host
//! (`Cache::host` is None) every function here is what the cache did before: CPU and waits
//! both move the one clock.

use super::counters::PoolCounters;
use super::events::Event;
use super::Cache;
use crate::host::{Charge, Host};

mod jobs;
#[cfg(test)]
mod tests;

pub(in crate::buffer) use jobs::Jobs;

/// Why a buffer's page was referenced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PageUse {
    /// A logical read that found the buffer (a hit).
    Hit,
    /// A miss reads a block into the victim buffer.
    Read,
    /// DBWR writes the buffer.
    Write,
}

impl Cache {
    /// CPU work: the clock moves.
    #[inline]
    pub(crate) fn cpu(&mut self, ns: u64) {
        self.wait(ns);
    }

    /// An I/O wait: the clock's, or, with concurrent jobs, the job's own.
    #[inline]
    pub(crate) fn wait_io(&mut self, ns: u64) {
        match &mut self.host {
            Some(h) if h.concurrent => {
                h.blocked_ns = h.blocked_ns.saturating_add(ns);
                h.n.job_wait_ns = h.n.job_wait_ns.saturating_add(ns);
            }
            _ => self.wait(ns),
        }
    }

    /// The CPU of one I/O's operating-system path (`host.io_cpu_us`; 0 without a host).
    #[inline]
    pub(super) fn io_cpu(&mut self) {
        if let Some(h) = &self.host {
            let ns = h.io_cpu_ns;
            self.cpu(ns);
        }
    }

    fn charge(&mut self, c: Charge) {
        self.cpu(c.cpu_ns);
        self.wait_io(c.wait_ns);
    }

    /// The CPU takes up a job ready at `t`: idle until then if it has nothing else to do.
    pub fn cpu_from(&mut self, t: u64) {
        if t > self.now {
            if let Some(h) = &mut self.host {
                h.n.idle_ns += t - self.now;
            }
            self.now = t;
        }
    }

    /// The I/O wait of the step just served (concurrent jobs), and no more.
    pub fn take_blocked(&mut self) -> u64 {
        self.host
            .as_mut()
            .map_or(0, |h| std::mem::take(&mut h.blocked_ns))
    }

    /// A session starts a transaction (an execution): its PGA and the rest of the SGA.
    /// Past the host's page reference limit the run stops on a fault naming the field.
    pub fn session_work(&mut self, session: u32) {
        if let Some(h) = &mut self.host {
            let c = h.session_work(session);
            if self.fault.is_none() {
                self.fault = h.over_limit();
            }
            self.charge(c);
        }
    }

    /// The other address spaces' references up to now.
    #[inline]
    pub(super) fn other_work(&mut self) {
        if let Some(h) = &mut self.host {
            let ns = h.other_work(self.now);
            if self.fault.is_none() {
                self.fault = h.over_limit();
            }
            self.cpu(ns);
        }
    }

    /// Reference buffer `buf`'s page(s); the CPU and wait of a page fault are charged here
    /// (DBWR's: returned, for its own clock). True when a page was not in central storage.
    pub(super) fn touch_buffer(&mut self, buf: u32, why: PageUse) -> Charge {
        let Some(h) = &mut self.host else {
            return Charge::default();
        };
        let c = h.touch_buffer(buf);
        if c.faulted {
            match why {
                PageUse::Hit => h.n.hits_paged_out += 1,
                PageUse::Read => h.n.faults_by_reads += 1,
                PageUse::Write => h.n.faults_by_dbwr += 1,
            }
            let (disk, ns) = (c.wait_ns > 0, c.cpu_ns + c.wait_ns);
            self.emit(|| Event::PageIn { buf, disk, ns });
        }
        if why != PageUse::Write {
            self.charge(c);
        }
        c
    }

    /// A transaction committed (`oltp_batch`).
    pub fn committed(&mut self) {
        if let Some(h) = &mut self.host {
            h.n.transactions += 1;
        }
    }

    /// The end of the warm-up: forget what was counted so far (pool statistics, I/O, DBWR,
    /// host); the measurement interval, and `elapsed_s`, start now.
    pub fn reset_statistics(&mut self) {
        self.counters = [PoolCounters::default(); 3];
        self.io.n = Default::default();
        for d in &mut self.dbwrs {
            d.batches = 0;
            d.writes = 0;
            d.busy_ns = 0;
        }
        self.rows = 0;
        let now = self.now;
        if let Some(h) = &mut self.host {
            h.reset(now);
        }
    }

    /// Start of the measurement interval, ns (0 without a warm-up).
    pub fn measured_from_ns(&self) -> u64 {
        self.host.as_ref().map_or(0, |h| h.measured_from_ns)
    }

    /// DB time over the measurement interval, ns: the time the sessions spent in the
    /// database, working or waiting (Oracle's `DB time`; idle time is not in it). One session
    /// (or jobs run one after another): the clock's time. Concurrent jobs (`oltp_batch`): the
    /// CPU's busy time plus every job's own I/O waits, which overlap on the clock.
    pub fn db_time_ns(&self) -> u64 {
        let elapsed = self.now.saturating_sub(self.measured_from_ns());
        match &self.host {
            Some(h) => elapsed
                .saturating_sub(h.n.idle_ns)
                .saturating_add(h.n.job_wait_ns),
            None => elapsed,
        }
    }

    pub fn host(&self) -> Option<&Host> {
        self.host.as_deref()
    }
}
