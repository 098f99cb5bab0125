//! init.ora parameters: the names Oracle uses, how their values are written, what each one
//! means (one line, from the seeds), and the limits the model enforces.

use crate::error::{Result, SimError};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use ts_rs::TS;

/// The largest cache the model accepts. 2^20 buffers keeps the wasm heap (about 60 bytes a
/// buffer with its snapshots) far below the browser's limits.
pub const MAX_BUFFERS: u64 = 1 << 20;

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
    doc("_small_table_threshold", Integer, Some(0), Some(MAX_BUFFERS), "2% of the pool",
        "Blocks: a full scan of a larger NOCACHE table reads into the cold (LRU) tail, not the head."),
    doc("db_file_multiblock_read_count", Integer, Some(1), Some(128), "8",
        "Blocks a full scan reads per I/O request."),
    lib(doc("shared_pool_size", Size, Some(crate::library::MIN_POOL), Some(crate::library::MAX_POOL), "15M",
        "Bytes of the shared pool heap: library cache objects, their handles and heaps, and the free lists.")),
    lib(doc("_kgl_bucket_count", Integer, Some(0), Some(8), "0",
        "Index 0..8 of the library cache's initial hash buckets: 509, 1021, 2039, … 131071 (seed 001 Table 1).")),
    lib(doc("_kgl_latch_count", Integer, Some(0), Some(64), "0",
        "Child library cache latches; bucket b is covered by child b mod count (0 means one latch).")),
    ParamDoc { choices: &["EXACT", "FORCE"], ..lib(doc("cursor_sharing", Keyword, None, None, "EXACT",
        "EXACT shares only identical texts; FORCE (8.1.6) replaces literals with :\"SYS_B_n\" binds before hashing.")) },
    lib(doc("_spin_count", Integer, Some(0), Some(1_000_000), "2000",
        "Times a session spins for a busy latch before it sleeps (latch free wait).")),
];

/// Look a parameter up by name (case-insensitive, as init.ora is).
pub fn param_doc(name: &str) -> Option<&'static ParamDoc> {
    PARAMS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

/// The `init` object of a scenario, with names checked and values parsed lazily.
#[derive(Debug, Clone, Default)]
pub struct InitOra {
    values: BTreeMap<&'static str, Value>,
}

impl InitOra {
    /// Check every name against [`PARAMS`]; an unknown one is an error naming it.
    pub fn new(init: &serde_json::Map<String, Value>) -> Result<Self> {
        let mut values = BTreeMap::new();
        for (key, value) in init {
            let doc = param_doc(key).ok_or_else(|| {
                SimError::new(
                    format!("init.{key}"),
                    "unknown init.ora parameter (the model knows: db_block_buffers, \
                     db_block_lru_latches, buffer_pool_keep, buffer_pool_recycle, \
                     db_cache_size, _db_percent_hot_default, _db_aging_*, shared_pool_size, \
                     _kgl_bucket_count, _kgl_latch_count, cursor_sharing, … — see the README)",
                )
            })?;
            if values.insert(doc.name, value.clone()).is_some() {
                return Err(SimError::param(
                    doc.name,
                    "given twice (names are case-insensitive)",
                ));
            }
        }
        Ok(InitOra { values })
    }

    pub fn is_set(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    fn doc(name: &str) -> &'static ParamDoc {
        param_doc(name).expect("the engine only asks for parameters it documents")
    }

    /// A whole-number parameter, checked against its documented range.
    pub fn int(&self, name: &str) -> Result<Option<u64>> {
        let Some(v) = self.values.get(name) else {
            return Ok(None);
        };
        let doc = Self::doc(name);
        let n = match doc.kind {
            Size => parse_size(name, v)?,
            _ => parse_int(name, v)?,
        };
        check_range(doc, n)?;
        Ok(Some(n))
    }

    pub fn int_or(&self, name: &str, default: u64) -> Result<u64> {
        Ok(self.int(name)?.unwrap_or(default))
    }

    pub fn boolean(&self, name: &str) -> Result<Option<bool>> {
        let Some(v) = self.values.get(name) else {
            return Ok(None);
        };
        match v {
            Value::Bool(b) => Ok(Some(*b)),
            Value::String(s) if s.eq_ignore_ascii_case("true") => Ok(Some(true)),
            Value::String(s) if s.eq_ignore_ascii_case("false") => Ok(Some(false)),
            _ => Err(SimError::param(
                name,
                format!("expected TRUE or FALSE, got {v}"),
            )),
        }
    }

    /// A keyword parameter, upper-cased and checked against its choices.
    pub fn keyword(&self, name: &str) -> Result<Option<&'static str>> {
        let Some(v) = self.values.get(name) else {
            return Ok(None);
        };
        let doc = Self::doc(name);
        let word = v.as_str().map(|w| w.trim().to_ascii_uppercase());
        doc.choices
            .iter()
            .find(|c| word.as_deref() == Some(**c))
            .map(|c| Some(*c))
            .ok_or_else(|| {
                SimError::param(
                    name,
                    format!("expected one of {}, got {v}", doc.choices.join(", ")),
                )
            })
    }

    /// The names set here that act on the other simulation than `area`.
    pub fn foreign(&self, area: ParamArea) -> Vec<&'static str> {
        self.values
            .keys()
            .filter(|n| {
                let a = Self::doc(n).area;
                a != ParamArea::Both && a != area
            })
            .copied()
            .collect()
    }

    /// `buffer_pool_keep` / `buffer_pool_recycle`: `(buffers:N,lru_latches:L)`, or just `N`.
    pub fn pool_spec(&self, name: &str) -> Result<Option<(u64, Option<u64>)>> {
        let Some(v) = self.values.get(name) else {
            return Ok(None);
        };
        parse_pool_spec(name, v).map(Some)
    }
}

fn check_range(doc: &ParamDoc, n: u64) -> Result<()> {
    if let Some(min) = doc.min {
        if n < min {
            return Err(SimError::param(
                doc.name,
                format!("{n} is below the minimum {min}"),
            ));
        }
    }
    if let Some(max) = doc.max {
        if n > max {
            return Err(SimError::param(
                doc.name,
                format!("{n} is above the maximum {max}"),
            ));
        }
    }
    Ok(())
}

fn parse_int(name: &str, v: &Value) -> Result<u64> {
    let bad = || SimError::param(name, format!("expected a whole number ≥ 0, got {v}"));
    match v {
        Value::Number(n) => n.as_u64().ok_or_else(bad),
        Value::String(s) => s.trim().parse::<u64>().map_err(|_| bad()),
        _ => Err(bad()),
    }
}

fn parse_size(name: &str, v: &Value) -> Result<u64> {
    let bad = || {
        SimError::param(
            name,
            format!(
                "expected a size in bytes with an optional K, M or G suffix (like 16M), got {v}"
            ),
        )
    };
    match v {
        Value::Number(n) => n.as_u64().ok_or_else(bad),
        Value::String(s) => {
            let s = s.trim();
            let (digits, mult) = match s.chars().last().map(|c| c.to_ascii_uppercase()) {
                Some('K') => (&s[..s.len() - 1], 1u64 << 10),
                Some('M') => (&s[..s.len() - 1], 1 << 20),
                Some('G') => (&s[..s.len() - 1], 1 << 30),
                _ => (s, 1),
            };
            let n: u64 = digits.trim().parse().map_err(|_| bad())?;
            n.checked_mul(mult).ok_or_else(bad)
        }
        _ => Err(bad()),
    }
}

fn parse_pool_spec(name: &str, v: &Value) -> Result<(u64, Option<u64>)> {
    let bad = |why: &str| {
        SimError::param(
            name,
            format!("{why}; expected (buffers:N,lru_latches:L) or a number of buffers, got {v}"),
        )
    };
    let text = match v {
        Value::Number(_) => return Ok((parse_int(name, v)?, None)),
        Value::String(s) => s.trim(),
        _ => return Err(bad("not a string")),
    };
    if let Ok(n) = text.parse::<u64>() {
        return Ok((n, None));
    }
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    let (mut buffers, mut latches) = (None, None);
    for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once(':')
            .ok_or_else(|| bad("a part has no ':'"))?;
        let value: u64 = value
            .trim()
            .parse()
            .map_err(|_| bad("a value is not a whole number"))?;
        match key.trim().to_ascii_lowercase().as_str() {
            "buffers" => buffers = Some(value),
            "lru_latches" => latches = Some(value),
            other => return Err(bad(&format!("unknown key '{other}'"))),
        }
    }
    let buffers = buffers.ok_or_else(|| bad("no buffers:N"))?;
    Ok((buffers, latches))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn init(v: Value) -> InitOra {
        InitOra::new(v.as_object().unwrap()).unwrap()
    }

    #[test]
    fn unknown_parameter_is_named() {
        let err = InitOra::new(json!({"db_blok_buffers": 5}).as_object().unwrap()).unwrap_err();
        assert_eq!(err.path, "init.db_blok_buffers");
        assert!(err.message.contains("unknown"));
    }

    #[test]
    fn names_are_case_insensitive_but_not_twice() {
        let i = init(json!({"DB_BLOCK_BUFFERS": "2000"}));
        assert_eq!(i.int("db_block_buffers").unwrap(), Some(2000));
        let twice = json!({"db_block_buffers": 1, "DB_BLOCK_BUFFERS": 2});
        assert!(InitOra::new(twice.as_object().unwrap()).is_err());
    }

    #[test]
    fn pool_spec_spellings() {
        let i = init(json!({
            "buffer_pool_keep": "(buffers:200,lru_latches:1)",
            "buffer_pool_recycle": "(LRU_LATCHES:2, BUFFERS:100)"
        }));
        assert_eq!(
            i.pool_spec("buffer_pool_keep").unwrap(),
            Some((200, Some(1)))
        );
        assert_eq!(
            i.pool_spec("buffer_pool_recycle").unwrap(),
            Some((100, Some(2)))
        );
        let plain = init(json!({"buffer_pool_keep": 300}));
        assert_eq!(
            plain.pool_spec("buffer_pool_keep").unwrap(),
            Some((300, None))
        );
        let bad = init(json!({"buffer_pool_keep": "(buffers:x)"}));
        assert!(bad
            .pool_spec("buffer_pool_keep")
            .unwrap_err()
            .message
            .contains("whole number"));
    }

    #[test]
    fn sizes_and_ranges() {
        let i = init(json!({"db_cache_size": "2M", "_db_percent_hot_default": 101}));
        assert_eq!(i.int("db_cache_size").unwrap(), Some(2 << 20));
        let e = i.int("_db_percent_hot_default").unwrap_err();
        assert_eq!(e.path, "init._db_percent_hot_default");
        assert!(e.message.contains("maximum 100"), "{e}");
    }

    #[test]
    fn keywords_are_checked_against_their_choices() {
        let i = init(json!({"cursor_sharing": " force "}));
        assert_eq!(i.keyword("cursor_sharing").unwrap(), Some("FORCE"));
        for bad in [json!("SIMILAR"), json!(1), json!(true)] {
            let e = init(json!({ "cursor_sharing": bad }))
                .keyword("cursor_sharing")
                .unwrap_err();
            assert_eq!(e.path, "init.cursor_sharing");
            assert!(e.message.contains("EXACT, FORCE"), "{e}");
        }
        assert_eq!(init(json!({})).keyword("cursor_sharing").unwrap(), None);
    }

    #[test]
    fn each_parameter_knows_its_simulation() {
        let i = init(json!({"db_block_buffers": 100, "shared_pool_size": "8M", "cpu_count": 2}));
        assert_eq!(i.foreign(ParamArea::BufferCache), vec!["shared_pool_size"]);
        assert_eq!(i.foreign(ParamArea::LibraryCache), vec!["db_block_buffers"]);
        assert!(PARAMS
            .iter()
            .all(|p| (p.kind == Keyword) != p.choices.is_empty()));
    }

    #[test]
    fn garbage_values_are_errors_not_panics() {
        for v in [
            json!(-1),
            json!(1.5),
            json!("lots"),
            json!(null),
            json!([1]),
            json!({}),
        ] {
            let i =
                init(json!({"db_block_buffers": v, "db_cache_size": v, "_db_aging_freeze_cr": v}));
            assert!(i.int("db_block_buffers").is_err());
            assert!(i.int("db_cache_size").is_err());
            assert!(i.boolean("_db_aging_freeze_cr").is_err());
        }
    }
}
