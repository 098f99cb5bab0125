//! How values are written: whole numbers, sizes with a K, M or G suffix, and the
//! `(buffers:N,lru_latches:L)` pool specs; each bad value is an error naming the parameter.

use super::ParamDoc;
use crate::error::{Result, SimError};
use serde_json::Value;

pub(super) fn check_range(doc: &ParamDoc, n: u64) -> Result<()> {
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

pub(super) fn parse_int(name: &str, v: &Value) -> Result<u64> {
    let bad = || SimError::param(name, format!("expected a whole number ≥ 0, got {v}"));
    match v {
        Value::Number(n) => n.as_u64().ok_or_else(bad),
        Value::String(s) => s.trim().parse::<u64>().map_err(|_| bad()),
        _ => Err(bad()),
    }
}

/// Bytes from `15M`-style text (a whole number with an optional K, M or G suffix), or `None`
/// if it is not one or overflows. The shared pool size of the library section reads it too.
pub fn size_bytes(text: &str) -> Option<u64> {
    let s = text.trim();
    let (digits, mult) = match s.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&s[..s.len() - 1], 1u64 << 10),
        Some('M') => (&s[..s.len() - 1], 1 << 20),
        Some('G') => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    let n: u64 = digits.trim().parse().ok()?;
    n.checked_mul(mult)
}

pub(super) fn parse_size(name: &str, v: &Value) -> Result<u64> {
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
        Value::String(s) => size_bytes(s).ok_or_else(bad),
        _ => Err(bad()),
    }
}

pub(super) fn parse_pool_spec(name: &str, v: &Value) -> Result<(u64, Option<u64>)> {
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
            other => return Err(bad(&format!("unknown key '{}'", crate::error::echo(other)))),
        }
    }
    let buffers = buffers.ok_or_else(|| bad("no buffers:N"))?;
    Ok((buffers, latches))
}
