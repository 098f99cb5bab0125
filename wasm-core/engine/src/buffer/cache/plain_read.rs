//! A plain read of a block, the only access a streamed trace of reads makes, under any policy
//! (issue 30 gave LRU a short path of its own; issue 42 made the general path that fast for
//! every policy, and removed it). A trace's replay settles what a run cannot change in
//! advance, once a chunk: no event is recorded, there is no host, no OS page cache and no
//! fault ([`Cache::plain_read_applies`]); and it picks the policy once, by
//! [`super::replacement::Replacer::visitor`]. [`Cache::plain_read`] is then
//! [`Cache::access`]'s own rules ([`Cache::access_as`]) monomorphised for the policy with
//! those branches settled at compile time: no enum dispatch, no check of the run's facts, and
//! the rules inlined into one loop. Every counter, the clock and the lists come out as
//! `access` leaves them (the goldens, and a test comparing the two access by access for every
//! policy, check it).

use super::events::Op;
use super::replacement::{Policy, Replacer};
use super::workload::Access;
use super::Cache;

impl Cache {
    /// Whether plain reads may take [`Self::plain_read`]. Nothing an access does changes it,
    /// but a fault, which stops the run.
    #[inline(always)]
    pub(crate) fn plain_read_applies(&self) -> bool {
        !self.record && self.fault.is_none() && self.host.is_none() && self.io.os.is_none()
    }

    /// Serve a plain read of block `block` of segment `seg`, not before `not_before_ns`
    /// (trace replay, one record at a time): what [`Self::access`] does with
    /// `Access::read(seg, block, Op::Read)`, the policy dispatched on each call.
    #[inline]
    pub fn read_block(&mut self, seg: u32, block: u32, not_before_ns: u64, pos: u64, exec: u64) {
        let mut a = Access::read(seg, block, Op::Read);
        a.not_before_ns = not_before_ns;
        if self.plain_read_applies() {
            self.access_as::<Replacer, true>(&a, pos, exec);
        } else {
            self.access(&a, pos, exec);
        }
    }

    /// [`Self::read_block`] under policy `P` (the cache's, as [`Replacer::visitor`] picked it),
    /// for a caller that has found that [`Self::plain_read_applies`] (once for many reads: the
    /// trace feed's chunk) and has seen no fault since. The record at `pos` is one execution.
    #[inline(always)]
    pub(crate) fn plain_read<P: Policy>(
        &mut self,
        seg: u32,
        block: u32,
        not_before_ns: u64,
        pos: u64,
    ) {
        let mut a = Access::read(seg, block, Op::Read);
        a.not_before_ns = not_before_ns;
        self.access_as::<P, true>(&a, pos, pos + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer::cache::lists;
    use crate::buffer::cache::replacement::{Visit, NAMES};
    use crate::buffer::{Instance, Report};
    use crate::common::Rng;
    use crate::scenario::Scenario;

    /// One plain read under the cache's policy as its own type.
    struct Read<'a> {
        c: &'a mut Cache,
        seg: u32,
        block: u32,
        t: u64,
        pos: u64,
    }

    impl Visit for Read<'_> {
        type Out = ();
        fn visit<P: Policy>(self) {
            self.c
                .plain_read::<P>(self.seg, self.block, self.t, self.pos);
        }
    }

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
        let policy: Vec<_> = (0..c.sets.len() as u32)
            .map(|s| c.repl.state(&c.b, &c.sets[s as usize], s))
            .collect();
        let chains: Vec<_> = (0..c.hash.bucket_count())
            .map(|b| c.hash.chain(b))
            .collect();
        format!(
            "{report}\n{}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{lists:?}\n{chains:?}\n{policy:?}",
            c.now, c.b.dba, c.b.tch, c.b.tim, c.b.flags, c.rr
        )
    }

    /// Reads served by `plain_read` under the policy as its own type, and by `read_block`
    /// through the enum, leave the cache as `access` leaves it, read by read, for every
    /// policy, with writes among them (dirty buffers on the eviction end, DBWR's write lists
    /// and batches) and over several working sets.
    #[test]
    fn a_plain_read_is_served_as_access_serves_it() {
        for &name in NAMES {
            for (buffers, latches) in [(60, 1), (150, 3), (1_000, 2)] {
                let mut caches: Vec<_> = (0..3).map(|_| cache(buffers, latches)).collect();
                for c in &mut caches {
                    assert!(c.use_policy(name));
                }
                let [general, short, one] = &mut caches[..] else {
                    unreachable!()
                };
                assert!(short.plain_read_applies());
                let mut r = Rng::new(buffers as u64);
                let mut t = 0;
                let what = format!("{name} {buffers}/{latches}");
                for pos in 0..20_000u64 {
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
                        one.access(&a, pos, pos + 1);
                    } else {
                        let (c, pos) = (&mut *short, pos);
                        c.repl.visitor()(Read {
                            c,
                            seg,
                            block,
                            t,
                            pos,
                        });
                        one.read_block(seg, block, t, pos, pos + 1);
                    }
                    if pos % 997 == 0 {
                        assert_eq!(state(short), state(general), "{what} at {pos}");
                        assert_eq!(state(one), state(general), "{what} at {pos}");
                    }
                }
                assert_eq!(state(short), state(general), "{what}");
                assert_eq!(state(one), state(general), "{what}");
                // (LIRS writes the dirty buffers it lets go itself: its scan seldom meets one)
                assert!(
                    name == "lirs" || general.counters[0].dirty_buffers_inspected > 0,
                    "{what}"
                );
            }
        }
    }
}
