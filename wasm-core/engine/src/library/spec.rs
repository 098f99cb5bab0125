//! The `library` section of a scenario: init.ora parameters of the shared pool and library
//! cache, the SQLSlammer workload of seed 001 (or typed statements), and per-operation costs.
//! `Spec::validate` turns it into a [`Checked`] configuration or a [`SimError`] naming the field.

use crate::error::{Result, SimError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `CURSOR_SHARING` (8.1.6): EXACT matches statement text as typed; FORCE replaces literals
/// with `:"SYS_B_n"` binds before the text is hashed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "UPPERCASE")]
#[ts(export, export_to = "library/")]
pub enum CursorSharing {
    Exact,
    Force,
}

/// A size in bytes: a number, or a string with an optional K, M or G suffix (`"15M"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export, export_to = "library/")]
pub enum Size {
    Bytes(#[ts(type = "number")] u64),
    Text(String),
}

/// Per-operation CPU costs in microseconds (spin iterations in nanoseconds). The defaults are
/// per-operation figures read off seed 001 Table 3 (see `OpCost::default`), never fitted to
/// make a particular test pass.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export, export_to = "library/")]
pub struct OpCost {
    /// Executing the statement through NDS, with the PL/SQL loop around it.
    #[ts(as = "Option<f64>", optional)]
    pub execute_us: f64,
    /// A soft parse: syntax check, the handle found, privileges checked.
    #[ts(as = "Option<f64>", optional)]
    pub soft_parse_us: f64,
    /// A hard parse: parse, optimize, build heap 6 (the memory is charged separately).
    #[ts(as = "Option<f64>", optional)]
    pub hard_parse_us: f64,
    /// CURSOR_SHARING = FORCE: the extra pass that replaces literals.
    #[ts(as = "Option<f64>", optional)]
    pub force_rewrite_us: f64,
    /// DBMS_SQL: each extra package call per execution (open, parse, bind, close).
    #[ts(as = "Option<f64>", optional)]
    pub dbms_sql_call_us: f64,
    /// A latch get, a pin or unpin, inserting a handle: bookkeeping under a latch.
    #[ts(as = "Option<f64>", optional)]
    pub latch_op_us: f64,
    /// Comparing one handle on a library cache hash chain.
    #[ts(as = "Option<f64>", optional)]
    pub chain_link_us: f64,
    /// Examining one chunk on a shared pool free list.
    #[ts(as = "Option<f64>", optional)]
    pub chunk_examined_us: f64,
    /// Freeing one flushed chunk (unlink from the LRU, coalesce).
    #[ts(as = "Option<f64>", optional)]
    pub flush_chunk_us: f64,
    /// Re-hashing one handle when the bucket array doubles.
    #[ts(as = "Option<f64>", optional)]
    pub rehash_handle_us: f64,
    /// One iteration of the latch spin loop, nanoseconds.
    #[ts(as = "Option<f64>", optional)]
    pub spin_iteration_ns: f64,
    /// The OS clock tick, milliseconds: a timed sleep (a latch sleep, a slam's
    /// DBMS_LOCK.SLEEP) ends at the first clock interrupt at or after it is due. Seed 001 ran
    /// on Windows NT, whose timers all run off one clock interrupt of 10 ms by default (Mark
    /// Russinovich, "Inside Windows NT High Resolution Timers", 1997; Microsoft KB Q115232:
    /// 10 ms on a 486 or later under NT 3.5), so a 10 ms sleep lasts 10 to 20 ms. 0: exact
    /// timers.
    #[ts(as = "Option<f64>", optional)]
    pub clock_tick_ms: f64,
    /// The weight of a hard parse as Oracle 8i has it (true, the default): a parent and a
    /// child cursor in six allocations of Steve Adams' chunk sizes, and the parse's pins and
    /// releases of its heaps and of the objects it depends on, each under the library cache
    /// and shared pool latches (`objects::cursor_sizes`, `session::PARSE_PIN_CYCLES`). False:
    /// the older model of three allocations (handle, heap 0, heap 6) and no parse pins.
    #[ts(as = "Option<bool>", optional)]
    pub cursor_pieces: bool,
    /// How a wait is timed (true, the default): as Oracle times it, from the clock read before
    /// the sleep to the one after it, which the process makes only once it is back on a CPU —
    /// so a `latch free` or load-lock wait includes the time the woken session spent in the
    /// run queue (`sched/wait.rs`). False: a wait is only its sleep (a latch sleep's 10, 20 …
    /// ms; a load lock until the load is done).
    #[ts(as = "Option<bool>", optional)]
    pub waits_end_on_cpu: bool,
}

impl Default for OpCost {
    /// Seed 001 Table 3 reports CPU used ≈ 2 × elapsed in every test on a one-CPU machine, so
    /// the per-statement figures below halve it (the counter evidently counts job CPU twice).
    /// Test 2 (binds, NDS): ~1.0 ms per statement of which parse time ≈ 86 µs → execute 850,
    /// soft parse 80. Test 3 − test 2 parse time: +30 µs for FORCE. Test 1 parse time per hard
    /// parse ≈ 0.6 ms → hard parse 450 plus the memory work. Test 4 − test 3 and test 0 −
    /// test 1: DBMS_SQL ≈ +0.3 ms per statement = 3 calls of 100. Pointer-chasing a chunk
    /// or a handle on a ~400 MHz Pentium II: ~0.25 µs (a cache miss and a compare).
    fn default() -> Self {
        OpCost {
            execute_us: 850.0,
            soft_parse_us: 80.0,
            hard_parse_us: 450.0,
            force_rewrite_us: 30.0,
            dbms_sql_call_us: 100.0,
            latch_op_us: 1.0,
            chain_link_us: 0.25,
            chunk_examined_us: 0.25,
            flush_chunk_us: 2.0,
            rehash_handle_us: 1.0,
            spin_iteration_ns: 20.0,
            clock_tick_ms: 10.0,
            cursor_pieces: true,
            waits_end_on_cpu: true,
        }
    }
}

/// The library cache / shared pool simulation, as one scenario section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export, export_to = "library/")]
pub struct Spec {
    /// SHARED_POOL_SIZE: bytes of the shared pool heap.
    #[ts(as = "Option<Size>", optional)]
    pub shared_pool_size: Size,
    /// _KGL_BUCKET_COUNT: index 0..=8 of the initial hash bucket array size (seed 001 Table 1).
    #[serde(rename = "_kgl_bucket_count")]
    #[ts(as = "Option<u32>", optional)]
    pub kgl_bucket_count: u32,
    /// _KGL_LATCH_COUNT: child library cache latches; 0 means one latch.
    #[serde(rename = "_kgl_latch_count")]
    #[ts(as = "Option<u32>", optional)]
    pub kgl_latch_count: u32,
    /// CURSOR_SHARING.
    #[ts(as = "Option<CursorSharing>", optional)]
    pub cursor_sharing: CursorSharing,
    /// CPU_COUNT: simulated CPUs.
    #[ts(as = "Option<u32>", optional)]
    pub cpu_count: u32,
    /// _SPIN_COUNT: spin iterations before a latch sleep.
    #[serde(rename = "_spin_count")]
    #[ts(as = "Option<u32>", optional)]
    pub spin_count: u32,
    /// The SQLSlammer workload (or typed statements).
    #[ts(as = "Option<Slammer>", optional)]
    pub workload: Slammer,
    #[ts(as = "Option<OpCost>", optional)]
    pub cost: OpCost,
}

/// `_spin_count`'s default: 1 on a single-CPU machine, where spinning cannot see the holder
/// free the latch, and 2000 on a multiprocessor (Steve Adams, *Oracle8i Internal Services for
/// Waits, Latches, Locks, and Memory*, O'Reilly 1999, ch. 3 quick reference:
/// https://www.oreilly.com/library/view/oracle-internals-an/156592598X/ch03s05.html).
pub const fn default_spin_count(cpu_count: u32) -> u32 {
    if cpu_count <= 1 {
        1
    } else {
        2000
    }
}

impl Default for Spec {
    /// Seed 001 Table 2 / appendix: 15M, `_kgl_bucket_count` 4, one latch, and its
    /// SQLSlammer settings (`Slammer::default`).
    fn default() -> Self {
        Spec {
            shared_pool_size: Size::Text("15M".into()),
            kgl_bucket_count: 4,
            kgl_latch_count: 0,
            cursor_sharing: CursorSharing::Exact,
            cpu_count: 1,
            spin_count: default_spin_count(1),
            workload: Slammer::default(),
            cost: OpCost::default(),
        }
    }
}

/// `_kgl_bucket_count` index → initial hash buckets (seed 001 Table 1).
pub const KGL_BUCKETS: [u32; 9] = [509, 1021, 2039, 4093, 8191, 16381, 32749, 65521, 131071];

/// Smallest and largest shared pool the model accepts.
pub const MIN_POOL: u64 = 1 << 20;
pub const MAX_POOL: u64 = 1 << 30;
/// Most statements one run may execute (sessions × slams × statements): five times seed 001's
/// volume. A run is simulated once when it is built (for its exact length); at the wasm rate
/// of literal SQL (~300,000 statements/s) this keeps that to a few seconds in a browser, even
/// with a 1G shared pool.
pub const MAX_STATEMENTS: u64 = 250_000;
/// Most scheduler events one library cache run may take (a CPU burst ending, a sleeper
/// waking, a time slice ending, merged rounds of slices): the work of building a run grows
/// with these, not with its statements or its simulated time. Seed 001's heaviest bundled
/// run (Table 3, test 0) takes 0.69 million; the limit is about fifteen times that, some
/// five seconds of building natively (about 2 million events a second). A run that would
/// take more is refused when it is built.
pub const MAX_EVENTS: u64 = 10_000_000;
/// Longest statement text, in bytes (UTF-8), as Oracle measures a statement's length.
pub const MAX_TEXT: usize = 4000;

/// A validated spec with costs in integer nanoseconds.
#[derive(Debug, Clone)]
pub struct Checked {
    pub spec: Spec,
    pub pool_bytes: u64,
    pub buckets: u32,
    pub latches: u32,
    pub sleep_ns: u64,
    pub ns: CostNs,
}

/// [`OpCost`] in nanoseconds.
#[derive(Debug, Clone, Copy, Default)]
pub struct CostNs {
    pub execute: u64,
    pub soft_parse: u64,
    pub hard_parse: u64,
    pub force_rewrite: u64,
    pub dbms_sql_call: u64,
    pub latch_op: u64,
    pub chain_link: u64,
    pub chunk_examined: u64,
    pub flush_chunk: u64,
    pub rehash_handle: u64,
    pub spin_iteration: u64,
    /// The clock tick (0: exact timers).
    pub clock_tick: u64,
}

fn err(field: &str, msg: impl Into<String>) -> SimError {
    SimError::new(format!("library.{field}"), msg)
}

/// Bytes from a number or `15M`-style text; the error names the field.
pub fn parse_size(field: &str, s: &Size) -> Result<u64> {
    match s {
        Size::Bytes(n) => Ok(*n),
        Size::Text(t) => {
            let t = t.trim();
            let bad = || {
                err(
                    field,
                    format!(
                        "expected bytes with an optional K, M or G suffix (like 15M), got '{t}'"
                    ),
                )
            };
            crate::init_ora::size_bytes(t).ok_or_else(bad)
        }
    }
}

fn range(field: &str, v: u64, lo: u64, hi: u64) -> Result<u64> {
    if v < lo || v > hi {
        return Err(err(field, format!("{v} is outside {lo}..={hi}")));
    }
    Ok(v)
}

fn us(field: &str, v: f64, scale: f64) -> Result<u64> {
    if !v.is_finite() || !(0.0..=1e9).contains(&v) {
        return Err(err(
            &format!("cost.{field}"),
            format!("{v} is outside 0..=1e9"),
        ));
    }
    Ok((v * scale).round() as u64)
}

/// The clock tick in nanoseconds: 0 (exact timers) to 1,000 ms.
fn tick_ns(ms: f64) -> Result<u64> {
    if !ms.is_finite() || !(0.0..=MAX_CLOCK_TICK_MS).contains(&ms) {
        return Err(err(
            "cost.clock_tick_ms",
            format!("{ms} is outside 0..={MAX_CLOCK_TICK_MS} ms (0: exact timers)"),
        ));
    }
    Ok((ms * 1e6).round() as u64)
}

/// The longest clock tick a scenario may give.
pub const MAX_CLOCK_TICK_MS: f64 = 1000.0;

impl Spec {
    /// Parse the `library` section from JSON text; a serde error names its field
    /// (`library.cursor_sharing: unknown variant ...`). Call `validate` for the limits.
    pub fn from_json(text: &str) -> Result<Spec> {
        let de = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let path = if path == "." {
                "library".to_string()
            } else {
                format!("library.{path}")
            };
            SimError::new(path, crate::error::plain_words(&e.into_inner().to_string()))
        })
    }

    pub fn validate(&self) -> Result<Checked> {
        let pool_bytes = parse_size("shared_pool_size", &self.shared_pool_size)?;
        range("shared_pool_size", pool_bytes, MIN_POOL, MAX_POOL)?;
        range("_kgl_bucket_count", self.kgl_bucket_count.into(), 0, 8)?;
        range("_kgl_latch_count", self.kgl_latch_count.into(), 0, 64)?;
        range("cpu_count", self.cpu_count.into(), 1, 64)?;
        range("_spin_count", self.spin_count.into(), 0, 1_000_000)?;
        let w = &self.workload;
        range("workload.jobs", w.jobs.into(), 1, 256)?;
        range(
            "workload.stmts_per_slam",
            w.stmts_per_slam.into(),
            1,
            100_000,
        )?;
        range("workload.total_slams", w.total_slams.into(), 1, 10_000_000)?;
        range("workload.stmt_size", w.stmt_size.into(), 0, MAX_TEXT as u64)?;
        let total = w.statements_total();
        if total > MAX_STATEMENTS {
            return Err(err(
                "workload.total_slams",
                format!("jobs × stmts_per_slam × total_slams = {total} statements, more than {MAX_STATEMENTS}"),
            ));
        }
        if !w.slam_sleeptime.is_finite() || !(0.0..=3600.0).contains(&w.slam_sleeptime) {
            return Err(err(
                "workload.slam_sleeptime",
                format!("{} is outside 0..=3600 seconds", w.slam_sleeptime),
            ));
        }
        for (name, list) in [
            ("workload.statements", &w.statements),
            ("workload.keep", &w.keep),
        ] {
            for (i, t) in list.iter().enumerate() {
                if t.trim().is_empty() || t.len() > MAX_TEXT {
                    return Err(err(
                        &format!("{name}[{i}]"),
                        format!(
                            "a statement of 1..={MAX_TEXT} bytes of UTF-8 text, as Oracle \
                             counts a statement's length; this one has {} bytes",
                            t.len()
                        ),
                    ));
                }
            }
        }
        let c = &self.cost;
        let ns = CostNs {
            execute: us("execute_us", c.execute_us, 1e3)?,
            soft_parse: us("soft_parse_us", c.soft_parse_us, 1e3)?,
            hard_parse: us("hard_parse_us", c.hard_parse_us, 1e3)?,
            force_rewrite: us("force_rewrite_us", c.force_rewrite_us, 1e3)?,
            dbms_sql_call: us("dbms_sql_call_us", c.dbms_sql_call_us, 1e3)?,
            latch_op: us("latch_op_us", c.latch_op_us, 1e3)?,
            chain_link: us("chain_link_us", c.chain_link_us, 1e3)?,
            chunk_examined: us("chunk_examined_us", c.chunk_examined_us, 1e3)?,
            flush_chunk: us("flush_chunk_us", c.flush_chunk_us, 1e3)?,
            rehash_handle: us("rehash_handle_us", c.rehash_handle_us, 1e3)?,
            spin_iteration: us("spin_iteration_ns", c.spin_iteration_ns, 1.0)?,
            clock_tick: tick_ns(c.clock_tick_ms)?,
        };
        Ok(Checked {
            pool_bytes,
            buckets: KGL_BUCKETS[self.kgl_bucket_count as usize],
            latches: self.kgl_latch_count.max(1),
            sleep_ns: (w.slam_sleeptime * 1e9).round() as u64,
            ns,
            spec: self.clone(),
        })
    }
}

/// The `workload` of a library cache scenario (`"kind": "sql_slammer"`): seed 001's
/// SQLSlammer, or typed statements executed round-robin by every session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export, export_to = "library/")]
pub struct Slammer {
    /// Sessions: seed 001 ran 9 SQLSlammer jobs plus the timed foreground (10).
    #[ts(as = "Option<u32>", optional)]
    pub jobs: u32,
    #[ts(as = "Option<u32>", optional)]
    pub stmts_per_slam: u32,
    #[ts(as = "Option<u32>", optional)]
    pub total_slams: u32,
    /// Seconds slept between slams.
    #[ts(as = "Option<f64>", optional)]
    pub slam_sleeptime: f64,
    /// Statement length the comment pads to.
    #[ts(as = "Option<u32>", optional)]
    pub stmt_size: u32,
    #[ts(as = "Option<bool>", optional)]
    pub use_rand_comment: bool,
    #[ts(as = "Option<bool>", optional)]
    pub use_bindvars: bool,
    /// Native Dynamic SQL (true) or DBMS_SQL (false: extra package calls and pins).
    #[ts(as = "Option<bool>", optional)]
    pub use_nds: bool,
    /// Added to each job number to seed its literal generator.
    #[ts(as = "Option<f64>", optional)]
    pub seed: u64,
    /// Typed statements executed round-robin instead of the generated ones.
    #[ts(as = "Option<Vec<String>>", optional)]
    pub statements: Vec<String>,
    /// DBMS_SHARED_POOL.KEEP: statement texts loaded at startup and never flushed.
    #[ts(as = "Option<Vec<String>>", optional)]
    pub keep: Vec<String>,
}

impl Default for Slammer {
    /// Seed 001 Table 2 / appendix: 10 sessions, 5 statements a slam, 1000 slams, 0.02 s
    /// sleep, statement size 50, NDS, literals.
    fn default() -> Self {
        Slammer {
            jobs: 10,
            stmts_per_slam: 5,
            total_slams: 1000,
            slam_sleeptime: 0.02,
            stmt_size: 50,
            use_rand_comment: false,
            use_bindvars: false,
            use_nds: true,
            seed: 0,
            statements: Vec::new(),
            keep: Vec::new(),
        }
    }
}

impl Slammer {
    /// Statements the run executes: sessions × slams × statements a slam.
    pub fn statements_total(&self) -> u64 {
        u64::from(self.jobs) * u64::from(self.stmts_per_slam) * u64::from(self.total_slams)
    }
}
