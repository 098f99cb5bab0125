//! The future OPT needs: the reference stream and, for each reference, the position of its
//! block's next reference — one backward pass over the stream (Belady 1966; libCacheSim reads
//! the same thing from the oracleGeneral format's `next_access_vtime` field, written by such a
//! pass over the trace).
//!
//! The stream is the sequence of blocks the policy sees through `hit` and `insert`, in order
//! (one per access in a trace replay). A trace replay holds the trace's blocks and builds this
//! before it serves them (`whatif/trace_feed/ahead.rs`); a scenario run takes the stream from a
//! first run of the same scenario (`run.rs`). A run whose reference `k` is not the stream's (it
//! drifted: a decision that depends on the cache's state) gets the block's next recorded
//! position after `k` from a per-block index built then. Positions are `u32`: at most
//! [`MAX_REFERENCES`] of them, 8 bytes a reference (the stream and the next positions).

use crate::common::{grouped, IdHasher};
use crate::error::{Result, SimError};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::OnceLock;

/// The longest stream OPT reads ahead: past this a run is refused (the other policies stream).
pub const MAX_REFERENCES: u64 = 100_000_000;

/// The next use of a block never referenced again.
pub const NEVER: u64 = u64::MAX;

/// The stream with, for each reference, the position of its block's next reference.
#[derive(Debug, Default)]
pub struct Future {
    /// The block of each reference.
    stream: Vec<u32>,
    /// `next[k]`: the position of the next reference to `stream[k]`'s block (`u32::MAX`: none).
    next: Vec<u32>,
    /// Every block's positions, built the first time a run's reference differs from the
    /// stream's (only a run that drifted from its first one pays for it).
    rows: OnceLock<Rows>,
}

impl Future {
    /// The future of `stream` (block addresses in reference order), from one backward pass.
    /// Callers refuse a stream longer than [`MAX_REFERENCES`] ([`check_length`]); past it,
    /// blocks are never used again.
    pub fn build(mut stream: Vec<u32>) -> Future {
        stream.truncate(MAX_REFERENCES as usize);
        let mut last: HashMap<u32, u32, BuildHasherDefault<IdHasher>> = HashMap::default();
        let mut next = vec![u32::MAX; stream.len()];
        for k in (0..stream.len()).rev() {
            if let Some(p) = last.insert(stream[k], k as u32) {
                next[k] = p;
            }
        }
        Future {
            stream,
            next,
            rows: OnceLock::new(),
        }
    }

    /// References in the stream.
    pub fn len(&self) -> u64 {
        self.stream.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.stream.is_empty()
    }

    /// The block of reference `k`.
    pub fn block(&self, k: u64) -> u32 {
        self.stream[k as usize]
    }

    /// The stream, in reference order.
    pub fn stream(&self) -> &[u32] {
        &self.stream
    }

    /// The position of block `dba`'s first reference after `k`, or [`NEVER`]. Where the run
    /// references the block the stream has at `k` (always, unless it drifted) this is one
    /// read of `next`, in stream order; else the block's positions are searched.
    #[inline]
    pub fn next_use(&self, dba: u32, k: u64) -> u64 {
        match self.stream.get(k as usize) {
            Some(&d) if d == dba => match self.next[k as usize] {
                u32::MAX => NEVER,
                p => p as u64,
            },
            _ => self
                .rows
                .get_or_init(|| Rows::new(&self.stream))
                .after(dba, k),
        }
    }

    /// Bytes held.
    pub fn approx_bytes(&self) -> u64 {
        self.stream.len() as u64 * 8 + self.rows.get().map_or(0, |r| r.approx_bytes())
    }
}

/// Every block's reference positions, block by block (compressed sparse rows).
#[derive(Debug, Default)]
struct Rows {
    /// Block (dba) → its row.
    row: HashMap<u32, u32, BuildHasherDefault<IdHasher>>,
    /// Row `r`'s positions are `pos[start[r]..start[r + 1]]`, ascending.
    start: Vec<u32>,
    pos: Vec<u32>,
}

impl Rows {
    fn new(stream: &[u32]) -> Rows {
        let mut row: HashMap<u32, u32, BuildHasherDefault<IdHasher>> = HashMap::default();
        let mut count: Vec<u32> = Vec::new();
        for &d in stream {
            let next = count.len() as u32;
            let r = *row.entry(d).or_insert(next);
            if r == next {
                count.push(0);
            }
            count[r as usize] += 1;
        }
        let mut start = Vec::with_capacity(count.len() + 1);
        let mut sum = 0u32;
        start.push(0);
        for c in &count {
            sum += c;
            start.push(sum);
        }
        let mut fill: Vec<u32> = start[..count.len()].to_vec();
        let mut pos = vec![0u32; stream.len()];
        for (k, d) in stream.iter().enumerate() {
            let r = row[d] as usize;
            pos[fill[r] as usize] = k as u32;
            fill[r] += 1;
        }
        Rows { row, start, pos }
    }

    /// Block `dba`'s first position after `k`, or [`NEVER`] (also for a block the stream
    /// never had).
    fn after(&self, dba: u32, k: u64) -> u64 {
        let Some(&r) = self.row.get(&dba) else {
            return NEVER;
        };
        let row = &self.pos[self.start[r as usize] as usize..self.start[r as usize + 1] as usize];
        row.get(row.partition_point(|&p| p as u64 <= k))
            .map_or(NEVER, |&p| p as u64)
    }

    fn approx_bytes(&self) -> u64 {
        (self.pos.len() + self.start.len()) as u64 * 4 + self.row.len() as u64 * 12
    }
}

/// Refuse a stream longer than [`MAX_REFERENCES`]: `what` is what the run reads ahead ("the
/// trace", "the scenario"), `n` its length so far or in all.
pub fn check_length(n: u64, what: &str) -> Result<()> {
    if n <= MAX_REFERENCES {
        return Ok(());
    }
    Err(SimError::new(
        "policy",
        format!(
            "opt (Belady's OPT) reads {what} whole before it runs, to know every block's next \
             use, and takes at most {} accesses (about 8 bytes each); {what} has {}. The \
             other policies stream: run it under one of those",
            grouped(MAX_REFERENCES),
            grouped(n)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_uses_in_stream_order() {
        let f = Future::build(vec![7, 9, 7, 7, 3]);
        assert_eq!(f.len(), 5);
        assert_eq!(f.next_use(7, 0), 2);
        assert_eq!(f.next_use(7, 2), 3);
        assert_eq!(f.next_use(7, 3), NEVER);
        assert_eq!(f.next_use(9, 1), NEVER);
        assert!(f.rows.get().is_none(), "no drift, no rows");
    }

    #[test]
    fn a_drifted_run_takes_the_next_recorded_position() {
        let f = Future::build(vec![1, 1, 2, 1, 2, 1]);
        // the run references block 1 at 4, where the stream had block 2: the next is 5
        assert_eq!(f.next_use(1, 4), 5);
        assert_eq!(f.next_use(2, 0), 2);
        assert_eq!(f.next_use(2, 4), NEVER);
        // a block the stream never had, and a run past the stream's end
        assert_eq!(f.next_use(42, 0), NEVER);
        assert_eq!(f.next_use(1, 1_000), NEVER);
        assert!(f.rows.get().is_some());
    }

    #[test]
    fn the_limit_names_the_policy_field() {
        assert!(check_length(MAX_REFERENCES, "the trace").is_ok());
        let e = check_length(MAX_REFERENCES + 1, "the trace").unwrap_err();
        assert_eq!(e.path, "policy");
        assert!(e.message.contains("100,000,000"), "{e}");
    }
}
