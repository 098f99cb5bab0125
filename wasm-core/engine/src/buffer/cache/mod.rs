//! The cache's core: [`Cache`] and what it is made of. [`Cache::access`] serves one logical
//! read and emits the events that explain it; a miss reads through [`crate::io`].
//!
//! Its modules are layers, lowest first (`tests/engine/layers` checks them):
//!
//! - plain parts: `config` (init.ora resolved, validated), `events` (the one event
//!   vocabulary), `lists` (buffer headers, replacement and write lists), `counters` (each
//!   pool's statistics counters);
//! - built on them: `hash` (the cache buffers chains), `probes` (the index probe rules of
//!   issue #13), `workload` (the seeded generators of accesses and a script's statements);
//! - `replacement`: the policy of a working set, a trait with one file per policy;
//! - the Cache itself, one type whose methods are split by topic and call each other: this
//!   file (the struct; access, serve, miss), `rules` (hit, victim scan, placing a block),
//!   `dbwr/` (DBWR's rules and one DBWR's state), `io_path` (full scans, direct reads, the
//!   OS page cache), `host_path/` (the host's memory and CPU), `plain_read` (a trace's short
//!   path) and `script` (a script's statements carried out);
//! - `instance`: a scenario turned into a Cache and a workload.

pub mod config;
pub mod counters;
pub mod dbwr;
pub mod events;
pub mod hash;
/// `pub(super)`: the run steps `oltp_batch`'s jobs (`host_path::Jobs`).
pub(super) mod host_path;
pub mod instance;
mod io_path;
pub mod lists;
mod plain_read;
pub mod probes;
pub mod replacement;
pub mod rules;
pub mod script;
pub mod workload;

use crate::io::{Io, IoConfig};
use crate::scenario::segment::{CostNs, Segment};
use config::{CacheConfig, PoolId};
use counters::PoolCounters;
use dbwr::writer::{self, Dbwr};
use events::{Event, Op};
use hash::HashChains;
use lists::{Buffers, WorkingSet, NIL};
use probes::Probes;
use replacement::{Policy, Replacer, Setup};
use workload::Access;

#[derive(Debug, Clone)]
pub struct Cache {
    pub cfg: CacheConfig,
    pub segs: Vec<Segment>,
    pub cost: CostNs,
    pub b: Buffers,
    pub sets: Vec<WorkingSet>,
    /// The working sets of each pool (indexed by `PoolId::index`), first and count.
    pub pool_sets: [(u32, u32); 3],
    /// Round-robin counter of each pool, advanced on every miss.
    pub rr: [u32; 3],
    pub hash: HashChains,
    pub dbwrs: Vec<Dbwr>,
    pub counters: [PoolCounters; 3],
    /// Simulated time, nanoseconds.
    pub now: u64,
    /// Where a miss reads its block.
    pub io: Io,
    /// The index probe rules of the profile, settled once.
    probes: Probes,
    /// The replacement policy of every working set (the profile's).
    pub repl: Replacer,
    /// Earliest time a DBWR has something to do.
    next_dbwr_due: u64,
    pub record: bool,
    pub events: Vec<Event>,
    /// A model error that stopped the run (an impossible state), with its message.
    pub fault: Option<crate::SimError>,
    /// The segment whose full scan in progress reads direct, if any.
    direct_scan: Option<u32>,
    /// The statements of a `script` workload, and where each step began.
    pub script: std::rc::Rc<[workload::Control]>,
    pub steps: Vec<script::StepMark>,
    /// Rows fetched (workloads that fetch rows: `index_range`).
    pub rows: u64,
    /// The host under the instance (docs/model.md §3): None without a `host` section and outside
    /// `oltp_batch` — unlimited memory, one clock for CPU and waits.
    pub host: Option<Box<crate::host::Host>>,
    /// The rate of a sampled run (docs/model.md §3.4): this cache is the sampled one, and what
    /// it compares with whole segments (the blocks of a segment it holds, at a scan's
    /// direct-read decision) it scales back by 1/rate. None: the exact run.
    pub sample_rate: Option<f64>,
}

impl Cache {
    /// A cache with the I/O settings of its profile and nothing else set.
    pub fn new(cfg: CacheConfig, segs: Vec<Segment>, cost: CostNs) -> Self {
        let io = IoConfig::resolve(cfg.profile, &Default::default(), cfg.io_sizes())
            .expect("an empty init.ora always resolves");
        Cache::with_io(cfg, segs, cost, io)
    }

    /// Run replacement policy `name` from now on, over the working sets as they are (the
    /// tests that hold every policy to one cache); false, and nothing changed, if no policy is
    /// registered as `name`.
    pub fn use_policy(&mut self, name: &str) -> bool {
        let setup = Setup {
            traits: self.cfg.profile.traits(),
            aging: &self.cfg.aging,
            sets: &self.sets,
        };
        match Replacer::build(name, &setup) {
            Some(repl) => {
                self.repl = repl;
                true
            }
            None => false,
        }
    }

    pub fn with_io(cfg: CacheConfig, segs: Vec<Segment>, cost: CostNs, io: IoConfig) -> Self {
        let total = cfg.total_buffers() as usize;
        let mut b = Buffers::new(total);
        let mut sets = Vec::new();
        let mut pool_sets = [(0, 0); 3];
        let mut next_buf = 0u32;
        for pool in &cfg.pools {
            pool_sets[pool.id.index()] = (sets.len() as u32, pool.lru_latches);
            for k in 0..pool.lru_latches {
                // buffers split equally; the first `buffers mod latches` sets get one more
                let size = pool.buffers / pool.lru_latches
                    + u32::from(k < pool.buffers % pool.lru_latches);
                let dbwr = sets.len() as u32 % cfg.db_writer_processes;
                let set_id = sets.len() as u32;
                for i in next_buf..next_buf + size {
                    b.set[i as usize] = set_id;
                }
                sets.push(WorkingSet::new(
                    pool.id,
                    next_buf,
                    next_buf + size,
                    pool.percent_hot,
                    dbwr,
                ));
                next_buf += size;
            }
        }
        let dbwrs = (0..cfg.db_writer_processes)
            .map(|d| {
                let mine = (0..sets.len() as u32)
                    .filter(|s| s % cfg.db_writer_processes == d)
                    .collect();
                Dbwr::new(mine)
            })
            .collect();
        let (io, probes) = (
            Io::new(io, &cost),
            Probes::with(cfg.profile, cfg.probe_rules),
        );
        let repl = Replacer::of(
            &cfg.policy,
            &Setup {
                traits: cfg.profile.traits(),
                aging: &cfg.aging,
                sets: &sets,
            },
        );
        Cache {
            hash: HashChains::new(total, cfg.hash_buckets, cfg.hash_latches),
            cfg,
            segs,
            cost,
            b,
            sets,
            pool_sets,
            rr: [0; 3],
            dbwrs,
            counters: [PoolCounters::default(); 3],
            now: 0,
            io,
            probes,
            repl,
            next_dbwr_due: writer::TIMEOUT_NS,
            record: false,
            events: Vec::new(),
            fault: None,
            direct_scan: None,
            script: std::rc::Rc::from(Vec::new()),
            steps: Vec::new(),
            rows: 0,
            host: None,
            sample_rate: None,
        }
    }

    /// Record an event (when recording). One step call records at most
    /// [`events::MAX_STEP_EVENTS`]; past that it records one `elided` marker and drops the
    /// rest (a whole-table scan in one execution is hundreds of thousands of events; the
    /// statistics count everything).
    #[inline]
    pub(crate) fn emit(&mut self, e: impl FnOnce() -> Event) {
        if self.record {
            replacement::record(&mut self.events, e);
        }
    }

    /// [`Self::emit`] on a rule that also serves plain reads ([`Self::access_as`]): a plain
    /// read records nothing, settled at compile time.
    #[inline(always)]
    pub(crate) fn emit_in<const PLAIN: bool>(&mut self, e: impl FnOnce() -> Event) {
        if !PLAIN {
            self.emit(e);
        }
    }

    /// Whether this access records events (never on a plain read's path).
    #[inline(always)]
    pub(crate) fn recording<const PLAIN: bool>(&self) -> bool {
        !PLAIN && self.record
    }

    /// Whether a host lies under the instance (never on a plain read's path).
    #[inline(always)]
    fn on_host<const PLAIN: bool>(&self) -> bool {
        !PLAIN && self.host.is_some()
    }

    /// The working set buffer `i` belongs to. Sets own consecutive ranges of buffers, fixed at
    /// startup (`b.set` says the same), so the hot paths find it from the few ranges instead
    /// of reading a per-buffer array: one cache miss less per access of a large cache.
    #[inline]
    pub(crate) fn set_of(&self, i: u32) -> u32 {
        if self.sets.len() == 1 {
            return 0;
        }
        (self.sets.partition_point(|w| w.lo <= i) - 1) as u32
    }

    pub fn pool_of_set(&self, set: u32) -> PoolId {
        self.sets[set as usize].pool
    }

    /// Move the simulated clock on by `ns`; it saturates instead of wrapping, and the access
    /// that takes it past [`workload::MAX_SIM_NS`] stops the run with a fault.
    #[inline]
    pub(crate) fn wait(&mut self, ns: u64) {
        self.now = self.now.saturating_add(ns);
    }

    /// Stop the run when the clock has passed [`workload::MAX_SIM_NS`] (a bound the build
    /// could not foresee: DBWR and checkpoint waits).
    #[inline(always)]
    fn check_clock(&mut self) {
        if self.now > workload::MAX_SIM_NS && self.fault.is_none() {
            self.fault = Some(crate::SimError::new(
                "cost",
                format!(
                    "the simulated clock passed {} s, the most a run may simulate (10^18 ns); \
                     the run stopped there",
                    workload::MAX_SIM_NS / 1_000_000_000
                ),
            ));
        }
    }

    /// Serve one access: wait for its time, take the logical read, look the block up on its
    /// hash chain, then hit or miss. The policy is called through the [`Replacer`] enum.
    #[inline(always)]
    pub fn access(&mut self, a: &Access, pos: u64, exec: u64) {
        self.access_as::<Replacer, false>(a, pos, exec);
    }

    /// [`Self::access`] with the rules monomorphised for policy `P` (the cache's own, or the
    /// [`Replacer`] that dispatches to it) and, when `PLAIN`, what a run settles once in
    /// advance settled at compile time (`plain_read.rs`): nothing is recorded, there is no
    /// host, no OS page cache and no fault, and `a` is a plain read (so no direct read).
    #[inline(always)]
    pub(crate) fn access_as<P: Policy, const PLAIN: bool>(
        &mut self,
        a: &Access,
        pos: u64,
        exec: u64,
    ) {
        debug_assert!(!PLAIN || (self.plain_read_applies() && a.op == Op::Read && a.ctl == 0));
        self.serve::<P, PLAIN>(a, pos, exec);
        self.check_clock();
    }

    #[inline(always)]
    fn serve<P: Policy, const PLAIN: bool>(&mut self, a: &Access, pos: u64, exec: u64) {
        if !PLAIN && self.fault.is_some() {
            return;
        }
        if a.ctl != 0 {
            self.control(a.ctl - 1, pos, exec);
            return;
        }
        if a.scan_start {
            self.begin_scan(a);
        }
        if a.io_start {
            self.io.start_request();
        }
        if a.not_before_ns > self.now {
            self.now = a.not_before_ns;
        }
        if self.on_host::<PLAIN>() {
            self.other_work();
        }
        if self.next_dbwr_due <= self.now {
            self.run_dbwrs();
        }
        self.wait(self.cost.logical_read);
        let dba = hash::dba(a.seg, a.block);
        let now = self.now;
        let direct = a.op == Op::Scan && self.direct_scan == Some(a.seg);
        self.emit_in::<PLAIN>(|| Event::Access {
            pos,
            exec,
            seg: a.seg,
            block: a.block,
            dba,
            op: a.op,
            probe: a.probe,
            at_ns: now,
            direct,
        });
        if a.row {
            self.rows += 1;
        }
        if direct {
            self.read_direct(a, dba);
        } else {
            self.through_cache::<P, PLAIN>(a, dba);
        }
        if a.sleep_after_ns > 0 {
            self.wait(a.sleep_after_ns);
            let ns = a.sleep_after_ns;
            self.emit(|| Event::Sleep { ns });
        }
    }

    /// Look the block up on its hash chain, then hit or miss.
    #[inline]
    fn through_cache<P: Policy, const PLAIN: bool>(&mut self, a: &Access, dba: u32) {
        let l = self.hash.lookup(dba);
        // read only when recording: one cache miss less on every access
        let chain_len = if self.recording::<PLAIN>() {
            self.hash.chain_len(l.bucket)
        } else {
            0
        };
        self.emit_in::<PLAIN>(|| Event::ChainWalk {
            bucket: l.bucket,
            latch: l.latch,
            walked: l.walked,
            chain_len,
            found: (l.found != NIL).then_some(l.found),
        });
        if l.found != NIL {
            if self.on_host::<PLAIN>() {
                // A hit on a paged-out buffer is a page fault (docs/model.md §3).
                self.touch_buffer(l.found, host_path::PageUse::Hit);
            }
            self.hit::<P, PLAIN>(l.found, a.op, a.probe);
        } else {
            self.miss::<P, PLAIN>(a, dba, l.bucket);
        }
    }

    /// Count the logical read in the pool the buffer belongs to.
    fn count_get(&mut self, pool: PoolId, op: Op) {
        let c = &mut self.counters[pool.index()];
        match op {
            Op::Write => c.db_block_gets += 1,
            Op::Read | Op::Scan => c.consistent_gets += 1,
        }
    }

    fn miss<P: Policy, const PLAIN: bool>(&mut self, a: &Access, dba: u32, bucket: u32) {
        let pool = self.segs[a.seg as usize].buffer_pool;
        let (first, count) = self.pool_sets[pool.index()];
        // A miss takes the pool's next working set, round-robin.
        let rr = &mut self.rr[pool.index()];
        let set = first + *rr;
        *rr = if *rr + 1 == count { 0 } else { *rr + 1 };
        self.emit_in::<PLAIN>(|| Event::Miss { pool, set });
        {
            let (repl, mut cx) = self.policy_cx::<P, PLAIN>(set);
            repl.miss(&mut cx, dba);
        }
        self.release_dropped::<P, PLAIN>(set);
        self.count_get(pool, a.op);
        let c = &mut self.counters[pool.index()];
        c.buf_got += 1;
        // A new block (an insert past the last used block, a fresh undo block) is formatted
        // in the buffer: no read.
        if !a.new_block {
            c.physical_reads += 1;
        }

        let Some(i) = self.get_buffer::<P, PLAIN>(set) else {
            return;
        };
        self.b.dba[i as usize] = dba;
        self.hash.insert(i, dba, bucket);
        if self.on_host::<PLAIN>() {
            // The block goes into the victim's page(s): paged out, they come back first.
            self.touch_buffer(i, host_path::PageUse::Read);
        }
        if a.new_block {
            self.place_new::<P, PLAIN>(i, a, false);
            if a.op == Op::Write {
                self.change(i);
            }
            return;
        }

        // The block comes from the I/O layer: the OS page cache if it holds it, else the
        // disk (a multiblock read is charged once).
        let read = self.io.read(dba, a.multiblock);
        if read.source == crate::io::ReadSource::Disk && !PLAIN {
            // A disk read: a wait (the job's own when jobs run concurrently) and, on a host,
            // the CPU of its I/O path.
            self.wait_io(read.ns);
            self.io_cpu();
        } else {
            // (a plain read's: from disk with no host, all waited for)
            self.wait(read.ns);
        }
        if !PLAIN {
            self.lost_os_page(read.evicted_buf);
        }
        let (source, ns) = (read.source, read.ns);
        self.emit_in::<PLAIN>(|| Event::Read { source, ns });
        let charged = source == crate::io::ReadSource::Disk;
        self.place_new::<P, PLAIN>(i, a, charged);
        if !PLAIN && self.io.os.is_some() {
            // The block now sits in both caches (double buffering).
            self.io.attach(dba, i);
            self.b.flags[i as usize] |= lists::flag::OS_CACHED;
        }
        if a.op == Op::Write {
            self.change(i);
        }
    }

    /// A write access: wait for an in-flight write of the buffer, then dirty it.
    fn change(&mut self, i: u32) {
        if self.b.has(i, lists::flag::WRITING) {
            let d = self.sets[self.b.set[i as usize] as usize].dbwr;
            let waited = self.dbwrs[d as usize].busy_until.saturating_sub(self.now);
            self.wait(waited);
            self.run_dbwrs();
            let pool = self.pool_of_set(self.b.set[i as usize]);
            self.counters[pool.index()].write_complete_wait += 1;
            self.emit(|| Event::WriteCompleteWait {
                buf: i,
                waited_ns: waited,
            });
        }
        let pool = self.pool_of_set(self.b.set[i as usize]);
        self.b.flags[i as usize] |= lists::flag::DIRTY;
        self.counters[pool.index()].db_block_change += 1;
        self.emit(|| Event::Dirty { buf: i });
    }
}

#[cfg(test)]
mod tests;
