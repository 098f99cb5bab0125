//! Object ids to blocks, by the stated rule: id k is block k of the scenario's objects laid
//! end to end in the order they are listed (`direct`), after numbering the ids by first
//! appearance when asked (`dense`). Distinct ids are distinct blocks, one to one, as
//! libCacheSim treats objects (with `--ignore-obj-size`, one object a cache slot).

use super::params::ObjectMap;
use crate::buffer::cache::workload::MAX_ACCESSES;
use crate::scenario::segment::Segment;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

pub use crate::common::IdHasher;

/// The most distinct ids a dense map numbers: as many as one scenario may access
/// ([`MAX_ACCESSES`], 20,000,000). Its table then holds 2^25 slots of 17 bytes (hashbrown keeps
/// at most 7/8 of its slots full and doubles when it would pass that), 570 MB, and 855 MB while
/// it grows to them, plus the 64 MB of ids below [`SMALL_IDS`] at most; without a bound, 58.7M random 64-bit ids trapped the wasm (issue 29).
/// A trace with more distinct ids maps them directly, onto objects of that many blocks.
pub const MAX_DENSE_IDS: u64 = MAX_ACCESSES;

/// Ids below this are numbered through a plain array (`DenseIds::small`, 4 bytes an id, 64 MB at
/// most) instead of the hash table: block traces name blocks by small numbers (a disk offset ÷
/// the block size; libCacheSim's own zipf traces use ranks), and a lookup in the array touches
/// one cache line where the table touches two (its control byte and its slot) — at 1M distinct
/// ids the table is 34 MB and each of those is a miss. Hashed 64-bit ids go to the table.
const SMALL_IDS: u64 = 1 << 24;
/// An id the array has not numbered yet.
const UNSEEN: u32 = u32::MAX;

/// Ids numbered 0, 1, 2 … in order of first appearance.
#[derive(Default)]
struct DenseIds {
    /// The number of id k at `small[k]` (or [`UNSEEN`]), for ids below [`SMALL_IDS`]; it grows
    /// to the next power of two past the largest id seen.
    small: Vec<u32>,
    large: HashMap<u64, u64, BuildHasherDefault<IdHasher>>,
    len: u64,
}

impl DenseIds {
    /// The number of `id`, numbering it `len` when it is new and `len < limit`; `Err(len)`
    /// when it is new and `limit` are numbered already.
    #[inline]
    fn number(&mut self, id: u64, limit: u64) -> Result<u64, u64> {
        let next = self.len;
        if id < SMALL_IDS {
            let i = id as usize;
            if i >= self.small.len() {
                let size = (i + 1).next_power_of_two().min(SMALL_IDS as usize);
                self.small.resize(size, UNSEEN);
            }
            match self.small[i] {
                UNSEEN if next >= limit => Err(next),
                UNSEEN => {
                    // `limit` is at most MAX_DENSE_IDS (20M), so a number fits in 32 bits
                    self.small[i] = next as u32;
                    self.len += 1;
                    Ok(next)
                }
                k => Ok(k as u64),
            }
        } else {
            match self.large.entry(id) {
                Entry::Occupied(o) => Ok(*o.get()),
                Entry::Vacant(_) if next >= limit => Err(next),
                Entry::Vacant(v) => {
                    self.len += 1;
                    Ok(*v.insert(next))
                }
            }
        }
    }
}

/// The first dense block number of each segment: the segments laid end to end (the blocks
/// a feed keeps, [`super::TraceFeed::keep_blocks`], and the miss-ratio curves' streams).
pub fn segment_bases(segs: &[Segment]) -> Vec<u32> {
    segs.iter()
        .scan(0u32, |at, s| {
            let b = *at;
            *at = at.saturating_add(s.blocks);
            Some(b)
        })
        .collect()
}

pub struct Mapper {
    /// First id of each segment, and one past the last of the last.
    starts: Vec<u64>,
    dense: Option<DenseIds>,
    /// The most distinct ids `dense` may number ([`MAX_DENSE_IDS`]; smaller in tests).
    dense_limit: u64,
    names: Vec<String>,
}

impl Mapper {
    pub fn new(segs: &[Segment], map: ObjectMap) -> Mapper {
        let mut starts = vec![0u64];
        for s in segs {
            starts.push(starts.last().unwrap() + s.blocks as u64);
        }
        Mapper {
            starts,
            dense: (map == ObjectMap::Dense).then(DenseIds::default),
            dense_limit: MAX_DENSE_IDS,
            names: segs.iter().map(|s| crate::error::echo(&s.name)).collect(),
        }
    }

    /// Blocks of all the objects together: the number of distinct ids the trace may use.
    pub fn total(&self) -> u64 {
        *self.starts.last().unwrap()
    }

    /// Direct mapping onto a single object: id k is its block k, for ids below the total
    /// returned (the others are errors [`Self::block_of`] words).
    pub fn direct_single(&self) -> Option<u64> {
        (self.dense.is_none() && self.starts.len() == 2).then(|| self.total())
    }

    /// A dense map that numbers at most `limit` ids (the tests' small bound).
    #[cfg(test)]
    pub fn with_dense_limit(mut self, limit: u64) -> Mapper {
        self.dense_limit = limit;
        self
    }

    /// Distinct objects seen so far (dense mapping only).
    pub fn distinct(&self) -> Option<u64> {
        self.dense.as_ref().map(|d| d.len)
    }

    /// The segment and block of object `id`.
    #[inline]
    pub fn block_of(&mut self, id: u64) -> Result<(u32, u32), String> {
        let total = self.total();
        let k = match &mut self.dense {
            None if id < total => id,
            None => {
                return Err(format!(
                    "object id {id} is past the last block: the scenario's objects ({}) hold \
                     {total} blocks in all, ids 0..{total}; give them more blocks, or map the \
                     ids densely (map: dense)",
                    self.names.join(", ")
                ))
            }
            Some(d) => {
                let k = match d.number(id, self.dense_limit) {
                    Ok(k) => k,
                    Err(next) => {
                        return Err(format!(
                            "object {id} would be distinct object number {}: map: dense numbers \
                             at most {} distinct ids (its table's memory is bounded) and the \
                             trace has reached {next}; map the ids directly (map: direct, \
                             --trace-map direct) onto objects of enough blocks",
                            next + 1,
                            self.dense_limit
                        ))
                    }
                };
                if k >= total {
                    return Err(format!(
                        "object {id} is distinct object number {}: the scenario's objects ({}) \
                         hold {total} blocks in all; give them more blocks",
                        k + 1,
                        self.names.join(", ")
                    ));
                }
                k
            }
        };
        // one object: the common case, no search
        if self.starts.len() == 2 {
            return Ok((0, k as u32));
        }
        let seg = self.starts.partition_point(|&s| s <= k) - 1;
        Ok((seg as u32, (k - self.starts[seg]) as u32))
    }
}
