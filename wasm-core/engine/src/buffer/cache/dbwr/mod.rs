//! DBWR: each process owns the write lists of the working sets dealt to it round-robin. It
//! writes a batch of up to `_db_block_write_batch` buffers when its write lists hold that
//! many, every 3 s of simulated time when they hold any, and when a foreground posts it.
//! Each buffer costs `cost.physical_write_ms` on that DBWR; written buffers are clean and go
//! to the cold (LRU) tail.

pub mod writer;

use super::events::{Event, WriteReason};
use super::lists::{self, flag, NIL};
use super::replacement::{Policy, Replacer};
use super::Cache;
use writer::{Dbwr, TIMEOUT_NS};

impl Cache {
    fn queued(&self, d: u32) -> u32 {
        self.dbwrs[d as usize]
            .sets
            .iter()
            .map(|&s| self.sets[s as usize].wl_len)
            .sum()
    }

    pub(super) fn refresh_due(&mut self) {
        self.next_dbwr_due = self.dbwrs.iter().map(Dbwr::due).min().unwrap_or(u64::MAX);
    }

    /// Can posting this set's DBWR produce a clean buffer?
    pub(super) fn dbwr_can_help(&self, set: u32) -> bool {
        let d = self.sets[set as usize].dbwr;
        !self.dbwrs[d as usize].inflight.is_empty() || self.queued(d) > 0
    }

    /// Start a batch at time `at` if the DBWR is idle and has buffers queued.
    fn start_batch(&mut self, d: u32, reason: WriteReason, at: u64) -> bool {
        if !self.dbwrs[d as usize].inflight.is_empty() || self.queued(d) == 0 {
            return false;
        }
        let batch = self.cfg.write_batch as usize;
        let mut taken = std::mem::take(&mut self.dbwrs[d as usize].inflight);
        taken.clear();
        // Take from the write lists in turn, oldest first, until the batch is full.
        while taken.len() < batch {
            let before = taken.len();
            for k in 0..self.dbwrs[d as usize].sets.len() {
                let s = self.dbwrs[d as usize].sets[k];
                if taken.len() == batch {
                    break;
                }
                let ws = &mut self.sets[s as usize];
                let i = lists::pop_write_list(&mut self.b, ws);
                if i != NIL {
                    self.b.flags[i as usize] |= flag::WRITING;
                    let c = &mut self.counters[ws.pool.index()];
                    c.sum_write += 1;
                    c.sum_scan += 1;
                    c.physical_writes += 1;
                    taken.push(i);
                }
            }
            if taken.len() == before {
                break;
            }
        }
        let mut cost = taken.len() as u64 * self.cost.physical_write;
        if self.host.is_some() {
            // On a host, DBWR references each buffer's page(s) to write it, and each write
            // takes the CPU for its I/O path. A paged-out page faults; the batch's faults
            // from auxiliary storage are resolved together, as its writes are issued
            // together: the batch waits one disk read for them.
            let mut fault_wait = 0;
            for &i in &taken {
                let c = self.touch_buffer(i, super::host_path::PageUse::Write);
                fault_wait = fault_wait.max(c.wait_ns);
                self.cpu(c.cpu_ns);
                self.io_cpu();
            }
            cost += fault_wait;
        }
        let w = &mut self.dbwrs[d as usize];
        w.busy_until = at.saturating_add(cost);
        w.busy_ns += cost;
        w.batches += 1;
        w.writes += taken.len() as u64;
        let done_ns = w.busy_until;
        w.inflight = taken;
        if self.record {
            let buffers = self.dbwrs[d as usize].inflight.clone();
            self.events.push(Event::DbwrWrite {
                dbwr: d,
                reason,
                buffers,
                done_ns,
            });
        }
        self.refresh_due();
        true
    }

    /// The batch in flight is written: the buffers are clean and go back to the replacement
    /// list (Oracle's policies: the cold tail).
    fn complete(&mut self, d: u32) {
        let mut done = std::mem::take(&mut self.dbwrs[d as usize].inflight);
        for &i in &done {
            self.b.flags[i as usize] &= !(flag::DIRTY | flag::WRITING);
            // back on the replacement list where the policy puts a written buffer
            let (repl, mut cx) = self.policy_cx::<Replacer, false>(self.b.set[i as usize]);
            repl.written(&mut cx, i);
        }
        if self.record {
            self.events.push(Event::DbwrComplete {
                dbwr: d,
                buffers: done.clone(),
            });
        }
        // keep the allocation for the next batch; an empty `inflight` means idle
        done.clear();
        self.dbwrs[d as usize].inflight = done;
        let at = self.dbwrs[d as usize].busy_until;
        if self.queued(d) >= self.cfg.write_batch {
            self.start_batch(d, WriteReason::Threshold, at);
        }
        self.refresh_due();
    }

    /// Let every DBWR do, in time order, what falls due up to now.
    pub(super) fn run_dbwrs(&mut self) {
        // past the clock's limit the run stops (`Cache::check_clock`); a saturated timeout
        // could otherwise fall due forever
        while self.next_dbwr_due <= self.now && self.now <= super::workload::MAX_SIM_NS {
            // db_writer_processes ≥ 1 (config/): there is always a DBWR to ask
            let Some((d, t)) = self
                .dbwrs
                .iter()
                .enumerate()
                .map(|(d, w)| (d as u32, w.due()))
                .min_by_key(|&(d, t)| (t, d))
            else {
                return;
            };
            let w = &self.dbwrs[d as usize];
            if !w.inflight.is_empty() && w.busy_until == t {
                self.complete(d);
            } else {
                // The 3 s timeout. With nothing queued and nothing in flight, nothing can
                // change before the foreground acts, so skip the idle timeouts up to now.
                let idle = w.inflight.is_empty() && self.queued(d) == 0;
                let next = if idle {
                    t.saturating_add(TIMEOUT_NS.saturating_mul((self.now - t) / TIMEOUT_NS + 1))
                } else {
                    t.saturating_add(TIMEOUT_NS)
                };
                self.dbwrs[d as usize].next_timeout = next;
                self.start_batch(d, WriteReason::Timeout, t);
                self.refresh_due();
            }
        }
    }

    /// A dirty buffer was queued: start a batch if the write lists reached the batch size.
    pub(super) fn dbwr_threshold(&mut self, d: u32) {
        if self.queued(d) >= self.cfg.write_batch {
            let now = self.now;
            self.start_batch(d, WriteReason::Threshold, now);
        }
    }

    /// No free buffer within `_db_block_max_scan_pct`: post the set's DBWR and wait for its
    /// batch to be written.
    pub(super) fn free_buffer_wait(&mut self, set: u32) {
        let d = self.sets[set as usize].dbwr;
        let now = self.now;
        self.start_batch(d, WriteReason::Posted, now);
        let waited = self.dbwrs[d as usize].busy_until.saturating_sub(self.now);
        self.wait(waited);
        self.run_dbwrs();
        let pool = self.pool_of_set(set);
        self.counters[pool.index()].free_buffer_wait += 1;
        self.emit(|| Event::FreeBufferWait {
            set,
            dbwr: d,
            waited_ns: waited,
        });
    }
}
