//! Batch jobs running short update transactions (seed 002's benchmark: "Each transaction
//! updated one row in the large table, and inserted one row to the end of the 'sequential'
//! table … 15 batch jobs … were run concurrently"). The jobs share one CPU
//! (`buffer::cache::host_path::Jobs`).
//!
//! One transaction, as Oracle executes it — eleven logical reads:
//! 1. `UPDATE table … WHERE key = :k` finds the row through the unique index: the index root,
//!    the branch block and the leaf of a key drawn uniformly over the table's rows
//!    (consistent gets); the row's table block in consistent mode, then in current mode to
//!    change it (a db block get that dirties it); the rollback segment header (the
//!    transaction table slot) and the current undo block (db block gets, changed).
//! 2. `INSERT INTO insert_table …` at its end: the segment header (the free list) and the
//!    last block (a new block once the previous one holds `insert_rows_per_block` rows: it is
//!    formatted in the cache, not read), and the undo block again (db block gets, changed).
//! 3. `COMMIT`: the rollback segment header again (db block get, changed).
//!
//! The undo blocks fill in turn, `undo_per_block` transactions each, and wrap round the
//! rollback segment (a fresh undo block is formatted, not read). The index's blocks are the
//! root (block 0), `index_branch_blocks` branch blocks, then the leaves in key order; a
//! branch covers an equal share of the leaves.

use super::{Access, Rng};
use crate::buffer::cache::events::Op;

/// Logical reads per transaction.
pub const GETS_PER_TRANSACTION: u64 = 11;

#[derive(Debug, Clone)]
pub struct OltpBatch {
    pub rng: Rng,
    pub left: u64,
    pub jobs: u32,
    pub warmup: u64,
    pub txn_cpu_ns: u64,
    /// (segment, blocks) of the updated table, its index, the insert table and the rollback
    /// segment.
    pub table: (u32, u32),
    pub index: (u32, u32),
    pub insert: (u32, u32),
    pub rbs: (u32, u32),
    pub rows: u64,
    pub rows_per_block: u32,
    pub branches: u32,
    pub insert_rows_per_block: u32,
    pub undo_per_block: u32,
    /// Transactions generated so far (the insert position and the undo position follow).
    pub done: u64,
}

impl OltpBatch {
    fn leaves(&self) -> u64 {
        (self.index.1 - 1 - self.branches) as u64
    }

    /// The index leaf and branch of key `k`.
    pub fn index_path(&self, k: u64) -> (u32, u32) {
        let leaves = self.leaves();
        let leaf = k * leaves / self.rows;
        let branch = leaf * self.branches as u64 / leaves;
        (1 + branch as u32, 1 + self.branches + leaf as u32)
    }

    pub(super) fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        let n = self.done;
        self.done += 1;
        let k = self.rng.below(self.rows);
        let (branch, leaf) = self.index_path(k);
        let block = (k / self.rows_per_block as u64) as u32;
        let (t, i, ins, rbs) = (self.table.0, self.index.0, self.insert.0, self.rbs.0);
        // the undo block of this transaction: rollback segment blocks 1.., in turn
        let undo_blocks = (self.rbs.1 - 1) as u64;
        let u = n / self.undo_per_block as u64;
        let undo = 1 + (u % undo_blocks) as u32;
        let undo_new = n.is_multiple_of(self.undo_per_block as u64);
        // the insert's block: insert table blocks 1.., one more every insert_rows_per_block
        let per = self.insert_rows_per_block as u64;
        let last = 1 + ((n / per) % (self.insert.1 - 1) as u64) as u32;
        let insert_new = n.is_multiple_of(per);
        let get = |seg, block, op| Access::read(seg, block, op);
        let fresh = |seg, block| {
            let mut a = Access::read(seg, block, Op::Write);
            a.new_block = true;
            a
        };
        out.extend_from_slice(&[
            get(i, 0, Op::Read),
            get(i, branch, Op::Read),
            get(i, leaf, Op::Read),
            get(t, block, Op::Read),
            get(t, block, Op::Write),
            get(rbs, 0, Op::Write),
            if undo_new {
                fresh(rbs, undo)
            } else {
                get(rbs, undo, Op::Write)
            },
            get(ins, 0, Op::Write),
            if insert_new {
                fresh(ins, last)
            } else {
                get(ins, last, Op::Write)
            },
            get(rbs, undo, Op::Write),
            get(rbs, 0, Op::Write),
        ]);
        true
    }
}

/// The checked fields of an `oltp_batch` workload.
pub(super) struct Spec<'a> {
    pub jobs: u32,
    pub transactions: u64,
    pub warmup: u64,
    pub table: &'a str,
    pub index: &'a str,
    pub rows_per_block: u32,
    pub branches: u32,
    pub insert_table: &'a str,
    pub insert_rows_per_block: u32,
    pub rollback_segment: &'a str,
    pub undo_per_block: u32,
    pub txn_cpu_us: f64,
    pub seed: u64,
}

/// The most jobs one run may have.
pub const MAX_JOBS: u32 = 1000;

pub(super) fn build(
    s: &Spec,
    segs: &[crate::scenario::segment::Segment],
    path: &str,
) -> crate::Result<super::Generator> {
    use crate::error::SimError;
    use crate::scenario::segment::find_segment;
    let p = |f: &str| format!("{path}.{f}");
    let range = |f: &str, v: u64, lo: u64, hi: u64| -> crate::Result<()> {
        if v < lo || v > hi {
            return Err(SimError::new(p(f), format!("{v} is outside {lo}..={hi}")));
        }
        Ok(())
    };
    range("jobs", s.jobs as u64, 1, MAX_JOBS as u64)?;
    range("transactions", s.transactions, 1, super::MAX_ACCESSES)?;
    if s.warmup >= s.transactions {
        return Err(SimError::new(
            p("warmup_transactions"),
            format!(
                "{} leaves nothing to measure: it must be below transactions ({})",
                s.warmup, s.transactions
            ),
        ));
    }
    range("rows_per_block", s.rows_per_block as u64, 1, 10_000)?;
    range(
        "insert_rows_per_block",
        s.insert_rows_per_block as u64,
        1,
        10_000,
    )?;
    range("undo_per_block", s.undo_per_block as u64, 1, 10_000)?;
    let seg = |name: &str, field: &str| -> crate::Result<(u32, u32)> {
        let k = find_segment(segs, name, &p(field))?;
        Ok((k, segs[k as usize].blocks))
    };
    let table = seg(s.table, "table")?;
    let index = seg(s.index, "index")?;
    let insert = seg(s.insert_table, "insert_table")?;
    let rbs = seg(s.rollback_segment, "rollback_segment")?;
    let names = [table.0, index.0, insert.0, rbs.0];
    if (1..4).any(|k| names[..k].contains(&names[k])) {
        return Err(SimError::new(
            p("rollback_segment"),
            "table, index, insert_table and rollback_segment must be four different objects",
        ));
    }
    if s.branches == 0 || index.1 < s.branches.saturating_add(2) {
        return Err(SimError::new(
            p("index_branch_blocks"),
            format!(
                "{}: the index ({} blocks) needs a root, 1..={} branch blocks and a leaf",
                s.branches,
                index.1,
                index.1.saturating_sub(2)
            ),
        ));
    }
    for (field, (_, blocks)) in [("insert_table", insert), ("rollback_segment", rbs)] {
        if blocks < 2 {
            return Err(SimError::new(
                p(field),
                "needs at least 2 blocks: a segment header and a data block",
            ));
        }
    }
    Ok(super::Generator::OltpBatch(OltpBatch {
        rng: Rng::new(s.seed),
        left: s.transactions,
        jobs: s.jobs,
        warmup: s.warmup,
        txn_cpu_ns: (s.txn_cpu_us * 1e3).round() as u64,
        table,
        index,
        insert,
        rbs,
        rows: table.1 as u64 * s.rows_per_block as u64,
        rows_per_block: s.rows_per_block,
        branches: s.branches,
        insert_rows_per_block: s.insert_rows_per_block,
        undo_per_block: s.undo_per_block,
        done: 0,
    }))
}
