//! The host under the instance (docs/model.md §3, seed 002): its memory and paging, and the one
//! CPU that concurrent batch jobs share (the jobs, which drive the buffer cache, are the
//! cache's: `buffer::cache::host_path::Jobs`).
//!
//! - `config`: the scenario's `host` section (central, expanded and auxiliary storage, page
//!   size, page-in time, the rest of the SGA, PGA per session, other address spaces, the CPU
//!   path length of an I/O).
//! - `memory`: the pages of every address space and the OS's LRU over them.
//!
//! The address spaces, page by page: the SGA's buffers first (buffer `i` of `db_block_size`
//! bytes lies on pages `i × size / page …`), then the rest of the SGA, then each session's
//! PGA, then the other address spaces. Who references what:
//! - every logical read references its buffer's page(s) — a buffer-cache **hit** on a buffer
//!   whose page was paged out is a page fault: Oracle counts a hit, the host pays a page-in;
//!   a miss references the victim buffer's page(s) before the block is read into them, and
//!   DBWR references a dirty buffer's page(s) to write it;
//! - each transaction (each execution, outside `oltp_batch`) references all of its session's
//!   PGA and the next page of the rest of the SGA, in turn (the log buffer cycles);
//! - the other address spaces reference their pages in turn, all of them every
//!   `other_cycle_s` (0: fixed in central storage).
//!
//! Without a `host` section there is no `Host` at all: memory is unlimited, nothing pages, and
//! every existing run is unchanged.

pub mod config;
pub mod memory;
pub mod report;
#[cfg(test)]
mod tests;

pub use config::{HostConfig, HostSpec};
pub use memory::{Loc, Memory, Touched};

use crate::error::{Result, SimError};

/// What the host counts (RMF's names in words where MVS has them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HostCounters {
    /// Page faults served from expanded storage (CPU-synchronous page-ins).
    pub page_ins: u64,
    /// Page faults served from auxiliary storage (a migrated or swapped-out page: a disk read).
    pub disk_page_ins: u64,
    /// Pages moved from central to expanded storage.
    pub pages_to_expanded: u64,
    /// Pages moved to auxiliary storage: MVS migration from expanded storage, or page-outs to
    /// swap on a host without expanded storage.
    pub migrations: u64,
    /// Buffer-cache hits whose buffer page was not in central storage.
    pub hits_paged_out: u64,
    /// Of those page faults, the ones Oracle's own reads caused: a miss's victim buffer and
    /// DBWR's writes.
    pub faults_by_reads: u64,
    pub faults_by_dbwr: u64,
    /// Transactions committed (`oltp_batch`).
    pub transactions: u64,
    /// CPU charged to paging: page-ins and paging I/O.
    pub paging_cpu_ns: u64,
    /// Time the CPU had nothing to run (every job waiting), ns.
    pub idle_ns: u64,
    /// The concurrent jobs' I/O waits, each job's own and off the CPU's clock (disk reads,
    /// page faults from auxiliary storage), summed over the jobs, ns.
    pub job_wait_ns: u64,
}

/// The address spaces' pages, first page and count of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    pub buffer_pages: u32,
    /// Pages one buffer spans (1 when several buffers share a page).
    pub pages_per_buffer: u32,
    pub block_bytes: u64,
    pub sga_other: (u32, u32),
    pub pga: (u32, u32),
    pub other: (u32, u32),
}

impl Areas {
    pub fn sga_pages(&self) -> u32 {
        self.buffer_pages + self.sga_other.1
    }
    pub fn total(&self) -> u32 {
        self.other.0 + self.other.1
    }
}

/// The memory model of a host (present when the scenario has a `host` section).
#[derive(Debug, Clone)]
pub struct Paging {
    pub cfg: HostConfig,
    pub mem: Memory,
    pub areas: Areas,
    pub lock_sga: bool,
    pub pre_page_sga: bool,
    /// Next page of the rest of the SGA, and of the other address spaces, to reference.
    sga_next: u32,
    other_next: u32,
    /// Simulated time up to which the other address spaces have referenced their pages.
    other_ns: u64,
    pub sessions: u32,
}

/// The host of one run: its memory (optional), its CPU and what it counts.
#[derive(Debug, Clone)]
pub struct Host {
    pub paging: Option<Paging>,
    /// `oltp_batch`: the clock is the CPU's; a job's I/O waits are its own
    /// ([`Host::blocked_ns`]) and overlap with the other jobs' CPU work.
    pub concurrent: bool,
    /// I/O wait of the access in progress (concurrent mode).
    pub blocked_ns: u64,
    /// CPU of one I/O's operating-system path (0 without a host section).
    pub io_cpu_ns: u64,
    /// A disk read, for page faults from auxiliary storage.
    pub disk_read_ns: u64,
    /// Start of the measurement interval (the end of the warm-up), ns.
    pub measured_from_ns: u64,
    pub jobs: u32,
    pub n: HostCounters,
    /// Page references of the whole run (warm-up included) for the sessions' PGA and the
    /// other address spaces, bounded by [`config::MAX_PAGE_REFERENCES`].
    pub refs: Refs,
}

/// Page references a run has made for each area that [`config::MAX_PAGE_REFERENCES`] bounds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Refs {
    /// The sessions' PGA and the rest of the SGA, at each transaction.
    pub session: u64,
    /// The other address spaces.
    pub other: u64,
}

/// What a reference costs: CPU (the clock) and an I/O wait (the job's, when concurrent).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Charge {
    pub cpu_ns: u64,
    pub wait_ns: u64,
    /// The page(s) were not in central storage.
    pub faulted: bool,
}

/// Count what one reference did and charge its cost.
fn apply(
    h: &mut HostCounters,
    io_cpu: u64,
    disk_read: u64,
    page_in: u64,
    t: Touched,
    c: &mut Charge,
) {
    if t.from_expanded {
        h.page_ins += 1;
        c.cpu_ns += page_in;
        c.faulted = true;
    }
    if t.from_aux {
        // A page-in from a page data set (or swap): a disk read, and its I/O path.
        h.disk_page_ins += 1;
        c.wait_ns += disk_read;
        c.cpu_ns += io_cpu;
        c.faulted = true;
    }
    h.pages_to_expanded += t.to_expanded as u64;
    h.migrations += t.to_aux as u64;
    // Each page written to auxiliary storage is an I/O of its own.
    c.cpu_ns += t.to_aux as u64 * io_cpu;
}

impl Host {
    /// A host for a run: `spec` (None: unlimited memory), `jobs` sessions, `concurrent` for
    /// `oltp_batch`. Refuses an SGA that `lock_sga` cannot fix in central storage, and memory
    /// that central + expanded + auxiliary storage cannot hold.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        spec: Option<&HostSpec>,
        buffers: u64,
        block_bytes: u64,
        jobs: u32,
        concurrent: bool,
        lock_sga: bool,
        pre_page_sga: bool,
        disk_read_ns: u64,
    ) -> Result<Host> {
        let (paging, io_cpu_ns) = match spec {
            None => (None, 0),
            Some(s) => {
                let cfg = s.resolve()?;
                let p = Paging::new(cfg, buffers, block_bytes, jobs, lock_sga, pre_page_sga)?;
                (Some(p), cfg.io_cpu_ns)
            }
        };
        Ok(Host {
            paging,
            concurrent,
            blocked_ns: 0,
            io_cpu_ns,
            disk_read_ns,
            measured_from_ns: 0,
            jobs,
            n: HostCounters::default(),
            refs: Refs::default(),
        })
    }

    /// Pages one transaction references at its start: its session's PGA and one page of the
    /// rest of the SGA.
    pub fn session_pages(&self) -> u64 {
        self.paging.as_ref().map_or(0, |p| {
            (p.areas.pga.1 / p.sessions) as u64 + (p.areas.sga_other.1 > 0) as u64
        })
    }

    /// Refuse, before a run starts, a PGA whose references at `executions` transactions would
    /// pass [`config::MAX_PAGE_REFERENCES`]: names `host.pga_kb`, the limit and the most PGA
    /// this run could have.
    pub fn check_work(&self, executions: u64) -> Result<()> {
        let Some(p) = &self.paging else {
            return Ok(());
        };
        let per = self.session_pages();
        let work = executions.saturating_mul(per);
        if work <= config::MAX_PAGE_REFERENCES {
            return Ok(());
        }
        let page_kb = p.cfg.page_bytes / 1024;
        let sga = per - (p.areas.pga.1 / p.sessions) as u64;
        let most = (config::MAX_PAGE_REFERENCES / executions.max(1)).saturating_sub(sga);
        Err(SimError::new(
            "host.pga_kb",
            format!(
                "{} KB is {} pages of {page_kb} KB a session, all referenced at each of the \
                 run's {executions} transactions: {work} page references, past the limit of {} \
                 a run may make (MAX_PAGE_REFERENCES); at most {} KB for this run, or fewer \
                 transactions",
                p.cfg.pga_pages * page_kb,
                per - sga,
                config::MAX_PAGE_REFERENCES,
                most * page_kb
            ),
        ))
    }

    /// The run's page references passed [`config::MAX_PAGE_REFERENCES`] (the other address
    /// spaces', whose number follows the simulated time, can only be counted as they happen):
    /// the error names the field of the area that made most of them.
    pub fn over_limit(&self) -> Option<SimError> {
        let Refs { session, other } = self.refs;
        if session.saturating_add(other) <= config::MAX_PAGE_REFERENCES {
            return None;
        }
        let (path, fix) = if other > session {
            (
                "host.other_cycle_s",
                "a longer host.other_cycle_s or a smaller host.other_mb",
            )
        } else {
            ("host.pga_kb", "a smaller host.pga_kb or fewer transactions")
        };
        Some(SimError::new(
            path,
            format!(
                "the run made more than {} host page references (MAX_PAGE_REFERENCES: {session} \
                 for the sessions' PGA, {other} for the other address spaces), the most a run \
                 may make; it stopped there: {fix}",
                config::MAX_PAGE_REFERENCES
            ),
        ))
    }

    /// Reference the page(s) of buffer `buf`.
    #[inline]
    pub fn touch_buffer(&mut self, buf: u32) -> Charge {
        let mut c = Charge::default();
        let Some(p) = &mut self.paging else {
            return c;
        };
        let (io, disk, page_in) = (self.io_cpu_ns, self.disk_read_ns, p.cfg.page_in_ns);
        let first = (buf as u64 * p.areas.block_bytes / p.cfg.page_bytes) as u32;
        for k in 0..p.areas.pages_per_buffer {
            let t = p.mem.touch(first + k);
            apply(&mut self.n, io, disk, page_in, t, &mut c);
        }
        self.n.paging_cpu_ns += c.cpu_ns;
        c
    }

    /// A session starts a transaction (an execution): its PGA and the next page of the rest
    /// of the SGA are referenced.
    pub fn session_work(&mut self, session: u32) -> Charge {
        let mut c = Charge::default();
        let Some(p) = &mut self.paging else {
            return c;
        };
        let (io, disk, page_in) = (self.io_cpu_ns, self.disk_read_ns, p.cfg.page_in_ns);
        let (first, n) = p.areas.pga;
        let per = n / p.sessions;
        let base = first + (session % p.sessions) * per;
        for k in 0..per {
            let t = p.mem.touch(base + k);
            apply(&mut self.n, io, disk, page_in, t, &mut c);
        }
        self.refs.session += per as u64 + (p.areas.sga_other.1 > 0) as u64;
        let (sfirst, sn) = p.areas.sga_other;
        if sn > 0 {
            let t = p.mem.touch(sfirst + p.sga_next);
            apply(&mut self.n, io, disk, page_in, t, &mut c);
            p.sga_next = (p.sga_next + 1) % sn;
        }
        self.n.paging_cpu_ns += c.cpu_ns;
        c
    }

    /// The other address spaces reference their pages up to time `now` (all of them every
    /// `other_cycle_s`). Their page faults take the CPU; their waits are their own.
    pub fn other_work(&mut self, now: u64) -> u64 {
        let Some(p) = &mut self.paging else {
            return 0;
        };
        let (first, n) = p.areas.other;
        let cycle = p.cfg.other_cycle_ns;
        if n == 0 || cycle == 0 || now <= p.other_ns {
            return 0;
        }
        let due = ((now - p.other_ns) as u128 * n as u128 / cycle as u128) as u64;
        if due == 0 {
            return 0;
        }
        p.other_ns += (due as u128 * cycle as u128 / n as u128) as u64;
        let (io, disk, page_in) = (self.io_cpu_ns, self.disk_read_ns, p.cfg.page_in_ns);
        let mut c = Charge::default();
        self.refs.other += due.min(n as u64);
        for _ in 0..due.min(n as u64) {
            let t = p.mem.touch(first + p.other_next);
            apply(&mut self.n, io, disk, page_in, t, &mut c);
            p.other_next = (p.other_next + 1) % n;
        }
        self.n.paging_cpu_ns += c.cpu_ns;
        c.cpu_ns
    }

    /// Forget the counts of the warm-up: the measurement interval starts at `now`.
    pub fn reset(&mut self, now: u64) {
        self.n = HostCounters::default();
        self.measured_from_ns = now;
    }
}

impl Paging {
    fn new(
        cfg: HostConfig,
        buffers: u64,
        block_bytes: u64,
        jobs: u32,
        lock_sga: bool,
        pre_page_sga: bool,
    ) -> Result<Paging> {
        let page = cfg.page_bytes;
        let buffer_pages = (buffers * block_bytes).div_ceil(page);
        let pages_per_buffer = (block_bytes / page).max(1);
        let sga = buffer_pages + cfg.sga_other_pages;
        let pga = cfg.pga_pages * jobs as u64;
        let total = sga + pga + cfg.other_pages;
        if total > config::MAX_HOST_PAGES {
            return Err(SimError::new(
                "host",
                format!(
                    "the address spaces need {total} pages of {} KB; the model holds at most {}",
                    page / 1024,
                    config::MAX_HOST_PAGES
                ),
            ));
        }
        let mb = |pages: u64| pages as f64 * page as f64 / 1_048_576.0;
        let fixed_other = if cfg.other_cycle_ns == 0 {
            cfg.other_pages
        } else {
            0
        };
        let fixed = fixed_other + if lock_sga { sga } else { 0 };
        if lock_sga && fixed >= cfg.central_pages {
            return Err(SimError::param(
                "lock_sga",
                format!(
                    "TRUE fixes the SGA ({:.1} MB: {:.1} MB of buffers and {:.1} MB of the rest) \
                     in central storage, but central storage is {:.1} MB{}: the instance cannot \
                     start (fewer buffers, or lock_sga = FALSE)",
                    mb(sga),
                    mb(buffer_pages),
                    mb(cfg.sga_other_pages),
                    mb(cfg.central_pages),
                    if fixed_other > 0 {
                        format!(
                            " and the other address spaces fix {:.1} MB of it",
                            mb(fixed_other)
                        )
                    } else {
                        String::new()
                    }
                ),
            ));
        }
        if fixed >= cfg.central_pages {
            return Err(SimError::new(
                "host.other_mb",
                format!(
                    "the other address spaces fix {:.1} MB in central storage (other_cycle_s = 0), \
                     all of its {:.1} MB: nothing is left to page",
                    mb(fixed_other),
                    mb(cfg.central_pages)
                ),
            ));
        }
        let pageable = total - fixed;
        let room = (cfg.central_pages - fixed) + cfg.expanded_pages;
        if let Some(aux) = cfg.aux_pages {
            if pageable > room + aux {
                return Err(SimError::new(
                    "host.auxiliary_storage_mb",
                    format!(
                        "{:.1} MB of pageable memory does not fit in central + expanded + auxiliary \
                         storage ({:.1} MB): give at least {:.1} MB of auxiliary storage",
                        mb(pageable),
                        mb(room + aux),
                        mb(pageable.saturating_sub(room))
                    ),
                ));
            }
        }
        let mut mem = Memory::new(
            total as u32,
            (cfg.central_pages - fixed) as u32,
            cfg.expanded_pages as u32,
        );
        let other = (sga as u32 + pga as u32, cfg.other_pages as u32);
        if lock_sga {
            for p in 0..sga as u32 {
                mem.fix(p);
            }
        }
        if fixed_other > 0 {
            for p in other.0..other.0 + other.1 {
                mem.fix(p);
            }
        }
        if pre_page_sga && !lock_sga {
            // pre_page_sga = TRUE: every SGA page is referenced at startup, in order.
            for p in 0..sga as u32 {
                mem.touch(p);
            }
        }
        Ok(Paging {
            cfg,
            mem,
            areas: Areas {
                buffer_pages: buffer_pages as u32,
                pages_per_buffer: pages_per_buffer as u32,
                block_bytes,
                sga_other: (buffer_pages as u32, cfg.sga_other_pages as u32),
                pga: (sga as u32, pga as u32),
                other,
            },
            lock_sga,
            pre_page_sga,
            sga_next: 0,
            other_next: 0,
            other_ns: 0,
            sessions: jobs.max(1),
        })
    }
}
