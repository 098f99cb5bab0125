//! Workloads: seeded generators of accesses, grouped into executions (one BUFFER_STUFFER
//! cursor fetch, one full scan, one random access, one trace line).

mod index_range;
pub mod oltp_batch;
pub mod script;
mod spec;
mod trace;

pub use crate::scenario::workload::{Distribution, MixPart, ScriptStep, WorkloadSpec};
pub use index_range::IndexRange;
pub use oltp_batch::OltpBatch;
pub use script::Script;
pub use trace::{check_header as check_trace_header, parse_row as parse_trace_row};

use crate::buffer::events::{Op, Probe};
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
    pub fn controls(&self) -> Vec<crate::buffer::script::Control> {
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

/// BUFFER_STUFFER (seed 000): `total_stuffs` batches of `buffs_per_stuff` executions,
/// sleeping `sleep_secs` after each batch. Keys come from the linear congruential generator
/// `set_rand(m, a, c)`: `key = (a × key + c) mod m`. Each execution reads one LARGE_TBL_PK
/// leaf, the LARGE_TBL row's block, one LOOKUP_TBL_PK leaf and the joined LOOKUP_TBL block.
#[derive(Debug, Clone)]
pub struct Stuffer {
    pub m: u64,
    pub a: u64,
    pub c: u64,
    pub key: u64,
    pub per_batch: u64,
    pub batches: u64,
    pub done: u64,
    pub sleep_ns: u64,
    /// (segment, blocks) of LARGE_TBL, LARGE_TBL_PK, LOOKUP_TBL, LOOKUP_TBL_PK.
    pub objs: [(u32, u32); 4],
    /// Rows of LOOKUP_TBL, one per block.
    pub lookup_rows: u32,
}

impl Stuffer {
    /// The four blocks of the execution for `key`:
    /// LARGE_TBL row `key` lives in block `key mod blocks` (one row per block, seed 000);
    /// its index leaf is `key × leaves / m`; the joined LOOKUP_TBL row is
    /// `key mod lookup_rows` (in the block of that number), and its index leaf is
    /// `row × leaves / lookup_rows`.
    pub fn blocks_for(&self, key: u64) -> [(u32, u32); 4] {
        let [large, large_pk, lookup, lookup_pk] = self.objs;
        let row = key % large.1 as u64;
        let leaf = key * large_pk.1 as u64 / self.m;
        let rows = self.lookup_rows as u64;
        let lrow = key % rows;
        let lleaf = lrow * lookup_pk.1 as u64 / rows;
        [
            (large_pk.0, leaf as u32),
            (large.0, row as u32),
            (lookup_pk.0, lleaf as u32),
            (lookup.0, lrow as u32),
        ]
    }

    fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        if self.done >= self.per_batch * self.batches {
            return false;
        }
        self.key = (self.a * self.key + self.c) % self.m;
        // The plan (seed 000): a RANGE SCAN of LARGE_TBL_PK, the row by rowid, a UNIQUE SCAN
        // of LOOKUP_TBL_PK, the joined row by rowid.
        const PLAN: [Probe; 4] = [
            Probe::RangeScan,
            Probe::Block,
            Probe::UniqueScan,
            Probe::Block,
        ];
        for ((seg, block), probe) in self.blocks_for(self.key).into_iter().zip(PLAN) {
            let mut a = Access::read(seg, block, Op::Read);
            a.probe = probe;
            out.push(a);
        }
        self.done += 1;
        if self.done.is_multiple_of(self.per_batch) {
            sleep_after_last(out, self.sleep_ns);
        }
        true
    }
}

/// Random single-block accesses over chosen segments, uniform or Zipf (rank 1 = the first
/// block of the first segment), a share of them writes.
#[derive(Debug, Clone)]
pub struct Random {
    pub rng: Rng,
    pub left: u64,
    /// (segment, first global block) of each chosen segment, and the total block count.
    pub segs: Vec<(u32, u64)>,
    pub total_blocks: u64,
    /// Walker's alias table of the Zipf weights, None for uniform.
    pub alias: Option<std::rc::Rc<Alias>>,
    pub write_share: f64,
    pub think_ns: u64,
}

impl Random {
    fn pick(&mut self) -> (u32, u32) {
        let g = match &self.alias {
            None => self.rng.below(self.total_blocks),
            Some(t) => t.sample(&mut self.rng),
        };
        let k = if self.segs.len() == 1 {
            0
        } else {
            self.segs.partition_point(|&(_, first)| first <= g) - 1
        };
        let (seg, first) = self.segs[k];
        (seg, (g - first) as u32)
    }

    fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        let (seg, block) = self.pick();
        let op = if self.write_share > 0.0 && self.rng.unit() < self.write_share {
            Op::Write
        } else {
            Op::Read
        };
        let mut a = Access::read(seg, block, op);
        a.sleep_after_ns = self.think_ns;
        out.push(a);
        true
    }
}

/// Walker's alias method: draws from a discrete distribution in constant time, with the
/// same results wherever it runs (IEEE arithmetic only, then integers). Each column is one
/// `(threshold, alias)` pair so a draw touches one cache line.
#[derive(Debug, Clone)]
pub struct Alias {
    /// Keep column i when the low 32 random bits are below `threshold`, else take `alias`.
    table: Vec<(u32, u32)>,
}

impl Alias {
    pub fn new(weights: &[f64]) -> Alias {
        let n = weights.len();
        let total: f64 = weights.iter().sum();
        let mut prob: Vec<f64> = weights.iter().map(|w| w * n as f64 / total).collect();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let (mut small, mut large): (Vec<u32>, Vec<u32>) =
            (0..n as u32).partition(|&i| prob[i as usize] < 1.0);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            alias[s as usize] = l;
            prob[l as usize] = prob[l as usize] + prob[s as usize] - 1.0;
            if prob[l as usize] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        let table = (0..n)
            .map(|i| {
                let p = prob[i].clamp(0.0, 1.0);
                // p = 1 (or what is left on the stacks): always keep the column itself
                if p >= 1.0 || alias[i] == i as u32 {
                    (u32::MAX, i as u32)
                } else {
                    ((p * 4_294_967_296.0) as u32, alias[i])
                }
            })
            .collect();
        Alias { table }
    }

    /// One 64-bit draw: the high half picks the column, the low half decides it.
    #[inline]
    pub fn sample(&self, rng: &mut Rng) -> u64 {
        let r = rng.next_u64();
        let i = (((r >> 32) * self.table.len() as u64) >> 32) as usize;
        let (threshold, alias) = self.table[i];
        if (r as u32) < threshold {
            i as u64
        } else {
            alias as u64
        }
    }
}

/// The session sleeps `ns` after the last access written so far (the end of an execution or
/// a batch).
#[inline]
fn sleep_after_last(out: &mut [Access], ns: u64) {
    if let Some(last) = out.last_mut() {
        last.sleep_after_ns = ns;
    }
}

/// Repeated full scans of one segment, `db_file_multiblock_read_count` blocks per request.
#[derive(Debug, Clone)]
pub struct Scan {
    pub seg: u32,
    pub blocks: u32,
    pub left: u32,
    pub mbrc: u32,
    pub hint: Option<bool>,
    pub sleep_ns: u64,
}

/// One serial full scan: every block of the segment, `mbrc` blocks per read request.
pub(crate) fn push_scan(
    out: &mut Vec<Access>,
    seg: u32,
    blocks: u32,
    mbrc: u32,
    hint: Option<bool>,
) {
    out.reserve_exact(blocks as usize);
    for block in 0..blocks {
        let mut a = Access::read(seg, block, Op::Scan);
        a.multiblock = true;
        a.io_start = block % mbrc == 0;
        a.scan_start = block == 0;
        a.cache_hint = hint;
        out.push(a);
    }
}

impl Scan {
    fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        push_scan(out, self.seg, self.blocks, self.mbrc, self.hint);
        sleep_after_last(out, self.sleep_ns);
        true
    }
}

/// Several workloads interleaved: each execution is drawn from a part by weight; a part that
/// runs out starts over.
#[derive(Debug, Clone)]
pub struct Mix {
    pub rng: Rng,
    pub left: u64,
    pub weights: Vec<f64>,
    pub parts: Vec<Generator>,
    pub fresh: Vec<Generator>,
}

impl Mix {
    /// The part the next execution comes from, by weight.
    fn draw(&mut self) -> usize {
        let total: f64 = self.weights.iter().sum();
        let mut u = self.rng.unit() * total;
        for (i, w) in self.weights.iter().enumerate() {
            if u < *w {
                return i;
            }
            u -= w;
        }
        self.weights.len() - 1
    }

    fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        let k = self.draw();
        if !self.parts[k].next_exec(out) {
            self.parts[k] = self.fresh[k].clone();
            return self.parts[k].next_exec(out);
        }
        true
    }
}

#[cfg(test)]
mod tests;
