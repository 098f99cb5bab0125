//! Records out of a trace read in chunks of any size: a record cut by a chunk's end waits in
//! `carry` for the next chunk. Text formats count lines, the binary one byte offsets, so that
//! an error names where it is.

use super::params::{CsvParams, BOM};
use crate::buffer::cache::events::Op;
use crate::error::SimError;
use crate::scenario::segment::Segment;

/// Bytes in one oracleGeneral record.
pub const RECORD_BYTES: usize = 24;

/// What a record names: an object id to map, or (the project's CSV) a segment's block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Obj {
    Id(u64),
    Block { seg: u32, block: u32 },
}

/// One access of the trace, before the mapping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rec {
    /// The record's time in ns (its own origin), when the format has one.
    pub time_ns: Option<u64>,
    pub obj: Obj,
    pub op: Op,
}

enum Kind {
    Txt,
    Csv(CsvParams),
    Binary,
    /// The project's CSV: segment names resolve against these objects.
    Project(Vec<Segment>),
}

pub struct Decoder {
    kind: Kind,
    carry: Vec<u8>,
    /// Lines ended so far (text) — the next line's number is `lines + 1`.
    lines: u64,
    /// Bytes taken by whole records so far (binary), and by whole lines (text).
    consumed: u64,
    header_pending: bool,
}

/// Where a record is, for an error message.
fn line_at(n: u64) -> String {
    format!("trace line {n}")
}
fn offset_at(n: u64) -> String {
    format!("trace byte offset {n}")
}

impl Decoder {
    pub fn txt() -> Self {
        Decoder::with(Kind::Txt, false)
    }
    pub fn csv(p: CsvParams) -> Self {
        let header = p.has_header || p.header_auto;
        Decoder::with(Kind::Csv(p), header)
    }
    pub fn binary() -> Self {
        Decoder::with(Kind::Binary, false)
    }
    pub fn project(segs: Vec<Segment>) -> Self {
        Decoder::with(Kind::Project(segs), true)
    }
    fn with(kind: Kind, header_pending: bool) -> Self {
        Decoder {
            kind,
            carry: Vec::new(),
            lines: 0,
            consumed: 0,
            header_pending,
        }
    }

    /// Bytes of whole records (or lines) decoded so far.
    pub fn consumed(&self) -> u64 {
        self.consumed
    }

    /// The decoder reads oracleGeneral records and holds no part of one: the next byte fed
    /// starts a record, so a caller may read whole records itself ([`Self::took`]).
    pub fn at_binary_record(&self) -> bool {
        matches!(self.kind, Kind::Binary) && self.carry.is_empty()
    }

    /// Bytes still missing from the binary record the last chunk cut in two (0: none).
    pub fn binary_carry_need(&self) -> usize {
        match self.kind {
            Kind::Binary if !self.carry.is_empty() => RECORD_BYTES - self.carry.len(),
            _ => 0,
        }
    }

    /// The caller read `records` whole oracleGeneral records itself: count their bytes.
    pub fn took(&mut self, records: usize) {
        self.consumed += (records * RECORD_BYTES) as u64;
    }

    /// The error of the next binary record, refused by the sink with `message` (what
    /// [`Self::feed`] returns for it).
    pub fn refused(&self, message: String) -> SimError {
        SimError::new(offset_at(self.consumed), message)
    }

    /// The time (ns) and object id of oracleGeneral record `r` (24 bytes: u32 time in
    /// seconds, u64 id, u32 size, i64 next access, little-endian; only the first two are read).
    #[inline(always)]
    pub fn binary_fields(r: &[u8]) -> (u64, u64) {
        let word = |k: usize| u32::from_le_bytes([r[k], r[k + 1], r[k + 2], r[k + 3]]);
        (
            word(0) as u64 * 1_000_000_000,
            word(4) as u64 | (word(8) as u64) << 32,
        )
    }

    /// Decode every whole record of `carry + bytes`, handing each to `sink`. A record that
    /// does not parse, or that `sink` refuses (its message), stops here with an error naming
    /// the line or byte offset; the records before it have been handed on.
    pub fn feed(
        &mut self,
        bytes: &[u8],
        sink: &mut impl FnMut(Rec) -> Result<(), String>,
    ) -> Result<(), SimError> {
        if matches!(self.kind, Kind::Binary) {
            return self.feed_binary(bytes, sink);
        }
        let mut data = bytes;
        if !self.carry.is_empty() {
            match data.iter().position(|&b| b == b'\n') {
                None => {
                    self.carry.extend_from_slice(data);
                    return Ok(());
                }
                Some(k) => {
                    let mut line = std::mem::take(&mut self.carry);
                    line.extend_from_slice(&data[..k]);
                    self.line(&line, sink)?;
                    data = &data[k + 1..];
                }
            }
        }
        while let Some(k) = data.iter().position(|&b| b == b'\n') {
            self.line(&data[..k], sink)?;
            data = &data[k + 1..];
        }
        self.carry.extend_from_slice(data);
        Ok(())
    }

    /// The end of the trace: a last line without a newline is a line; a binary record cut
    /// short is an error.
    pub fn finish(
        &mut self,
        sink: &mut impl FnMut(Rec) -> Result<(), String>,
    ) -> Result<(), SimError> {
        let rest = std::mem::take(&mut self.carry);
        if rest.is_empty() {
            return Ok(());
        }
        if matches!(self.kind, Kind::Binary) {
            return Err(SimError::new(
                offset_at(self.consumed),
                format!(
                    "truncated record: the trace ends {} bytes into a {RECORD_BYTES}-byte \
                     oracleGeneral record",
                    rest.len()
                ),
            ));
        }
        self.line(&rest, sink)
    }

    fn feed_binary(
        &mut self,
        bytes: &[u8],
        sink: &mut impl FnMut(Rec) -> Result<(), String>,
    ) -> Result<(), SimError> {
        let mut data = bytes;
        if !self.carry.is_empty() {
            let need = (RECORD_BYTES - self.carry.len()).min(data.len());
            self.carry.extend_from_slice(&data[..need]);
            data = &data[need..];
            if self.carry.len() < RECORD_BYTES {
                return Ok(());
            }
            let rec = std::mem::take(&mut self.carry);
            self.record(&rec, sink)?;
        }
        let mut records = data.chunks_exact(RECORD_BYTES);
        for r in &mut records {
            self.record(r, sink)?;
        }
        self.carry.extend_from_slice(records.remainder());
        Ok(())
    }

    #[inline]
    fn record(
        &mut self,
        r: &[u8],
        sink: &mut impl FnMut(Rec) -> Result<(), String>,
    ) -> Result<(), SimError> {
        let (time_ns, id) = Decoder::binary_fields(r);
        let rec = Rec {
            time_ns: Some(time_ns),
            obj: Obj::Id(id),
            op: Op::Read,
        };
        sink(rec).map_err(|m| SimError::new(offset_at(self.consumed), m))?;
        self.consumed += RECORD_BYTES as u64;
        Ok(())
    }

    fn line(
        &mut self,
        raw: &[u8],
        sink: &mut impl FnMut(Rec) -> Result<(), String>,
    ) -> Result<(), SimError> {
        self.lines += 1;
        self.consumed += raw.len() as u64 + 1;
        let at = self.lines;
        // a byte-order mark (as some editors save UTF-8) is not part of the first line
        let raw = match raw.strip_prefix(BOM) {
            Some(rest) if at == 1 => rest,
            _ => raw,
        };
        let err = |m: String| SimError::new(line_at(at), m);
        let text = std::str::from_utf8(raw)
            .map_err(|_| err("not text (invalid UTF-8): is this a binary trace?".into()))?;
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            return Ok(());
        }
        // read automatically, a first line of numbers is a record, not a header
        let auto_record = matches!(&self.kind, Kind::Csv(p) if p.header_auto && !p.has_header
            && !super::params::looks_like_header(text, p));
        if std::mem::take(&mut self.header_pending) && !auto_record {
            return match &mut self.kind {
                Kind::Project(_) => crate::buffer::cache::workload::check_trace_header(text)
                    .map_err(|e| SimError::new(line_at(at), e.message)),
                // a csv header's names choose the columns (params::csv_columns)
                Kind::Csv(p) => {
                    *p = super::params::csv_columns(text, p)
                        .map_err(|e| SimError::new(line_at(at), e.message))?;
                    Ok(())
                }
                _ => Ok(()),
            };
        }
        let rec = match &self.kind {
            Kind::Txt => Rec {
                time_ns: None,
                obj: Obj::Id(id(text).map_err(err)?),
                op: Op::Read,
            },
            Kind::Csv(p) => csv_record(text, p).map_err(err)?,
            Kind::Project(segs) => {
                let a = crate::buffer::cache::workload::parse_trace_row(text, segs, &line_at(at))?;
                Rec {
                    time_ns: Some(a.not_before_ns),
                    obj: Obj::Block {
                        seg: a.seg,
                        block: a.block,
                    },
                    op: a.op,
                }
            }
            Kind::Binary => unreachable!("binary traces have no lines"),
        };
        sink(rec).map_err(err)
    }
}

/// An object id: an unsigned decimal integer below 2^64. The message says what is wrong: a
/// number written otherwise (`1e308`, `-1`, `2.5`), past 2^64 − 1, or no number at all.
fn id(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| {
        let t = crate::error::echo(text);
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        if digits {
            format!("object id '{t}' is past 18446744073709551615 (2^64 − 1), the largest id")
        } else if text.parse::<f64>().is_ok_and(f64::is_finite) {
            format!(
                "object id '{t}' is a number but not an id: ids are unsigned whole numbers \
                 written in digits (0 to 2^64 − 1), with no sign, point or exponent"
            )
        } else {
            format!("'{t}' is not an object id (an unsigned whole number below 2^64)")
        }
    })
}

/// FNV-1a: the id of a non-numeric object name (`obj-id-is-num=false`).
fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn csv_record(text: &str, p: &CsvParams) -> Result<Rec, String> {
    let (mut obj, mut time, mut op) = (None, None, None);
    for (k, f) in text.split(p.delimiter as char).enumerate() {
        let f = f.trim().trim_matches('"');
        if k == p.obj_col {
            obj = Some(f);
        }
        if Some(k) == p.time_col {
            time = Some(f);
        }
        if Some(k) == p.op_col {
            op = Some(f);
        }
    }
    let missing = |what: &str, col: usize| {
        format!(
            "no column {} ({what}): the line has {} fields split by '{}'",
            col + 1,
            text.split(p.delimiter as char).count(),
            p.delimiter as char
        )
    };
    let obj = obj.ok_or_else(|| missing("obj-id-col", p.obj_col))?;
    let obj = if p.obj_id_is_num {
        id(obj)?
    } else {
        fnv1a(obj)
    };
    let time_ns = match (p.time_col, time) {
        (None, _) => None,
        (Some(c), None) => return Err(missing("time-col", c)),
        (Some(_), Some(t)) => Some(match t.parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 && v * p.time_unit_ns as f64 <= 1e18 => {
                (v * p.time_unit_ns as f64).round() as u64
            }
            Ok(v) if v < 0.0 => {
                return Err(format!(
                    "time '{}' is negative: times are 0 or more",
                    crate::error::echo(t)
                ))
            }
            Ok(v) if !v.is_nan() => {
                return Err(format!(
                    "time '{}' is past the latest a trace time may be: 10^18 ns ({} in the \
                     time-unit of {} ns)",
                    crate::error::echo(t),
                    1e18 / p.time_unit_ns as f64,
                    p.time_unit_ns
                ))
            }
            _ => {
                return Err(format!(
                    "time '{}' is not a number (a time in time-units, 0 to 10^18 ns)",
                    crate::error::echo(t)
                ))
            }
        }),
    };
    let op = match (p.op_col, op) {
        (None, _) => Op::Read,
        (Some(c), None) => return Err(missing("op-col", c)),
        (Some(_), Some(o)) => match o.to_ascii_lowercase().as_str() {
            "r" | "read" | "get" => Op::Read,
            "w" | "write" | "set" | "update" => Op::Write,
            "s" | "scan" => Op::Scan,
            other => {
                return Err(format!(
                    "op '{}' is not r/read/get, w/write/set/update or s/scan",
                    crate::error::echo(other)
                ))
            }
        },
    };
    Ok(Rec {
        time_ns,
        obj: Obj::Id(obj),
        op,
    })
}
