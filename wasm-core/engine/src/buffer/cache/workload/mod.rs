//! Workloads: seeded generators of accesses, grouped into executions (one BUFFER_STUFFER
//! cursor fetch, one full scan, one random access, one trace line).

mod control;
mod index_range;
mod mix;
pub mod oltp_batch;
mod random;
mod scan;
pub mod script;
mod spec;
mod stuffer;
mod trace;

pub use crate::scenario::workload::{Distribution, MixPart, ScriptStep, WorkloadSpec};
pub use control::{Action, Control};
pub use index_range::IndexRange;
pub use mix::Mix;
pub use oltp_batch::OltpBatch;
pub use random::{Alias, Random};
pub(crate) use scan::push_scan;
use scan::sleep_after_last;
pub use scan::Scan;
pub use script::Script;
pub use stuffer::Stuffer;
pub use trace::{check_header as check_trace_header, parse_row as parse_trace_row};

use crate::buffer::cache::events::{Op, Probe};
use crate::error::{Result, SimError};
use crate::profile::Profile;
use crate::scenario::segment::Segment;

/// The most accesses one scenario may ask for.
pub const MAX_ACCESSES: u64 = 20_000_000;

pub use crate::common::{Rng, MAX_SIM_NS};

/// What a dry run of a workload finds before the cache exists: its length and a bound on the
/// simulated time its own waits (think time, sleeps, trace times) and `per_access_ns` each
/// access add up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Measure {
    pub accesses: u64,
    pub executions: u64,
    /// Waits of the workload alone (sleeps, think time, trace times).
    pub wait_ns: u128,
    /// `wait_ns` plus `per_access_ns` per access.
    pub worst_ns: u128,
}

/// One logical read a workload asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Access {
    pub seg: u32,
    pub block: u32,
    pub op: Op,
    /// Simulated time before which the access cannot start (trace replay), ns.
    pub not_before_ns: u64,
    /// Think time after the access, ns.
    pub sleep_after_ns: u64,
    /// Read by a multiblock request (a full scan): one I/O serves up to
    /// `db_file_multiblock_read_count` blocks.
    pub multiblock: bool,
    /// The first block of a multiblock request.
    pub io_start: bool,
    /// The CACHE / NOCACHE hint of a full scan, overriding the segment's clause.
    pub cache_hint: Option<bool>,
    /// The first block of a full scan: the direct-read decision is taken here.
    pub scan_start: bool,
    /// This access fetches a row (counted for rows per second).
    pub row: bool,
    /// A script statement (its index + 1) instead of a block access; 0 for a block.
    pub ctl: u16,
    /// The plan's kind of visit: an index range or unique scan probe, or a block.
    pub probe: Probe,
    /// A block formatted in the cache without a read (an insert into a block past the last
    /// used one, a fresh undo block): a miss takes a buffer but reads nothing.
    pub new_block: bool,
}

impl Access {
    #[inline(always)]
    pub fn read(seg: u32, block: u32, op: Op) -> Self {
        Access {
            seg,
            block,
            op,
            not_before_ns: 0,
            sleep_after_ns: 0,
            multiblock: false,
            io_start: false,
            cache_hint: None,
            scan_start: false,
            row: false,
            ctl: 0,
            probe: Probe::Block,
            new_block: false,
        }
    }
}

/// The state of a running workload.
#[derive(Debug, Clone)]
pub enum Generator {
    Stuffer(Stuffer),
    Random(Random),
    Scan(Scan),
    Mix(Mix),
    Trace(trace::Trace),
    Script(Script),
    IndexRange(IndexRange),
    OltpBatch(OltpBatch),
}

impl Generator {
    /// Build the generator of a checked spec. `mbrc` is db_file_multiblock_read_count; the
    /// profile decides which values a script's statements take.
    pub fn new(
        spec: &WorkloadSpec,
        segs: &[Segment],
        mbrc: u32,
        profile: Profile,
    ) -> Result<Generator> {
        spec::build(spec, segs, mbrc, profile, "workload")
    }

    /// A script's statements, in order (none for the other workloads).
    pub fn controls(&self) -> Vec<Control> {
        match self {
            Generator::Script(s) => s.controls().to_vec(),
            _ => Vec::new(),
        }
    }

    /// Append the next execution's accesses to `out`; false when the workload is done.
    pub fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        match self {
            Generator::Stuffer(g) => g.next_exec(out),
            Generator::Random(g) => g.next_exec(out),
            Generator::Scan(g) => g.next_exec(out),
            Generator::Mix(g) => g.next_exec(out),
            Generator::Trace(g) => g.next_exec(out),
            Generator::Script(g) => g.next_exec(out),
            Generator::IndexRange(g) => g.next_exec(out),
            Generator::OltpBatch(g) => g.next_exec(out),
        }
    }

    /// Count the accesses and executions by running a copy; an error past [`MAX_ACCESSES`].
    pub fn count(&self) -> Result<(u64, u64)> {
        self.measure(0).map(|m| (m.accesses, m.executions))
    }

    /// Count the accesses and executions by running a copy, and bound the simulated time
    /// (see [`Measure`]); an error past [`MAX_ACCESSES`].
    pub fn measure(&self, per_access_ns: u64) -> Result<Measure> {
        let m = match self.closed_form() {
            Some((accesses, executions, wait)) => Measure {
                accesses,
                executions,
                wait_ns: wait,
                worst_ns: wait + accesses as u128 * per_access_ns as u128,
            },
            None => self.dry_run(per_access_ns)?,
        };
        if m.accesses > MAX_ACCESSES {
            return Err(too_many_accesses());
        }
        Ok(m)
    }

    /// Accesses, executions and waits of the workloads whose length is arithmetic (no trace
    /// times; a mix of such parts by its draws alone): the same figures as [`Self::dry_run`],
    /// without generating a single access (a dry run of 2M accesses costs a sixth of the run).
    fn closed_form(&self) -> Option<(u64, u64, u128)> {
        match self {
            Generator::Stuffer(g) => {
                let execs = (g.per_batch * g.batches).saturating_sub(g.done);
                // a sleep follows every execution that ends a batch
                let sleeps = g.batches.saturating_sub(g.done / g.per_batch);
                Some((4 * execs, execs, sleeps as u128 * g.sleep_ns as u128))
            }
            Generator::Random(g) => Some((g.left, g.left, g.left as u128 * g.think_ns as u128)),
            Generator::OltpBatch(g) => Some((
                g.left.saturating_mul(oltp_batch::GETS_PER_TRANSACTION),
                g.left,
                0,
            )),
            Generator::Scan(g) => {
                let (execs, accesses) = (g.left as u64, g.left as u64 * g.blocks as u64);
                // an empty segment has no access to sleep after
                let sleeps = if g.blocks == 0 { 0 } else { execs };
                Some((accesses, execs, sleeps as u128 * g.sleep_ns as u128))
            }
            Generator::Mix(_) => {
                // one draw per execution instead of its accesses (a mix of scans is millions)
                let mut g = self.clone();
                let (mut accesses, mut execs, mut wait) = (0u64, 0u64, 0u128);
                while let Some((n, w)) = g.skip_exec()? {
                    accesses += n;
                    execs += 1;
                    wait += w;
                    if accesses > MAX_ACCESSES {
                        break;
                    }
                }
                Some((accesses, execs, wait))
            }
            _ => None,
        }
    }

    /// Move past the next execution without generating it: its accesses and its waits, or
    /// None at the end. None (outside) for the workloads whose executions are not arithmetic.
    fn skip_exec(&mut self) -> Option<Option<(u64, u128)>> {
        Some(match self {
            Generator::Stuffer(g) => {
                if g.done >= g.per_batch * g.batches {
                    return Some(None);
                }
                g.done += 1;
                let sleep = if g.done.is_multiple_of(g.per_batch) {
                    g.sleep_ns
                } else {
                    0
                };
                Some((4, sleep as u128))
            }
            Generator::Random(g) => {
                if g.left == 0 {
                    return Some(None);
                }
                g.left -= 1;
                Some((1, g.think_ns as u128))
            }
            Generator::Scan(g) => {
                if g.left == 0 {
                    return Some(None);
                }
                g.left -= 1;
                let sleep = if g.blocks == 0 { 0 } else { g.sleep_ns };
                Some((g.blocks as u64, sleep as u128))
            }
            Generator::Mix(g) => {
                if g.left == 0 {
                    return Some(None);
                }
                g.left -= 1;
                let k = g.draw();
                match g.parts[k].skip_exec()? {
                    Some(e) => Some(e),
                    None => {
                        g.parts[k] = g.fresh[k].clone();
                        g.parts[k].skip_exec()?
                    }
                }
            }
            _ => return None,
        })
    }

    /// [`Self::measure`] by running a copy of the workload to its end.
    fn dry_run(&self, per_access_ns: u64) -> Result<Measure> {
        let mut g = self.clone();
        let mut buf = Vec::new();
        let (mut accesses, mut execs) = (0u64, 0u64);
        let (mut wait, mut worst) = (0u128, 0u128);
        while g.next_exec(&mut buf) {
            accesses += buf.len() as u64;
            execs += 1;
            for a in &buf {
                // a trace line starts no earlier than its time; the waits before it add up
                let (at, sleep) = (a.not_before_ns as u128, a.sleep_after_ns as u128);
                wait = wait.max(at) + sleep;
                worst = worst.max(at) + per_access_ns as u128 + sleep;
            }
            buf.clear();
            if accesses > MAX_ACCESSES {
                return Err(too_many_accesses());
            }
        }
        Ok(Measure {
            accesses,
            executions: execs,
            wait_ns: wait,
            worst_ns: worst,
        })
    }
}

fn too_many_accesses() -> SimError {
    SimError::new(
        "workload",
        format!("asks for more than {MAX_ACCESSES} accesses, the most one scenario may run"),
    )
}

#[cfg(test)]
mod tests;
