//! The options of a streamed trace: its format, libCacheSim's csv trace-type-params string,
//! and how object ids map to blocks.
//!
//! The params string is libCacheSim's (`cachesim … csv -t "time-col=1, obj-id-col=2,
//! delimiter=,, has-header=true"`, libCacheSim `libCacheSim/bin/cli_reader_utils.c`): columns
//! counted from 1, the delimiter the one character after `delimiter=`. Two keys are ours:
//! `op-col` (r/w/s or read/write) and `time-unit` (s, ms, us or ns; libCacheSim's csv times
//! are seconds).

use crate::error::{Result, SimError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// UTF-8's byte-order mark, which some editors write at the start of a text file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// libCacheSim's formats, and the project's own CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "buffer/")]
pub enum TraceFormat {
    /// One object id (an unsigned integer) a line; no time.
    #[serde(rename = "txt")]
    Txt,
    /// libCacheSim's csv, read by the columns its params name.
    #[serde(rename = "csv")]
    Csv,
    /// libCacheSim's binary records of 24 bytes, little-endian: `u32 clock_time` (s),
    /// `u64 obj_id`, `u32 obj_size`, `i64 next_access_vtime`.
    #[serde(rename = "oracleGeneral")]
    OracleGeneral,
    /// The project's CSV, `time_ms,object,block,op` (docs/model.md §4): segments by name.
    #[serde(rename = "project")]
    Project,
}

impl TraceFormat {
    pub const ALL: [TraceFormat; 4] = [
        TraceFormat::Txt,
        TraceFormat::Csv,
        TraceFormat::OracleGeneral,
        TraceFormat::Project,
    ];

    /// The format a name spells (as [`TraceFormat::name`] writes it).
    pub fn from_name(name: &str) -> Option<TraceFormat> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Its name, as options and the command line spell it.
    pub fn name(self) -> &'static str {
        match self {
            TraceFormat::Txt => "txt",
            TraceFormat::Csv => "csv",
            TraceFormat::OracleGeneral => "oracleGeneral",
            TraceFormat::Project => "project",
        }
    }
}

/// How an object id becomes a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "buffer/")]
pub enum ObjectMap {
    /// Object id k is block k of the scenario's objects laid end to end in the order listed.
    #[default]
    Direct,
    /// Ids numbered 0, 1, 2 … in order of first appearance, then as `direct` (hashed ids).
    Dense,
}

/// What the page or the command line says about a trace.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export, export_to = "buffer/")]
pub struct TraceOptions {
    pub format: TraceFormat,
    /// libCacheSim's trace-type-params (csv only).
    #[serde(default)]
    #[ts(optional)]
    pub params: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub map: Option<ObjectMap>,
}

/// The columns of a csv trace, from 0, and how to read them.
#[derive(Debug, Clone, PartialEq)]
pub struct CsvParams {
    pub obj_col: usize,
    pub time_col: Option<usize>,
    pub op_col: Option<usize>,
    pub delimiter: u8,
    pub has_header: bool,
    /// Non-numeric ids are hashed (libCacheSim's `obj-id-is-num=false`); needs `map: dense`.
    pub obj_id_is_num: bool,
    /// Nanoseconds in one unit of the time column.
    pub time_unit_ns: u64,
    /// No params were given ([`auto_csv_params`]): a first line with a field that is not a
    /// number is a header, whose names choose the columns; otherwise column 1 is the id.
    pub header_auto: bool,
}

impl Default for CsvParams {
    fn default() -> Self {
        CsvParams {
            obj_col: 0,
            time_col: None,
            op_col: None,
            delimiter: b',',
            has_header: false,
            obj_id_is_num: true,
            time_unit_ns: 1_000_000_000,
            header_auto: false,
        }
    }
}

/// How a csv trace is read when no params are given — the one default of the page's Trace
/// and Miss-ratio curves panels and of `npm run -s sim|mrc -- --trace` (issue 41 #9): a header
/// line, if the first line is one, names the columns (libCacheSim's `cloudPhysicsIO.csv`,
/// `version,time,op,size,lbn`: the ids from `lbn`, the times from `time`); a file without one
/// has its ids in column 1, split by commas.
pub fn auto_csv_params() -> CsvParams {
    CsvParams {
        header_auto: true,
        ..CsvParams::default()
    }
}

/// The params a replay reads a csv trace with: those given, or [`auto_csv_params`] when none
/// (or only spaces) are.
pub fn csv_params(given: Option<&str>) -> Result<CsvParams> {
    match given {
        Some(t) if !t.trim().is_empty() => parse_csv_params(t),
        _ => Ok(auto_csv_params()),
    }
}

/// Whether a csv trace's first line is a header (automatic reading): its id column's field
/// (column 1 until a header names another) is not a number. Only that field: a record's other
/// fields may be words (cloudPhysicsIO.csv's op column holds `2a`).
pub fn looks_like_header(line: &str, p: &CsvParams) -> bool {
    line.split(p.delimiter as char)
        .nth(p.obj_col)
        .map(|f| f.trim().trim_matches('"'))
        .is_some_and(|f| f.parse::<f64>().is_err())
}

const PATH: &str = "trace.params";

fn column(key: &str, v: &str) -> Result<usize> {
    match v.parse::<usize>() {
        Ok(c) if (1..=1024).contains(&c) => Ok(c - 1),
        _ => Err(SimError::new(
            PATH,
            format!(
                "{key} '{}' is not a column number in 1..=1024 (columns count from 1)",
                crate::error::echo(v)
            ),
        )),
    }
}

fn flag(key: &str, v: &str) -> Result<bool> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Ok(true),
        "false" | "0" | "no" => Ok(false),
        _ => Err(SimError::new(
            PATH,
            format!("{key} '{}' is not true or false", crate::error::echo(v)),
        )),
    }
}

/// Parse libCacheSim's params string. `obj-id-col` is required; unknown keys are refused,
/// naming the ones known.
pub fn parse_csv_params(text: &str) -> Result<CsvParams> {
    let mut p = CsvParams::default();
    let mut obj = None;
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let eq = rest.find('=').ok_or_else(|| {
            SimError::new(
                PATH,
                format!(
                    "'{}' has no '=': expected key=value",
                    crate::error::echo(rest)
                ),
            )
        })?;
        let key = rest[..eq].trim().to_ascii_lowercase();
        let after = &rest[eq + 1..];
        let (value, next) = if key == "delimiter" {
            // the delimiter is the next character, whatever it is (",," sets a comma)
            let mut chars = after.chars();
            let c = chars
                .next()
                .ok_or_else(|| SimError::new(PATH, "delimiter= needs one character after it"))?;
            let tail = chars.as_str();
            let (value, tail) = match (c, tail.strip_prefix('t')) {
                ('\\', Some(t)) => ("\t".to_string(), t),
                _ => (c.to_string(), tail),
            };
            let tail = tail.trim_start();
            if !tail.is_empty() && !tail.starts_with(',') {
                // `delimiter=::`: the reader splits on one character, and a ',' ends the key
                let more: String = tail.chars().take_while(|&k| k != ',').collect();
                return Err(SimError::new(
                    PATH,
                    format!(
                        "delimiter '{}' is more than one character: it is the one character \
                         after 'delimiter=' (',' then the next key=value)",
                        crate::error::echo(&format!("{value}{more}"))
                    ),
                ));
            }
            (value, tail.strip_prefix(',').unwrap_or(tail))
        } else {
            match after.find(',') {
                Some(k) => (after[..k].trim().to_string(), &after[k + 1..]),
                None => (after.trim().to_string(), ""),
            }
        };
        match key.as_str() {
            "obj-id-col" => obj = Some(column(&key, &value)?),
            "time-col" => p.time_col = Some(column(&key, &value)?),
            "op-col" => p.op_col = Some(column(&key, &value)?),
            "obj-size-col" | "next-access-col" | "cnt-col" | "ttl-col" | "tenant-col" => {
                column(&key, &value)?; // read and checked, not used (sizes are ignored)
            }
            "has-header" => p.has_header = flag(&key, &value)?,
            "obj-id-is-num" => p.obj_id_is_num = flag(&key, &value)?,
            "delimiter" => {
                p.delimiter = match value.as_bytes() {
                    [b] if b.is_ascii() && *b != b'\n' && *b != b'"' => *b,
                    _ => {
                        return Err(SimError::new(
                            PATH,
                            format!(
                                "delimiter '{}' is not one ASCII character",
                                crate::error::echo(&value)
                            ),
                        ))
                    }
                }
            }
            "time-unit" => {
                p.time_unit_ns = match value.as_str() {
                    "s" => 1_000_000_000,
                    "ms" => 1_000_000,
                    "us" => 1_000,
                    "ns" => 1,
                    _ => {
                        return Err(SimError::new(
                            PATH,
                            format!(
                                "time-unit '{}' is not s, ms, us or ns",
                                crate::error::echo(&value)
                            ),
                        ))
                    }
                }
            }
            _ => {
                return Err(SimError::new(
                    PATH,
                    format!(
                        "unknown key '{}' (known: obj-id-col, time-col, op-col, delimiter, \
                         has-header, obj-id-is-num, time-unit, obj-size-col)",
                        crate::error::echo(&key)
                    ),
                ))
            }
        }
        rest = next.trim_start();
    }
    p.obj_col = obj.ok_or_else(|| {
        SimError::new(
            PATH,
            "obj-id-col is missing: say which column holds the object id",
        )
    })?;
    Ok(p)
}

/// Header names of an object id column, and of a time column (issue 26 #2). libCacheSim's own
/// `data/cloudPhysicsIO.csv` is headed `version,time,op,size,lbn`: read by position with its
/// default `time-col=1, obj-id-col=2`, its *time* column was replayed as object ids (94.07 %
/// hit ratio instead of 16.73 %).
pub const ID_NAMES: [&str; 6] = ["obj_id", "obj", "id", "key", "lbn", "block"];
pub const TIME_NAMES: [&str; 3] = ["time", "timestamp", "ts"];
/// Columns that hold something else than an object id, whatever a params string says.
const NOT_IDS: [&str; 9] = [
    "time",
    "timestamp",
    "ts",
    "op",
    "size",
    "obj_size",
    "version",
    "ttl",
    "tenant",
];

/// The columns a csv trace's header line names, read by name: the object id's (`obj`,
/// `obj_id`, `id`, `key`, `lbn`, `block`) and the time's (`time`, `timestamp`, `ts`) replace
/// the params' positions; a header that names no id column keeps `obj-id-col`, unless the
/// column it points to is plainly not ids (a time, an op, a size) — then the replay is refused,
/// naming the header and the parameter. `p` comes back with the columns used.
pub fn csv_columns(header: &str, p: &CsvParams) -> Result<CsvParams> {
    let names: Vec<String> = header
        .split(p.delimiter as char)
        .map(|f| f.trim().trim_matches('"').to_ascii_lowercase())
        .collect();
    let find = |wanted: &[&str]| {
        wanted
            .iter()
            .find_map(|w| names.iter().position(|n| n == w))
    };
    let mut out = p.clone();
    match find(&ID_NAMES) {
        Some(c) => out.obj_col = c,
        None => {
            let named = names.get(p.obj_col).map(String::as_str).unwrap_or("");
            if NOT_IDS.contains(&named) {
                return Err(SimError::new(
                    PATH,
                    format!(
                        "the header is '{}': obj-id-col={} is its '{named}' column, not object                          ids, and no column is named {}; give obj-id-col the column of the ids",
                        crate::error::echo(header),
                        p.obj_col + 1,
                        ID_NAMES.join(", ")
                    ),
                ));
            }
        }
    }
    if let Some(c) = find(&TIME_NAMES) {
        out.time_col = Some(c);
    }
    if out.time_col == Some(out.obj_col) {
        out.time_col = None;
    }
    Ok(out)
}

/// "object id: column 5 'lbn' · time: column 2 'time'": the columns a csv replay reads, for the
/// page and the command line to show before it starts.
pub fn describe_columns(header: Option<&str>, p: &CsvParams) -> String {
    let names: Vec<String> = header
        .map(|h| {
            h.split(p.delimiter as char)
                .map(|f| f.trim().trim_matches('"').to_string())
                .collect()
        })
        .unwrap_or_default();
    let col = |c: usize| match names.get(c) {
        Some(n) if !n.is_empty() => format!("column {} '{}'", c + 1, crate::error::echo(n)),
        _ => format!("column {}", c + 1),
    };
    let time = p.time_col.map_or("none".to_string(), col);
    format!("object id: {} · time: {time}", col(p.obj_col))
}

/// The format a file most likely has, from its name and its first bytes: libCacheSim's
/// extensions (`.oracleGeneral`, `.bin`, `.txt`, `.csv`); a `.csv` whose header is the
/// project's is the project's; otherwise bytes that are not text are oracleGeneral, lines
/// with commas csv, the rest txt.
pub fn guess_format(name: &str, head: &[u8]) -> TraceFormat {
    let lower = name.to_ascii_lowercase();
    let head = head.strip_prefix(BOM).unwrap_or(head);
    let first_line = head
        .split(|&b| b == b'\n')
        .next()
        .and_then(|l| std::str::from_utf8(l).ok())
        .map(|l| l.trim().to_ascii_lowercase().replace(' ', ""));
    let text = !head
        .iter()
        .any(|&b| b == 0 || (b < 0x20 && !b"\t\r\n".contains(&b)));
    if lower.contains("oraclegeneral") || lower.ends_with(".bin") || !text {
        TraceFormat::OracleGeneral
    } else if first_line.as_deref() == Some("time_ms,object,block,op") {
        TraceFormat::Project
    } else if lower.ends_with(".csv") || first_line.is_some_and(|l| l.contains(',')) {
        TraceFormat::Csv
    } else {
        TraceFormat::Txt
    }
}
