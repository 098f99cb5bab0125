//! Object ids to blocks, by the stated rule: id k is block k of the scenario's objects laid
//! end to end in the order they are listed (`direct`), after numbering the ids by first
//! appearance when asked (`dense`). Distinct ids are distinct blocks, one to one, as
//! libCacheSim treats objects (with `--ignore-obj-size`, one object a cache slot).

use super::params::ObjectMap;
use crate::buffer::workload::MAX_ACCESSES;
use crate::scenario::segment::Segment;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

pub use crate::common::IdHasher;

/// The most distinct ids a dense map numbers: as many as one scenario may access
/// ([`MAX_ACCESSES`], 20,000,000). Its table then holds 2^25 slots of 17 bytes (hashbrown keeps
/// at most 7/8 of its slots full and doubles when it would pass that), 570 MB, and 855 MB while
/// it grows to them; without a bound, 58.7M random 64-bit ids trapped the wasm (issue 29).
/// A trace with more distinct ids maps them directly, onto objects of that many blocks.
pub const MAX_DENSE_IDS: u64 = MAX_ACCESSES;

pub struct Mapper {
    /// First id of each segment, and one past the last of the last.
    starts: Vec<u64>,
    dense: Option<HashMap<u64, u64, BuildHasherDefault<IdHasher>>>,
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
            dense: (map == ObjectMap::Dense).then(HashMap::default),
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
        self.dense.as_ref().map(|d| d.len() as u64)
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
                let next = d.len() as u64;
                let k = match d.entry(id) {
                    Entry::Occupied(o) => *o.get(),
                    Entry::Vacant(_) if next >= self.dense_limit => {
                        return Err(format!(
                            "object {id} would be distinct object number {}: map: dense numbers \
                             at most {} distinct ids (its table's memory is bounded) and the \
                             trace has reached {next}; map the ids directly (map: direct, \
                             --trace-map direct) onto objects of enough blocks",
                            next + 1,
                            self.dense_limit
                        ))
                    }
                    Entry::Vacant(v) => *v.insert(next),
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
