//! Index range scans fetching one row per call (seed 003: "100 processes each requesting a
//! range of data. A single row was retrieved at a time to simulate … OLTP").
//!
//! The index has a root (block 0) and leaves (blocks 1 …) in key order. A range starting at
//! key `k` reads the root and the leaf of `k`, then for each row the leaf of that row again
//! (a new fetch call) and the table block holding the row. Rows lie in key order when the
//! table is `clustered`; otherwise a fixed hash of the key scatters them over the table.

use super::{Access, Rng};
use crate::buffer::cache::events::Op;

#[derive(Debug, Clone)]
pub struct IndexRange {
    pub rng: Rng,
    pub left: u64,
    /// (segment, blocks) of the table and of the index.
    pub table: (u32, u32),
    pub index: (u32, u32),
    pub rows: u64,
    pub rows_per_range: u32,
    pub rows_per_block: u32,
    pub clustered: bool,
}

impl IndexRange {
    /// The leaf block holding key `k`.
    pub fn leaf(&self, k: u64) -> u32 {
        let leaves = self.index.1 as u64 - 1;
        1 + (k * leaves / self.rows) as u32
    }

    /// The table block holding the row of key `k`.
    pub fn block(&self, k: u64) -> u32 {
        let slot = if self.clustered {
            k
        } else {
            // SplitMix64's finaliser: a fixed scatter of keys over the table's row slots.
            let mut z = k.wrapping_add(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)) % self.rows
        };
        (slot / self.rows_per_block as u64) as u32
    }

    pub(super) fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        let n = self.rows_per_range as u64;
        let start = self.rng.below(self.rows - n + 1);
        let (t, i) = (self.table.0, self.index.0);
        out.push(Access::read(i, 0, Op::Read));
        out.push(Access::read(i, self.leaf(start), Op::Read));
        for k in start..start + n {
            out.push(Access::read(i, self.leaf(k), Op::Read));
            let mut row = Access::read(t, self.block(k), Op::Read);
            row.row = true;
            out.push(row);
        }
        true
    }
}
