//! Trace replay: CSV `time_ms,object,block,op`, op `r` (single-block read), `w` (write) or
//! `s` (block read by a full scan). An access happens at its `time_ms`, or later if the
//! simulated work before it has not finished.

use super::Access;
use crate::buffer::cache::events::Op;
use crate::error::{Result, SimError};
use crate::scenario::segment::{find_segment, Segment};
use std::rc::Rc;

#[derive(Debug, Clone)]
pub struct Trace {
    pub rows: Rc<Vec<Access>>,
    pub next: usize,
}

impl Trace {
    pub(super) fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        match self.rows.get(self.next) {
            Some(a) => {
                out.push(*a);
                self.next += 1;
                true
            }
            None => false,
        }
    }
}

/// The latest `time_ms` a trace line may have (10^12 ms, the simulated clock's limit).
pub const MAX_TIME_MS: f64 = 1e12;

/// The project CSV's header line: `time_ms,object,block,op`.
pub fn check_header(line: &str) -> Result<()> {
    let header: Vec<String> = line
        .split(',')
        .map(|f| f.trim().to_ascii_lowercase())
        .collect();
    if header != ["time_ms", "object", "block", "op"] {
        return Err(SimError::new(
            "line 1",
            format!(
                "header is '{}', expected time_ms,object,block,op",
                crate::error::echo(&header.join(","))
            ),
        ));
    }
    Ok(())
}

/// One line of the project CSV as an access at its `time_ms`; `at` names the line.
pub fn parse_row(line: &str, segs: &[Segment], at: &str) -> Result<Access> {
    let f: Vec<&str> = line.split(',').map(str::trim).collect();
    if f.len() != 4 {
        return Err(SimError::new(at, format!("{} fields, expected 4", f.len())));
    }
    let t: f64 = match f[0].parse::<f64>() {
        Ok(t) if t.is_finite() && (0.0..=MAX_TIME_MS).contains(&t) => t,
        Ok(t) if t.is_finite() && t > MAX_TIME_MS => {
            return Err(SimError::new(
                at,
                format!(
                    "time_ms '{}' is past the limit: at most 1e12 ms (about 31.7 years)",
                    crate::error::echo(f[0])
                ),
            ))
        }
        _ => {
            return Err(SimError::new(
                at,
                format!(
                    "time_ms '{}' is not a number of milliseconds in 0..=1e12",
                    crate::error::echo(f[0])
                ),
            ))
        }
    };
    let seg = find_segment(segs, f[1], at)?;
    let blocks = segs[seg as usize].blocks;
    let block: u32 = f[2].parse().ok().filter(|b| *b < blocks).ok_or_else(|| {
        SimError::new(
            at,
            format!(
                "block '{}' is not in 0..{blocks} ({} has {blocks} blocks)",
                crate::error::echo(f[2]),
                crate::error::echo(f[1])
            ),
        )
    })?;
    let op = match f[3] {
        "r" | "R" => Op::Read,
        "w" | "W" => Op::Write,
        "s" | "S" => Op::Scan,
        other => {
            return Err(SimError::new(
                at,
                format!(
                    "op '{}' is not r (read), w (write) or s (full-scan read)",
                    crate::error::echo(other)
                ),
            ))
        }
    };
    let mut a = Access::read(seg, block, op);
    a.not_before_ns = (t * 1e6).round() as u64;
    Ok(a)
}

pub fn parse(csv: &str, segs: &[Segment], path: &str) -> Result<Trace> {
    // a byte-order mark (a CSV file saved by a spreadsheet) is not part of the header
    let csv = csv.strip_prefix('\u{feff}').unwrap_or(csv);
    let mut lines = csv
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    match lines.next() {
        Some((_, h)) => {
            check_header(h).map_err(|e| SimError::new(format!("{path} {}", e.path), e.message))?
        }
        None => {
            return Err(SimError::new(
                path,
                "the trace is empty; it needs the header time_ms,object,block,op",
            ))
        }
    }
    let mut rows = Vec::new();
    for (n, line) in lines {
        rows.push(parse_row(line, segs, &format!("{path} line {}", n + 1))?);
        if rows.len() as u64 > super::MAX_ACCESSES {
            return Err(SimError::new(
                path,
                format!("more than {} rows", super::MAX_ACCESSES),
            ));
        }
    }
    Ok(Trace {
        rows: Rc::new(rows),
        next: 0,
    })
}
