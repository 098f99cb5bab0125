//! The one event vocabulary: the engine emits these while it steps, and the same events
//! drive the UI's animation, its narration and the tests.

use crate::common::PoolId;

/// The most events one step call records before it elides the rest.
pub const MAX_STEP_EVENTS: usize = 10_000;
use serde::Serialize;
use ts_rs::TS;

/// What an access asks for: a single-block read, a write (block change), or a block read
/// by a full scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum Op {
    Read,
    Write,
    Scan,
}

/// Where a buffer was put on its replacement list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum Place {
    /// 8i: the head of the cold region (the midpoint).
    Midpoint,
    /// 8i: the cold (LRU) end.
    ColdTail,
    /// 8.0: the MRU end.
    MruHead,
    /// 8.0: the LRU end.
    LruTail,
}

/// Why a hit did or did not raise the touch count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum Touch {
    /// At least `_db_aging_touch_time` had passed since the last increment.
    Incremented,
    /// The last increment was less than `_db_aging_touch_time` ago.
    TooSoon,
    /// Profile 8.0 keeps no touch counts: the buffer moved to the MRU head.
    MovedToHead,
    /// Profile 8.0, an index block's hit: left where it is on the LRU list (rule
    /// `index_hit_stays`, probes.rs).
    Stayed,
    /// The policy does not reorder on a hit (FIFO, OPT).
    Unchanged,
    /// The hit set the buffer's mark (CLOCK's reference bit, SIEVE's visited bit, S3-FIFO's
    /// frequency) and left it in place.
    Marked,
    /// The hit moved the buffer to another region of its policy (ARC T1 → T2, 2Q, LIRS);
    /// a `rule` event says which.
    Moved,
}

/// What kind of visit an access is, as the plan reads the block (seed 000's plan: a RANGE SCAN
/// of LARGE_TBL_PK and a UNIQUE SCAN of LOOKUP_TBL_PK). The index probe rules of issue #13
/// (`probes.rs`) read it; every other workload reads `block`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum Probe {
    /// A table block by rowid, a scanned block, any other visit.
    #[default]
    Block = 0,
    /// The index block an INDEX RANGE SCAN probes for its first key.
    RangeScan = 1,
    /// The index block an INDEX UNIQUE SCAN probes for its key.
    UniqueScan = 2,
}

/// How a hit was got (rule `probe_examination`, probes.rs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum Get {
    /// A normal get: the buffer is pinned for the call and the get is counted in its pool's
    /// `consistent_gets` / `db_block_gets`.
    Pinned,
    /// An examination: the block is read under the cache buffers chains latch alone, no pin
    /// and no LRU latch, and the pool's statistics do not count it.
    Examination,
}

/// Why a DBWR started a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum WriteReason {
    /// Its write lists reached `_db_block_write_batch`.
    Threshold,
    /// Its 3-second timeout found buffers on its write lists.
    Timeout,
    /// A foreground found no free buffer and posted it.
    Posted,
}

/// One thing that happened. Buffers are `buf#`; times are simulated nanoseconds.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum Event {
    /// A session asks for a block (a logical read).
    Access {
        #[ts(type = "number")]
        pos: u64,
        #[ts(type = "number")]
        exec: u64,
        seg: u32,
        block: u32,
        dba: u32,
        op: Op,
        /// The plan's kind of visit (index range or unique scan probe, or a block).
        probe: Probe,
        #[ts(type = "number")]
        at_ns: u64,
        /// Read direct into the session's memory (a direct path read), not through a pool.
        direct: bool,
    },
    /// The cache buffers chains lookup: `walked` headers compared on the bucket's chain.
    ChainWalk {
        bucket: u32,
        latch: u32,
        walked: u32,
        chain_len: u32,
        found: Option<u32>,
    },
    /// Found in the cache.
    Hit {
        buf: u32,
        pool: PoolId,
        tch_before: u32,
        tch_after: u32,
        touch: Touch,
        /// A pinned get counted in the pool, or an examination the pool does not count.
        get: Get,
        /// Nanoseconds since the buffer's last touch-count increment.
        #[ts(type = "number")]
        since_touch_ns: u64,
    },
    /// Not in the cache: a buffer is needed in `set` of `pool` (round-robin).
    Miss { pool: PoolId, set: u32 },
    /// A never-used buffer of the set is taken.
    FreeBuffer { buf: u32, set: u32 },
    /// The victim scan looks at a buffer from the tail.
    Inspect {
        buf: u32,
        tch: u32,
        dirty: bool,
        hot: bool,
    },
    /// Touch count ≥ `_db_aging_hot_criteria`: moved to the hot head.
    Promote {
        buf: u32,
        tch_before: u32,
        tch_after: u32,
    },
    /// The hot region overflowed: its last buffer crosses the midpoint.
    Cool {
        buf: u32,
        tch_before: u32,
        tch_after: u32,
    },
    /// A dirty buffer met by the scan is moved to the write list.
    DirtySkip { buf: u32, set: u32 },
    /// The clean buffer the scan settles on; it held `old_dba` (0 if never used).
    Victim { buf: u32, old_dba: u32, tch: u32 },
    /// The block read from disk is placed on the list.
    Insert {
        buf: u32,
        place: Place,
        tch: u32,
        /// Blocks read by the I/O request this read belongs to (multiblock reads charge one).
        charged: bool,
    },
    /// A write access changed the buffer (db block change).
    Dirty { buf: u32 },
    /// The scan gave up after `_db_block_max_scan_pct`: the foreground posted DBWR and waited.
    FreeBufferWait {
        set: u32,
        dbwr: u32,
        #[ts(type = "number")]
        waited_ns: u64,
    },
    /// A write access met a buffer DBWR was writing and waited for the write to finish.
    WriteCompleteWait {
        buf: u32,
        #[ts(type = "number")]
        waited_ns: u64,
    },
    /// A DBWR took buffers off its write lists and started writing them.
    DbwrWrite {
        dbwr: u32,
        reason: WriteReason,
        buffers: Vec<u32>,
        #[ts(type = "number")]
        done_ns: u64,
    },
    /// The DBWR's batch finished: the buffers are clean and back on the cold tail.
    DbwrComplete { dbwr: u32, buffers: Vec<u32> },
    /// The session slept (workload think time).
    Sleep {
        #[ts(type = "number")]
        ns: u64,
    },
    /// Where a missed block came from: the disk, a multiblock request already charged, or
    /// the OS page cache (which Oracle still counts as a physical read).
    Read {
        source: crate::io::ReadSource,
        #[ts(type = "number")]
        ns: u64,
    },
    /// A serial full scan begins: the direct-read decision with the numbers it compared.
    ScanStart {
        seg: u32,
        decision: crate::io::ScanDecision,
    },
    /// A block read straight into the session's memory, bypassing the pools.
    DirectRead {
        seg: u32,
        block: u32,
        source: crate::io::ReadSource,
        #[ts(type = "number")]
        ns: u64,
    },
    /// The segment's dirty buffers written before its first direct read.
    SegmentCheckpoint {
        seg: u32,
        buffers: u32,
        #[ts(type = "number")]
        waited_ns: u64,
    },
    /// A script step begins (its statement, as written).
    Step { index: u32, text: String },
    /// `alter system flush buffer_cache`: every buffer freed (dirty ones written first).
    Flushed { buffers: u32, written: u32 },
    /// This step call recorded `after` events and left out the rest.
    Elided { after: u32 },
    /// A replacement policy's own rule fired, in its own words with its numbers
    /// ("ghost hit in B1 → p 120 → 121"); `buf` is the buffer it concerns, if one.
    Rule { buf: Option<u32>, text: String },
    /// The host had paged out the buffer's page (docs/model.md §3): a page fault. From expanded
    /// storage a CPU-synchronous page-in; from auxiliary storage (`disk`), a disk read. A hit
    /// stays a hit in Oracle's statistics.
    PageIn {
        buf: u32,
        disk: bool,
        #[ts(type = "number")]
        ns: u64,
    },
}
