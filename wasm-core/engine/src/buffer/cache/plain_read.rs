//! One plain read of a block, the only access a streamed trace of reads makes (issue 30: the
//! native replay of a 10M-request trace had to get twice as fast). [`Cache::read_block`]
//! serves it by the rules [`Cache::access`] follows, with the branches that cannot apply to a
//! plain read settled in advance: no event is recorded, there is no host and no OS page cache,
//! the policy is LRU, the visit is a block's (no index probe), the block is read (not formatted
//! new) by a single-block request. Anything else goes through [`Cache::access`].
//!
//! `perf` put the replay's time in the general path's many small steps rather than in one
//! place: the policy dispatched through its ten-way enum six times a miss, the cache's checks
//! for a host, recording, a direct scan, a new block and the OS cache on every access, and
//! the calls between them. What is left here is the work itself; every counter, the clock
//! and the lists come out as the general path leaves them (the goldens, and a test comparing
//! the two paths access by access, check it).

use super::events::{Op, Probe};
use super::lists::{self, flag, NIL};
use super::replacement::Replacer;
use super::workload::Access;
use super::{hash, Cache};

impl Cache {
    /// Whether a plain read may take the short path of [`Self::read_block`]. Nothing an
    /// access does changes it, but a fault, which stops the run.
    #[inline(always)]
    pub(crate) fn plain_read_applies(&self) -> bool {
        !self.record
            && self.fault.is_none()
            && self.host.is_none()
            && self.io.os.is_none()
            && matches!(self.repl, Replacer::Lru(_))
    }

    /// Serve a plain read of block `block` of segment `seg`, not before `not_before_ns`
    /// (trace replay): what [`Self::access`] does with `Access::read(seg, block, Op::Read)`.
    #[inline]
    pub fn read_block(&mut self, seg: u32, block: u32, not_before_ns: u64, pos: u64, exec: u64) {
        if !self.plain_read_applies() {
            let mut a = Access::read(seg, block, Op::Read);
            a.not_before_ns = not_before_ns;
            self.access(&a, pos, exec);
            return;
        }
        self.plain_read(seg, block, not_before_ns);
    }

    /// The short path of [`Self::read_block`], for a caller that has found that
    /// [`Self::plain_read_applies`] (once for many reads: the trace feed's chunk) and has seen
    /// no fault since.
    #[inline(always)]
    pub(crate) fn plain_read(&mut self, seg: u32, block: u32, not_before_ns: u64) {
        debug_assert!(self.plain_read_applies());
        if not_before_ns > self.now {
            self.now = not_before_ns;
        }
        if self.next_dbwr_due <= self.now {
            self.run_dbwrs();
        }
        self.wait(self.cost.logical_read);
        let dba = hash::dba(seg, block);
        let l = self.hash.lookup(dba);
        if l.found != NIL {
            self.plain_hit(l.found);
        } else {
            self.plain_miss(seg, dba, l.bucket);
        }
        self.check_clock();
    }

    /// [`Self::hit`] for a read of a block's visit under LRU: counted in its pool unless the
    /// profile makes it an examination, then moved to the MRU head unless it stays
    /// (`index_hit_stays`) or DBWR holds it.
    #[inline(always)]
    fn plain_hit(&mut self, i: u32) {
        let set = self.set_of(i);
        let pool = self.pool_of_set(set);
        let examination = self.probes.examines(Probe::Block);
        if !examination {
            self.counters[pool.index()].consistent_gets += 1;
        }
        let relink = !examination && self.probes.relink[Probe::Block as usize];
        if relink {
            self.sets[set as usize].lru_gets += 1; // as `hit` counts LRU's MovedToHead
        }
        if relink && !self.b.has(i, flag::ON_WRITE_LIST | flag::WRITING) {
            let ws = &mut self.sets[set as usize];
            // Already at the MRU head (LRU keeps no hot region, so the cold head is the MRU
            // head): unlinking and inserting it there again would leave the list as it is.
            if ws.head != i || ws.cold_head != i {
                lists::unlink_repl(&mut self.b, ws, i);
                lists::insert_cold_head(&mut self.b, ws, i);
            }
        }
    }

    /// [`Self::miss`] for a plain read under LRU: the pool's next working set round-robin, a
    /// buffer for the block (the LRU tail when it is clean, else the general victim scan), a
    /// read from disk, the block at the MRU head.
    #[inline(always)]
    fn plain_miss(&mut self, seg: u32, dba: u32, bucket: u32) {
        let pool = self.segs[seg as usize].buffer_pool;
        let (first, count) = self.pool_sets[pool.index()];
        let rr = &mut self.rr[pool.index()];
        let set = first + *rr;
        *rr = if *rr + 1 == count { 0 } else { *rr + 1 };
        // LRU remembers nothing of a miss and lets no buffer go outside the victim scan.
        let c = &mut self.counters[pool.index()];
        c.consistent_gets += 1;
        c.buf_got += 1;
        c.physical_reads += 1;
        let Some(i) = self.plain_victim(set) else {
            return;
        };
        self.b.dba[i as usize] = dba;
        self.hash.insert(i, dba, bucket);
        // No OS page cache and a single-block request: a disk read, waited for in full.
        let read = self.io.read(dba, false);
        self.wait(read.ns);
        // place_new: a read (not a scan) goes to the MRU head with a touch count of 0.
        let k = i as usize;
        self.b.flags[k] = 0;
        self.b.tim[k] = self.now;
        self.b.tch[k] = 0;
        let set = self.set_of(i);
        lists::insert_cold_head(&mut self.b, &mut self.sets[set as usize], i);
    }

    /// [`Self::get_buffer`] when the set's buffers are all in use and its LRU tail is clean:
    /// the scan inspects the tail and LRU takes it. Otherwise (free buffers left, a dirty
    /// tail, an empty list) the general rule decides.
    #[inline(always)]
    fn plain_victim(&mut self, set: u32) -> Option<u32> {
        let ws = &mut self.sets[set as usize];
        let v = ws.tail;
        if !ws.freed.is_empty() || ws.next_free < ws.hi || v == NIL || self.b.has(v, flag::DIRTY) {
            return self.get_buffer(set);
        }
        ws.lru_gets += 1; // as `get_buffer` counts
        let c = &mut self.counters[ws.pool.index()];
        c.free_buffer_inspected += 1;
        c.sum_scan += 1;
        lists::unlink_repl(&mut self.b, ws, v);
        Some(self.take_victim(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer::cache::lists;
    use crate::buffer::{Instance, Report};
    use crate::common::Rng;
    use crate::scenario::Scenario;

    fn cache(buffers: u32, latches: u32) -> Cache {
        let s = format!(
            r#"{{ "version": 1, "title": "plain reads", "profile": "8.0",
              "init": {{ "db_block_buffers": {buffers}, "db_block_lru_latches": {latches} }},
              "objects": [ {{ "name": "A", "type": "TABLE", "blocks": 400 }},
                           {{ "name": "B", "type": "TABLE", "blocks": 900 }} ],
              "workload": {{ "kind": "random", "accesses": 1 }} }}"#
        );
        Instance::build(&Scenario::parse(&s).unwrap())
            .unwrap()
            .cache
    }

    /// Everything a run leaves: the report, the clock, every buffer header, every list and
    /// every hash chain.
    fn state(c: &Cache) -> String {
        let report = serde_json::to_string(&Report::new("t", c, 0, 0, true, &[])).unwrap();
        let mut lists = Vec::new();
        for ws in &c.sets {
            let (mut repl, mut write) = (Vec::new(), Vec::new());
            lists::repl_order(&c.b, ws, &mut repl);
            lists::write_order(&c.b, ws, &mut write);
            lists.push((repl, write, ws.cold_head, ws.next_free, ws.freed.clone()));
        }
        let chains: Vec<_> = (0..c.hash.bucket_count())
            .map(|b| c.hash.chain(b))
            .collect();
        format!(
            "{report}\n{}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{lists:?}\n{chains:?}",
            c.now, c.b.dba, c.b.tch, c.b.tim, c.b.flags, c.rr
        )
    }

    /// Reads served by `read_block` leave the cache as `access` leaves it, read by read, with
    /// writes among them (dirty buffers on the LRU tail, DBWR's write lists and batches) and
    /// over several working sets.
    #[test]
    fn a_plain_read_is_served_as_access_serves_it() {
        for (buffers, latches) in [(60, 1), (150, 3), (1_000, 2)] {
            let (mut short, mut general) = (cache(buffers, latches), cache(buffers, latches));
            assert!(short.plain_read_applies());
            let mut r = Rng::new(buffers as u64);
            let mut t = 0;
            for pos in 0..40_000u64 {
                let seg = r.below(2) as u32;
                let u = r.unit();
                let block = ((u * u) * [400.0, 900.0][seg as usize]) as u32;
                t += r.below(3_000_000);
                let write = r.below(10) == 0;
                let mut a = Access::read(seg, block, if write { Op::Write } else { Op::Read });
                a.not_before_ns = t;
                general.access(&a, pos, pos + 1);
                if write {
                    short.access(&a, pos, pos + 1);
                } else {
                    short.read_block(seg, block, t, pos, pos + 1);
                }
                if pos % 997 == 0 {
                    assert_eq!(
                        state(&short),
                        state(&general),
                        "{buffers}/{latches} at {pos}"
                    );
                }
            }
            assert_eq!(state(&short), state(&general), "{buffers}/{latches}");
            assert!(general.counters[0].dirty_buffers_inspected > 0);
        }
    }
}
