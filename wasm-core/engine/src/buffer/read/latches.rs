//! The buffer cache's latches as V$LATCH and V$LATCH_CHILDREN count them (docs/model.md §1.3
//! and §1.9): a get of cache buffers chains child `k` for every lookup of a bucket `b` with
//! `b mod _db_block_hash_latches = k` (the chains count them per bucket), and a get of a
//! working set's cache buffers lru chain latch for every buffer a miss takes and every hit
//! that relinks its buffer (`WorkingSet::lru_gets`). One session runs a buffer cache
//! scenario, so no get ever finds its latch held: the model has no misses or sleeps here.

use crate::buffer::cache::lists::flag;
use crate::buffer::cache::Cache;
use serde::Serialize;
use ts_rs::TS;

/// Gets of the buffer cache's latches, child by child.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct LatchCounts {
    /// Gets of each cache buffers chains child latch, child 0 first.
    #[ts(type = "Array<number>")]
    pub chains: Vec<u64>,
    /// Gets of each working set's cache buffers lru chain latch, set 0 first.
    #[ts(type = "Array<number>")]
    pub lru: Vec<u64>,
}

impl Cache {
    /// The gets of every child of the cache buffers chains and cache buffers lru chain latches.
    pub fn latch_counts(&self) -> LatchCounts {
        LatchCounts {
            chains: self.hash.latch_gets(),
            lru: self.sets.iter().map(|ws| ws.lru_gets).collect(),
        }
    }

    /// Each buffer's cache buffers chains child latch: the child that covers the bucket of
    /// the block it holds (X$BH.HLADDR names it); −1 for a free buffer.
    pub fn buffer_latches(&self) -> Vec<i32> {
        let latches = self.hash.latches;
        self.b
            .dba
            .iter()
            .zip(&self.b.flags)
            .map(|(&dba, &f)| {
                if dba == 0 || f & flag::FREE != 0 {
                    -1
                } else {
                    (self.hash.bucket_of(dba) % latches) as i32
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::buffer::Run;
    use crate::Replayed;

    fn run(name: &str, steps: u64) -> Run {
        let path = format!("{}/../../scenarios/{name}", env!("CARGO_MANIFEST_DIR"));
        let mut run = Run::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
        run.step(steps);
        run
    }

    /// Every lookup is one get of one chains child, and a buffer's child covers its bucket.
    #[test]
    fn chain_gets_add_up_to_the_lookups_and_buffers_name_their_child() {
        let run = run("seed000-8i-hot50.json", 3_000);
        let c = run.cache();
        let counts = c.latch_counts();
        assert_eq!(counts.chains.len(), c.hash.latches as usize);
        assert_eq!(counts.chains.iter().sum::<u64>(), c.hash.lookups);
        for (i, &l) in c.buffer_latches().iter().enumerate() {
            if l >= 0 {
                let bucket = c.hash.bucket_of(c.b.dba[i]);
                assert_eq!(l as u32, bucket % c.hash.latches);
                assert!(c.hash.chain(bucket).contains(&(i as u32)));
            }
        }
    }

    /// 8.0 takes a set's LRU latch for every buffer a miss takes and for every hit that moves
    /// its buffer to the MRU head; 8i's touch-count hit takes none, so its LRU latch gets are
    /// the buffers its misses took.
    #[test]
    fn the_lru_latch_is_taken_by_misses_and_by_8_0_hits_only() {
        for (name, hits_take_it) in [
            ("seed000-8.0-test2.json", true),
            ("seed000-8i-hot50.json", false),
        ] {
            let run = run(name, 3_000);
            let c = run.cache();
            let lru: u64 = c.latch_counts().lru.iter().sum();
            let got: u64 = c.pool_statistics().iter().map(|p| p.buf_got).sum();
            if hits_take_it {
                assert!(lru > got, "{name}: {lru} LRU latch gets, {got} buffers got");
            } else {
                assert_eq!(lru, got, "{name}");
            }
        }
    }
}
