//! The parameter table: every init.ora name the model reads, how its value is written, which
//! simulation it acts on, its range and its one-line explanation from the seeds.

use serde::Serialize;
use ts_rs::TS;

/// The largest cache the model accepts. 2^20 buffers keeps the wasm heap (about 60 bytes a
/// buffer with its snapshots) far below the browser's limits.
pub const MAX_BUFFERS: u64 = 1 << 20;

/// The largest pool a sampled run accepts (docs/model.md §3.4): 2^27 buffers, 1 TB at 8 KB,
/// as long as its sampled cache (`round(buffers × rate)`) fits in [`MAX_BUFFERS`]. Segments
/// stay within a data block address's 22 bits (`scenario::segment::MAX_SEGMENT_BLOCKS`, 32 GB
/// at 8 KB): a larger database is more segments, as Oracle's smallfile tablespaces are more
/// data files.
pub const MAX_SAMPLED_BUFFERS: u64 = 1 << 27;

/// A pool of `n` buffers sized by `param`, checked against the exact limit or, sampled at
/// `rate`, the sampled one; the refusal of an exact run names the rate that would fit it.
pub fn check_pool_buffers(param: &str, n: u64, rate: Option<f64>) -> crate::error::Result<()> {
    use crate::common::sample;
    let err = |m: String| Err(crate::error::SimError::param(param, m));
    if n > MAX_SAMPLED_BUFFERS {
        return err(format!(
            "{n} is above the maximum {MAX_SAMPLED_BUFFERS}, even sampled ({MAX_BUFFERS} exact)"
        ));
    }
    let (fits, round) = sample::fitting_rate(n, MAX_BUFFERS);
    match rate {
        None if n > MAX_BUFFERS => err(format!(
            "{n} is above the maximum {MAX_BUFFERS}; sampled, the model runs it: use \
             sampling.rate ≤ {fits} (--sample {round})"
        )),
        Some(r) if sample::pool_buffers(n, r) > MAX_BUFFERS => err(format!(
            "{n} buffers sampled at {r} is {} buffers, above the maximum {MAX_BUFFERS}: use \
             sampling.rate ≤ {fits} (--sample {round})",
            sample::pool_buffers(n, r)
        )),
        _ => Ok(()),
    }
}

/// How a parameter's value is written in init.ora.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ParamKind {
    /// A whole number.
    Integer,
    /// Bytes, with an optional K, M or G suffix (`16M`).
    Size,
    /// TRUE or FALSE.
    Boolean,
    /// `(buffers:N,lru_latches:L)`.
    PoolSpec,
    /// One of the words in `choices` (`EXACT`, `FORCE`).
    Keyword,
}

/// Which simulation a parameter acts on: the init.ora form shows the scenario's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ParamArea {
    BufferCache,
    LibraryCache,
    Both,
}

/// One line of the parameter reference the UI shows beside every input.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct ParamDoc {
    pub name: &'static str,
    pub kind: ParamKind,
    pub min: Option<u64>,
    pub max: Option<u64>,
    /// The default as Oracle (or the model, where Oracle derives it) writes it.
    pub default: &'static str,
    /// One line, drawn from the seeds.
    pub help: &'static str,
    pub area: ParamArea,
    /// The words a `keyword` parameter takes (empty for the other kinds).
    #[ts(type = "string[]")]
    pub choices: &'static [&'static str],
}

const fn doc(
    name: &'static str,
    kind: ParamKind,
    min: Option<u64>,
    max: Option<u64>,
    default: &'static str,
    help: &'static str,
) -> ParamDoc {
    ParamDoc {
        name,
        kind,
        min,
        max,
        default,
        help,
        area: ParamArea::BufferCache,
        choices: &[],
    }
}

/// A parameter of the library cache and shared pool.
const fn lib(mut d: ParamDoc) -> ParamDoc {
    d.area = ParamArea::LibraryCache;
    d
}

use ParamKind::*;

/// Every parameter the model reads (buffer cache and library cache; `area` says which). An
/// `init` key not in this list is an error.
pub const PARAMS: &[ParamDoc] = &[
    doc("db_block_buffers", Integer, Some(50), Some(MAX_BUFFERS), "1000",
        "Total number of block buffers for all pools; DEFAULT gets what KEEP and RECYCLE leave."),
    doc("db_block_lru_latches", Integer, Some(1), None, "1",
        "Total number of LRU latches (working sets) for all pools; each pool needs at least one."),
    doc("buffer_pool_keep", PoolSpec, None, None, "(buffers:0,lru_latches:0)",
        "Buffers and LRU latches of the KEEP pool, for small objects that should stay cached."),
    doc("buffer_pool_recycle", PoolSpec, None, None, "(buffers:0,lru_latches:0)",
        "Buffers and LRU latches of the RECYCLE pool, for large randomly read objects that should age fast."),
    doc("db_block_size", Integer, Some(2048), Some(32768), "2048",
        "Bytes per block and per buffer; the seed's test database used 2048."),
    doc("db_cache_size", Size, Some(0), None, "unset",
        "Later spelling: bytes of the DEFAULT pool (divided by db_block_size); not with db_block_buffers."),
    doc("db_keep_cache_size", Size, Some(0), None, "0",
        "Later spelling: bytes of the KEEP pool; it gets one LRU latch."),
    doc("db_recycle_cache_size", Size, Some(0), None, "0",
        "Later spelling: bytes of the RECYCLE pool; it gets one LRU latch."),
    ParamDoc { area: ParamArea::Both, ..doc("cpu_count", Integer, Some(1), Some(1024), "1",
        "CPUs: sessions run on this many; all pools together may have at most 6 × cpu_count LRU latches.") },
    doc("_db_percent_hot_default", Integer, Some(0), Some(100), "50",
        "Percent of the DEFAULT pool considered hot (8i midpoint insertion)."),
    doc("_db_percent_hot_keep", Integer, Some(0), Some(100), "0",
        "Percent of the KEEP pool considered hot."),
    doc("_db_percent_hot_recycle", Integer, Some(0), Some(100), "0",
        "Percent of the RECYCLE pool considered hot."),
    doc("_db_aging_hot_criteria", Integer, Some(1), Some(1_000_000), "2",
        "Touch count which sends a buffer to the head of the replacement list when it is inspected."),
    doc("_db_aging_stay_count", Integer, Some(0), Some(1_000_000), "0",
        "Touch count set when a buffer is moved to the head of the replacement list."),
    doc("_db_aging_cool_count", Integer, Some(0), Some(1_000_000), "1",
        "Touch count set when a buffer is cooled across the midpoint (8.1.5; 8.1.6 keeps it)."),
    doc("_db_aging_touch_time", Integer, Some(0), Some(86_400), "3",
        "Seconds that must pass between two touch-count increments of a buffer."),
    doc("_db_aging_freeze_cr", Boolean, None, None, "FALSE",
        "Make CR buffers always too cold to keep; the model makes no CR clones, so it changes nothing."),
    doc("_db_block_hash_buckets", Integer, Some(1), Some(1 << 24), "8.0: next prime ≥ buffers/4; 8i: 2 × buffers",
        "Cache buffers chains: hash buckets that buffer headers hang on, bucket = hash(DBA) mod buckets."),
    doc("_db_block_hash_latches", Integer, Some(1), Some(1 << 24), "8.0: one per bucket; 8i: 1024",
        "Cache buffers chains latches; bucket b is covered by latch b mod latches."),
    doc("db_writer_processes", Integer, Some(1), Some(20), "1",
        "DBWR processes; working sets are dealt to them round-robin across all pools."),
    doc("_db_block_write_batch", Integer, Some(1), Some(100_000), "32",
        "Buffers a DBWR writes in one batch; a DBWR starts a batch when its write lists hold this many."),
    doc("_db_block_max_scan_pct", Integer, Some(1), Some(100), "40",
        "Percent of a working set a foreground scans for a free buffer before it posts DBWR and waits."),
    doc("_small_table_threshold", Integer, Some(0), Some(MAX_BUFFERS), "2% of the pool (10.2.0.5+: of DEFAULT, at least 20)",
        "Blocks: 8.x reads a larger NOCACHE scan into the cold tail; 10.2.0.5+ reads a scan over 5 × this direct."),
    doc("db_file_multiblock_read_count", Integer, Some(1), Some(128), "8 (10.2.0.5+: 1 MB / db_block_size)",
        "Blocks a full scan reads per I/O request."),
    ParamDoc { choices: &["TRUE", "FALSE", "AUTO", "NEVER", "ALWAYS"], ..doc("_serial_direct_read", Keyword, None, None, "AUTO",
        "Serial full scans: TRUE/ALWAYS read direct, FALSE/NEVER through the cache, AUTO decides per scan (AUTO/NEVER/ALWAYS from 11.2.0.2).") },
    doc("event_10358", Integer, Some(0), Some(4), "0",
        "10.2.0.5: level 4 enables serial direct path reads for large full scans (bug 8332368, seed 004)."),
    doc("event_10949", Integer, Some(0), Some(1), "0",
        "11g: level 1 disables serial direct path reads (seed 004)."),
    ParamDoc { choices: &["NONE", "ASYNCH", "DIRECTIO", "SETALL"], ..doc("filesystemio_options", Keyword, None, None, "NONE",
        "SETALL or DIRECTIO bypass the OS page cache; NONE or ASYNCH read through it (double buffering, seed 003).") },
    doc("probe_examination", Boolean, None, None, "TRUE",
        "Model switch (not an Oracle name): an index probe of a cached block is an examination, not a pool get (8.0: unique scans; 8i: both probes)."),
    doc("index_hit_relink", Boolean, None, None, "FALSE",
        "Model switch (not an Oracle name), 8.0: TRUE moves every hit to the MRU head; FALSE leaves index blocks in place (seed 000 Table 6)."),
    ParamDoc { choices: &["ON", "READY", "OFF"], ..doc("db_cache_advice", Keyword, None, None, "OFF",
        "V$DB_CACHE_ADVICE: ON estimates each pool's physical reads at 20 sizes from 10 % to 200 % in the same pass; READY and OFF collect nothing.") },
    doc("host_memory", Size, Some(0), Some(1 << 44), "unset",
        "Host RAM in bytes (not an Oracle name): with buffered I/O the OS page cache gets what the SGA leaves."),
    doc("lock_sga", Boolean, None, None, "FALSE",
        "TRUE fixes the SGA in real memory: never paged, and the instance refuses to start if it does not fit (seed 002)."),
    doc("pre_page_sga", Boolean, None, None, "FALSE",
        "TRUE references every SGA page at startup, so the OS allocates (and may page out) all of it at once."),
    lib(doc("shared_pool_size", Size, Some(crate::common::MIN_POOL), Some(crate::common::MAX_POOL), "15M",
        "Bytes of the shared pool heap: library cache objects, their handles and heaps, and the free lists.")),
    lib(doc("_kgl_bucket_count", Integer, Some(0), Some(8), "0",
        "Index 0..8 of the library cache's initial hash buckets: 509, 1021, 2039, … 131071 (seed 001 Table 1).")),
    lib(doc("_kgl_latch_count", Integer, Some(0), Some(64), "0",
        "Child library cache latches; bucket b is covered by child b mod count (0 means one latch).")),
    ParamDoc { choices: &["EXACT", "FORCE"], ..lib(doc("cursor_sharing", Keyword, None, None, "EXACT",
        "EXACT shares only identical texts; FORCE (8.1.6) replaces literals with :\"SYS_B_n\" binds before hashing.")) },
    lib(doc("_spin_count", Integer, Some(0), Some(1_000_000), "cpu_count 1: 1; else 2000",
        "Times a session spins for a busy latch before it sleeps (latch free wait): 1 with cpu_count 1, 2000 on several CPUs (Adams, Oracle8i Internal Services).")),
];

impl ParamDoc {
    /// The default as a number (`1000`, `15M`), or None where it is a word or a rule.
    pub fn default_number(&self) -> Option<u64> {
        super::values::size_bytes(self.default)
    }
}

/// Look a parameter up by name (case-insensitive, as init.ora is).
pub fn param_doc(name: &str) -> Option<&'static ParamDoc> {
    PARAMS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}
