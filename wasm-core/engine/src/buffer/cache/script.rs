//! A `script` workload's statements as the cache carries them out (`alter session set
//! events`, `alter system flush buffer_cache`, `alter table … storage (buffer_pool …)`,
//! parameter changes), and where each step began, for its elapsed time in the report. The
//! statements themselves ([`Control`](super::workload::Control)) are the workload's.

use super::config::PoolId;
use super::events::Event;
use super::workload::Action;
use super::Cache;
use crate::io::ScanDecision;

/// Running totals, taken at the start of every step so the report can give each step's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub logical_reads: u64,
    pub physical_reads: u64,
    pub physical_reads_direct: u64,
    pub os_cache_hits: u64,
    pub rows: u64,
    /// Nanoseconds of buffered physical reads (disk and OS page cache), and the waits they
    /// make: one per disk request, one per block copied from the OS page cache.
    pub read_ns: u64,
    pub read_waits: u64,
}

impl Tally {
    pub fn minus(self, o: Tally) -> Tally {
        Tally {
            logical_reads: self.logical_reads - o.logical_reads,
            physical_reads: self.physical_reads - o.physical_reads,
            physical_reads_direct: self.physical_reads_direct - o.physical_reads_direct,
            os_cache_hits: self.os_cache_hits - o.os_cache_hits,
            rows: self.rows - o.rows,
            read_ns: self.read_ns - o.read_ns,
            read_waits: self.read_waits - o.read_waits,
        }
    }
}

/// Where a step began, and the first full-scan decision taken in it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepMark {
    pub index: u32,
    pub start_ns: u64,
    pub at: Tally,
    pub decision: Option<ScanDecision>,
}

impl Cache {
    /// The running totals now. Direct reads are consistent gets too (`session logical
    /// reads`), outside any pool.
    pub fn tally(&self) -> Tally {
        let c = self.counters.iter();
        let (logical, physical) = c.fold((0, 0), |(l, p), c| {
            (
                l + c.db_block_gets + c.consistent_gets,
                p + c.physical_reads,
            )
        });
        let n = &self.io.n;
        Tally {
            logical_reads: logical + n.physical_reads_direct,
            physical_reads: physical + n.physical_reads_direct,
            physical_reads_direct: n.physical_reads_direct,
            os_cache_hits: n.os_hits,
            rows: self.rows,
            read_ns: n.read_ns,
            read_waits: n.disk_requests + n.os_hits,
        }
    }

    /// Step `k` of the script begins: mark it, then carry out its statement.
    pub(super) fn control(&mut self, k: u16, _pos: u64, _exec: u64) {
        let script = self.script.clone();
        let Some(c) = script.get(k as usize) else {
            return;
        };
        self.steps.push(StepMark {
            index: k as u32,
            start_ns: self.now,
            at: self.tally(),
            decision: None,
        });
        self.emit(|| Event::Step {
            index: k as u32,
            text: c.text.clone(),
        });
        match c.action {
            Action::Scan | Action::Run | Action::MultiblockReadCount(_) => {}
            Action::Event { event, level } => match event {
                10358 => self.io.cfg.event_10358 = level,
                _ => self.io.cfg.event_10949 = level,
            },
            Action::Flush => self.flush(),
            Action::SetPool { seg, pool } => {
                // A pool with no buffers: its blocks use DEFAULT, as Oracle does.
                let pool = if self.cfg.pool(pool).is_some() {
                    pool
                } else {
                    PoolId::Default
                };
                self.segs[seg as usize].buffer_pool = pool;
            }
            Action::SerialDirectRead(m) => self.io.cfg.serial_direct_read = m,
            Action::SmallTableThreshold(t) => self.io.cfg.small_table_threshold = t,
        }
    }
}
