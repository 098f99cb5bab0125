//! The `library` section of a scenario: init.ora parameters of the shared pool and library
//! cache, the SQLSlammer workload of seed 001 (or typed statements), and per-operation costs.
//! `Spec::validate` turns it into a [`Checked`] configuration or a [`SimError`] naming the field.

use crate::error::{Result, SimError};
pub use crate::scenario::library::{OpCost, Slammer};
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

pub use crate::common::{MAX_POOL, MIN_POOL};
/// Most statements one run may execute (sessions × slams × statements): five times seed 001's
/// volume. A run is simulated once when it is built (for its exact length). Its time follows
/// the statements times the shared pool's first-fit walks (`chunks_examined`), not the
/// statements alone. Measured (issue 44, `npm run -s sim`, CPU time): seed 001's bundled runs
/// (50,000 statements) take 0.2 to 0.9 s; 250,000 literal statements of 50 bytes in 50M, 3.2 s
/// (1.7·10^8 chunks examined); of 4,000 bytes in 50M, 7.1 s; of 4,000 bytes in a 1G shared
/// pool, 29 s (67,000 free chunks, 1.1·10^9 examined: 73 % of the time in `Lib::alloc`'s
/// walk), where 50,000 of them take 6.9 s.
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
                        "expected bytes with an optional K, M or G suffix (like 15M), got '{}'",
                        crate::error::echo(t)
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
