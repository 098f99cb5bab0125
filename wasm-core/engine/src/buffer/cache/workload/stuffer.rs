//! Seed 000's BUFFER_STUFFER: batches of executions, each a join of two keyed lookups.

use super::{sleep_after_last, Access};
use crate::buffer::cache::events::{Op, Probe};

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

    pub(super) fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
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
