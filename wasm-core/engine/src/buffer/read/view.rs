//! Read-only views of the cache: X$BH rows, the list order the UI draws, and the
//! V$BUFFER_POOL_STATISTICS rows.

use crate::buffer::cache::config::PoolId;
use crate::buffer::cache::hash::split_dba;
use crate::buffer::cache::lists::{self, flag, NIL};
use crate::buffer::cache::Cache;
use crate::buffer::read::stats::PoolStatistics;
use serde::Serialize;
use ts_rs::TS;

/// An X$BH-like row of one buffer.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct XbhRow {
    #[serde(rename = "buf#")]
    pub buf: u32,
    pub set: u32,
    pub pool: PoolId,
    /// Index of the object in the scenario's `objects`, null while FREE.
    pub obj: Option<u32>,
    pub object_name: Option<String>,
    pub dba: u32,
    pub dba_file: u32,
    pub dba_block: u32,
    /// Object-relative block number (the model's block), null while FREE.
    pub block: Option<u32>,
    /// FREE or XCUR (the model makes no CR clones and reads synchronously).
    pub state: String,
    pub dirty: bool,
    pub tch: u32,
    /// Simulated seconds of the last touch-count increment.
    pub tim: f64,
    /// Where the buffer is: `free`, `write_list`, `writing`, or the name of its policy's
    /// region (`hot`, `cold`, `lru` …, `Layout::regions`).
    pub region: &'static str,
    pub io_type: String,
    pub prev: Option<u32>,
    pub next: Option<u32>,
    pub hash_bucket: Option<u32>,
    pub hash_latch: Option<u32>,
}

fn opt(i: u32) -> Option<u32> {
    (i != NIL).then_some(i)
}

impl Cache {
    /// Where buffer `i` is: never used, with DBWR, or in one of its policy's regions.
    pub fn region(&self, i: u32) -> &'static str {
        let f = self.b.flags[i as usize];
        if f & flag::FREE != 0 {
            "free"
        } else if f & flag::WRITING != 0 {
            "writing"
        } else if f & flag::ON_WRITE_LIST != 0 {
            "write_list"
        } else {
            self.repl.regions()[self.repl.region_of(&self.b, i)].name
        }
    }

    /// The X$BH row of buffer `i`, or None past the last buffer.
    pub fn xbh(&self, i: u32) -> Option<XbhRow> {
        if i as usize >= self.b.len() {
            return None;
        }
        let k = i as usize;
        let dba = self.b.dba[k];
        let held = dba != 0;
        let (seg, block) = if held { split_dba(dba) } else { (0, 0) };
        let set = self.b.set[k];
        let bucket = held.then(|| self.hash.bucket_of(dba));
        Some(XbhRow {
            buf: i,
            set,
            pool: self.pool_of_set(set),
            obj: held.then_some(seg),
            object_name: held.then(|| self.segs[seg as usize].name.clone()),
            dba,
            dba_file: dba >> 22,
            dba_block: dba & 0x3F_FFFF,
            block: held.then_some(block),
            state: if held { "XCUR" } else { "FREE" }.to_string(),
            dirty: self.b.has(i, flag::DIRTY),
            tch: self.b.tch[k],
            tim: self.b.tim[k] as f64 / 1e9,
            region: self.region(i),
            io_type: if self.b.has(i, flag::SCAN) {
                "SEQUENTIAL"
            } else {
                "RANDOM"
            }
            .to_string(),
            prev: opt(self.b.link[k].prev),
            next: opt(self.b.link[k].next),
            hash_bucket: bucket,
            hash_latch: bucket.map(|b| b % self.hash.latches),
        })
    }

    /// Every buffer in drawing order: for each working set, its replacement list from hot
    /// head to cold tail, then its write list, then the buffers DBWR is writing, then its
    /// never-used buffers. `info` gets [`Cache::set_info_width`] numbers per set: the length
    /// of each of the policy's regions (head first), then the write list's, the buffers being
    /// written, the never-used buffers.
    pub fn layout(&self, order: &mut Vec<u32>, info: &mut Vec<u32>) {
        order.clear();
        info.clear();
        for (s, ws) in self.sets.iter().enumerate() {
            lists::repl_order(&self.b, ws, order);
            lists::write_order(&self.b, ws, order);
            let mut writing = 0;
            for d in &self.dbwrs {
                for &i in &d.inflight {
                    if self.b.set[i as usize] == s as u32 {
                        order.push(i);
                        writing += 1;
                    }
                }
            }
            order.extend(ws.freed.iter().copied().chain(ws.next_free..ws.hi));
            self.repl.region_lengths(ws, info);
            info.extend([ws.wl_len, writing, ws.free_count()]);
        }
    }

    /// What the policy's view draws of working set `set` beyond its regions: ghost lists,
    /// hand, marks and adaptive numbers (None past the last set).
    pub fn policy_state(&self, set: u32) -> Option<crate::buffer::cache::replacement::PolicyState> {
        let ws = self.sets.get(set as usize)?;
        Some(self.repl.state(&self.b, ws, set))
    }

    /// V$BUFFER_POOL_STATISTICS, one row per configured pool.
    pub fn pool_statistics(&self) -> Vec<PoolStatistics> {
        self.cfg
            .pools
            .iter()
            .map(|p| {
                let (first, count) = self.pool_sets[p.id.index()];
                let sets = &self.sets[first as usize..(first + count) as usize];
                let writing: u32 = self
                    .dbwrs
                    .iter()
                    .flat_map(|d| d.inflight.iter())
                    .filter(|&&i| self.pool_of_set(self.b.set[i as usize]) == p.id)
                    .count() as u32;
                let gauges = [
                    sets.iter().map(|s| s.size()).max().unwrap_or(0),
                    sets.iter().map(|s| s.len + s.free_count()).sum(),
                    sets.iter().map(|s| s.wl_len).sum::<u32>() + writing,
                    p.buffers,
                ];
                PoolStatistics::new(
                    p.id.index() as u32 + 1,
                    p.id.name(),
                    gauges,
                    &self.counters[p.id.index()],
                )
            })
            .collect()
    }
}
