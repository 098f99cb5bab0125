//! Object ids to blocks, by the stated rule: id k is block k of the scenario's objects laid
//! end to end in the order they are listed (`direct`), after numbering the ids by first
//! appearance when asked (`dense`). Distinct ids are distinct blocks, one to one, as
//! libCacheSim treats objects (with `--ignore-obj-size`, one object a cache slot).

use super::params::ObjectMap;
use crate::scenario::segment::Segment;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

pub use crate::common::IdHasher;

pub struct Mapper {
    /// First id of each segment, and one past the last of the last.
    starts: Vec<u64>,
    dense: Option<HashMap<u64, u64, BuildHasherDefault<IdHasher>>>,
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
            names: segs.iter().map(|s| s.name.clone()).collect(),
        }
    }

    /// Blocks of all the objects together: the number of distinct ids the trace may use.
    pub fn total(&self) -> u64 {
        *self.starts.last().unwrap()
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
                let k = *d.entry(id).or_insert(next);
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
