//! init.ora parameters: the names Oracle uses, how their values are written, what each one
//! means (one line, from the seeds), and the limits the model enforces.
//!
//! `params` is the table (names, kinds, ranges, one-line docs), `values` parses how a value is
//! written (sizes with K/M/G, pool specs), and `InitOra` here checks a scenario's `init` object
//! against both.

mod params;
#[cfg(test)]
mod tests;
mod values;

pub use params::{
    check_pool_buffers, param_doc, ParamArea, ParamDoc, ParamKind, MAX_BUFFERS,
    MAX_SAMPLED_BUFFERS, PARAMS,
};

use crate::error::{Result, SimError};
use serde_json::Value;
use std::collections::BTreeMap;
pub use values::size_bytes;
use values::{check_range, parse_int, parse_pool_spec, parse_size};

/// The `init` object of a scenario, with names checked and values parsed lazily.
#[derive(Debug, Clone, Default)]
pub struct InitOra {
    values: BTreeMap<&'static str, Value>,
    /// `db_block_buffers`' minimum when a teaching scenario lowers Oracle's (see
    /// `Scenario::init_ora`); None: the documented one.
    buffers_floor: Option<u64>,
    /// The scenario's `sampling.rate`: a sampled run takes pools up to
    /// [`MAX_SAMPLED_BUFFERS`] (docs/model.md §3.4); None: an exact run, [`MAX_BUFFERS`].
    sampling_rate: Option<f64>,
}

impl InitOra {
    /// Check every name against [`PARAMS`]; an unknown one is an error naming it.
    pub fn new(init: &serde_json::Map<String, Value>) -> Result<Self> {
        Self::with_buffers_floor(init, None)
    }

    /// As [`InitOra::new`], with `db_block_buffers` allowed down to `buffers_floor` instead of
    /// its documented minimum (a teaching scenario's smaller cache: `Scenario::init_ora`).
    pub fn with_buffers_floor(
        init: &serde_json::Map<String, Value>,
        buffers_floor: Option<u64>,
    ) -> Result<Self> {
        Self::with_limits(init, buffers_floor, None)
    }

    /// As [`InitOra::with_buffers_floor`], for a run sampled at `rate` (None: exact): the
    /// buffer counts may pass [`MAX_BUFFERS`] as long as the sampled cache fits it.
    pub fn with_limits(
        init: &serde_json::Map<String, Value>,
        buffers_floor: Option<u64>,
        rate: Option<f64>,
    ) -> Result<Self> {
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
        let ora = InitOra {
            values,
            buffers_floor,
            sampling_rate: rate,
        };
        ora.check_every_value()?;
        Ok(ora)
    }

    /// The sampling rate these limits were checked under (None: exact).
    pub fn sampling_rate(&self) -> Option<f64> {
        self.sampling_rate
    }

    /// Every value set, parsed by its kind now, not when (or whether) the model reads it: a
    /// value the page's check refuses is refused here too, in a scenario that does not use the
    /// parameter (`_db_percent_hot_keep = .` without a KEEP pool) as in one that does.
    fn check_every_value(&self) -> Result<()> {
        for &name in self.values.keys() {
            match Self::doc(name)?.kind {
                ParamKind::Integer | ParamKind::Size => self.int(name).map(drop)?,
                ParamKind::Boolean => self.boolean(name).map(drop)?,
                ParamKind::Keyword => self.keyword(name).map(drop)?,
                ParamKind::PoolSpec => self.pool_spec(name).map(drop)?,
            }
        }
        Ok(())
    }

    pub fn is_set(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    /// The parameter's reference entry. Every name in `values` has one (parse refuses the
    /// others); an engine asking for a name it does not document gets an error, not an abort.
    fn doc(name: &str) -> Result<&'static ParamDoc> {
        param_doc(name)
            .ok_or_else(|| SimError::param(name, "not a documented parameter (an engine bug)"))
    }

    /// A whole-number parameter, checked against its documented range.
    pub fn int(&self, name: &str) -> Result<Option<u64>> {
        let Some(v) = self.values.get(name) else {
            return Ok(None);
        };
        let doc = Self::doc(name)?;
        let n = match doc.kind {
            ParamKind::Size => parse_size(name, v)?,
            _ => parse_int(name, v)?,
        };
        let doc = &ParamDoc {
            // a teaching scenario's smaller cache (the maximum still holds)
            min: match self.buffers_floor {
                Some(floor) if doc.name == "db_block_buffers" => Some(floor),
                _ => doc.min,
            },
            // a pool's buffers: the exact or the sampled limit, checked below; a block count
            // compared with segments, which a sampled run keeps whole, up to the sampled one
            max: match doc.name {
                "db_block_buffers" => None,
                "_small_table_threshold" if self.sampling_rate.is_some() => {
                    Some(MAX_SAMPLED_BUFFERS)
                }
                _ => doc.max,
            },
            ..*doc
        };
        check_range(doc, n)?;
        if doc.name == "db_block_buffers" {
            check_pool_buffers(doc.name, n, self.sampling_rate)?;
        }
        Ok(Some(n))
    }

    /// A whole-number parameter, or `default` when unset: for a default the model derives
    /// (from other parameters or the profile). A fixed default is [`Self::int_or_default`]'s.
    pub fn int_or(&self, name: &str, default: u64) -> Result<u64> {
        Ok(self.int(name)?.unwrap_or(default))
    }

    /// A whole-number parameter, or when unset its default as [`PARAMS`] writes it: the form
    /// shows and the model uses the one number. A default that is not one number is an engine
    /// bug, reported as an error (a test reads every one).
    pub fn int_or_default(&self, name: &str) -> Result<u64> {
        match self.int(name)? {
            Some(v) => Ok(v),
            None => Self::doc(name)?.default_number().ok_or_else(|| {
                SimError::param(
                    name,
                    "its documented default is not a number (an engine bug)",
                )
            }),
        }
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
        let doc = Self::doc(name)?;
        let word = match v {
            Value::Bool(b) => Some(if *b { "TRUE" } else { "FALSE" }.to_string()),
            _ => v.as_str().map(|w| w.trim().to_ascii_uppercase()),
        };
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
            .filter(|n| param_doc(n).is_some_and(|d| d.area != ParamArea::Both && d.area != area))
            .copied()
            .collect()
    }

    /// A scenario note for each name set here that acts on the other simulation than `area`
    /// (nothing is foreign to `Both`).
    pub fn foreign_notes(&self, area: ParamArea) -> Vec<String> {
        let (here, there) = match area {
            ParamArea::BufferCache => ("buffer cache", "library cache"),
            ParamArea::LibraryCache => ("library cache", "buffer cache"),
            ParamArea::Both => return Vec::new(),
        };
        self.foreign(area)
            .into_iter()
            .map(|n| format!("{n} acts on the {there}: this {here} scenario does not use it"))
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
