//! A streamed trace (libCacheSim's txt, csv and oracleGeneral formats, or the project's CSV)
//! replayed through the cache of a buffer scenario: its init.ora, pools and objects; the trace
//! takes the place of its workload.
//!
//! The trace arrives in chunks of any size (a file read by the headless runner, a dropped
//! file read by the page's Worker) and each record is served as soon as it is whole: neither
//! the file nor its accesses are ever held whole, so a 10M-request trace costs the cache and
//! one chunk. That is why this is one pass and not a [`crate::replay::Replay`]: stepping back
//! would mean reading the file again. A trace small enough to step through is a `trace`
//! workload inside the scenario (docs/model.md §4).
//!
//! A record's time, less the first record's, is the earliest simulated time its access may
//! start, so touch counts age by the trace's clock as in Oracle (`_db_aging_touch_time`). The
//! project's CSV keeps its absolute `time_ms`, as the `trace` workload does.
//!
//! OPT is the exception: it needs every block's next use before the first access, so under
//! policy `opt` the feed keeps the mapped blocks (`ahead.rs`, bounded) and the end of the
//! trace serves them.

mod ahead;
mod decode;
mod map;
mod params;
mod plain;
#[cfg(test)]
mod tests;

pub use decode::RECORD_BYTES;
pub use map::segment_bases;
pub use params::{
    auto_csv_params, csv_columns, csv_params, describe_columns, guess_format, looks_like_header,
    parse_csv_params, CsvParams, ObjectMap, TraceFormat, TraceOptions,
};

use crate::buffer::cache::workload::{Access, WorkloadSpec};
use crate::buffer::read::report::Report;
use crate::buffer::{Cache, Instance};
use crate::error::{Result, SimError};
use crate::scenario::Scenario;
use ahead::Ahead;
use decode::{Decoder, Obj, Rec};
use map::Mapper;

/// The time of a record at `time_ns` since the trace's time zero, its first record's time
/// (`origin`, set by the first record seen).
#[inline(always)]
fn since_origin(origin: &mut Option<u64>, time_ns: u64) -> u64 {
    time_ns.saturating_sub(*origin.get_or_insert(time_ns))
}

pub struct TraceFeed {
    pub scenario: Scenario,
    cache: Cache,
    decoder: Decoder,
    map: Mapper,
    /// The first record's time: the trace's time zero.
    origin: Option<u64>,
    pos: u64,
    notes: Vec<String>,
    /// The error that stopped the replay; the accesses before it are served.
    stopped: Option<SimError>,
    finished: bool,
    /// The blocks of the DEFAULT pool's references, kept when asked ([`Self::keep_blocks`]).
    blocks: Option<Blocks>,
    /// Policy `opt`: the trace so far, served at its end.
    ahead: Option<Ahead>,
}

/// The reference stream a feed keeps: dense block numbers (segment base + block).
struct Blocks {
    base: Vec<u32>,
    default: Vec<bool>,
    seen: Vec<u32>,
}

impl TraceFeed {
    pub fn new(scenario: Scenario, opts: &TraceOptions) -> Result<TraceFeed> {
        if matches!(scenario.workload, WorkloadSpec::OltpBatch { .. }) {
            return Err(SimError::new(
                "workload.kind",
                "a trace replaces the workload, and oltp_batch's jobs, transactions and warm-up \
                 have no meaning for it: replay it through a scenario with another workload",
            ));
        }
        let map = opts.map.unwrap_or_default();
        if opts.params.is_some() && opts.format != TraceFormat::Csv {
            return Err(SimError::new(
                "trace.params",
                "trace-type params are read for the csv format only",
            ));
        }
        if scenario.sampling.is_some() {
            return Err(SimError::new(
                "sampling",
                "a streamed trace is replayed exact: sampling applies to a scenario's run \
                 (remove sampling, or make the trace the scenario's workload)",
            ));
        }
        let inst = Instance::build(&scenario)?;
        let blocks = inst.cache.segs.iter().map(|s| s.blocks as u64).sum();
        crate::buffer::cache::config::check_chain_work(
            &inst.cache.cfg,
            blocks,
            crate::buffer::cache::workload::MAX_ACCESSES,
            true,
        )?;
        let decoder = match opts.format {
            TraceFormat::Txt => Decoder::txt(),
            TraceFormat::OracleGeneral => Decoder::binary(),
            TraceFormat::Project => Decoder::project(inst.cache.segs.clone()),
            TraceFormat::Csv => {
                let p = csv_params(opts.params.as_deref())?;
                if !p.obj_id_is_num && map != ObjectMap::Dense {
                    return Err(SimError::new(
                        "trace.map",
                        "obj-id-is-num=false hashes the ids, which only map: dense can number",
                    ));
                }
                Decoder::csv(p)
            }
        };
        let mut notes = inst.notes;
        notes.push(format!(
            "workload: a streamed {} trace (the scenario's own workload is not run); object \
             ids map {}",
            opts.format.name(),
            match map {
                ObjectMap::Direct => "directly: id k is block k of the objects laid end to end",
                ObjectMap::Dense => "densely: numbered by first appearance, then block by block",
            }
        ));
        if scenario.init.contains_key("db_cache_advice") {
            notes.push(
                "db_cache_advice: not computed for a streamed trace (its advisory reads the \
                 workload ahead); the full runs of a sweep give the same curve"
                    .into(),
            );
        }
        let ahead = inst.cache.repl.opt().map(|_| Ahead::default());
        if ahead.is_some() {
            notes.push(format!(
                "policy opt: the trace is read whole first (at most {} accesses), then served \
                 with every block's next use known",
                crate::common::grouped(crate::buffer::cache::replacement::future::MAX_REFERENCES)
            ));
        }
        Ok(TraceFeed {
            ahead,
            map: Mapper::new(&inst.cache.segs, map),
            origin: (opts.format == TraceFormat::Project).then_some(0),
            cache: inst.cache,
            decoder,
            scenario,
            pos: 0,
            notes,
            stopped: None,
            finished: false,
            blocks: None,
        })
    }

    pub fn from_json(scenario_json: &str, options_json: &str) -> Result<TraceFeed> {
        let opts: TraceOptions = serde_json::from_str(options_json)
            .map_err(|e| SimError::new("trace", format!("bad trace options: {e}")))?;
        TraceFeed::new(Scenario::parse(scenario_json)?, &opts)
    }

    /// Serve every whole record of `bytes` (with what the last call left of a record cut in
    /// two). A bad record stops the replay with an error naming its line or byte offset;
    /// every access before it is served and stays in the report.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<()> {
        self.check_open()?;
        // A binary record the last chunk cut in two is completed the general way first.
        let (cut, bytes) = bytes.split_at(self.decoder.binary_carry_need().min(bytes.len()));
        if !cut.is_empty() {
            self.feed_general(cut)?;
        }
        let bytes = match self.feed_plain(bytes) {
            Ok(rest) => rest,
            Err(e) => return self.settle(Err(e)),
        };
        self.feed_general(bytes)
    }

    /// [`Self::feed`] record by record: decoded, mapped, served.
    fn feed_general(&mut self, bytes: &[u8]) -> Result<()> {
        let (decoder, mut served) = self.parts();
        let out = decoder.feed(bytes, &mut |r| served.take(r));
        self.settle(out)
    }

    /// The end of the trace: a last line without its newline is served; a binary record cut
    /// short is an error.
    pub fn finish(&mut self) -> Result<()> {
        self.check_open()?;
        let (decoder, mut served) = self.parts();
        let out = decoder.finish(&mut |r| served.take(r));
        self.settle(out)?;
        let out = self.serve_ahead();
        self.settle(out)?;
        self.finished = true;
        Ok(())
    }

    /// Policy `opt`: build the future of the held trace and serve it, under the policy as its
    /// own type (`plain::HeldRun`).
    fn serve_ahead(&mut self) -> Result<()> {
        let Some(ahead) = self.ahead.take() else {
            return Ok(());
        };
        let (future, accesses) = ahead.into_future();
        if let Some(o) = self.cache.repl.opt_mut() {
            o.set_future(future);
        }
        self.cache.repl.visitor()(plain::HeldRun {
            feed: self,
            accesses,
        })
    }

    fn check_open(&self) -> Result<()> {
        if let Some(e) = &self.stopped {
            return Err(SimError::new(
                e.path.clone(),
                format!("the replay stopped here: {}", e.message),
            ));
        }
        if self.finished {
            return Err(SimError::new("trace", "the trace has already ended"));
        }
        Ok(())
    }

    fn parts(&mut self) -> (&mut Decoder, Served<'_>) {
        let TraceFeed {
            cache,
            map,
            origin,
            pos,
            decoder,
            blocks,
            ahead,
            ..
        } = self;
        (
            decoder,
            Served {
                cache,
                map,
                origin,
                pos,
                blocks,
                ahead: ahead.as_mut(),
            },
        )
    }

    fn settle(&mut self, out: Result<()>) -> Result<()> {
        let Err(mut e) = out else {
            return Ok(());
        };
        if let Some(a) = self.ahead.as_ref().filter(|a| a.over) {
            // opt's limit: refused by the policy, nothing served
            e = a.refusal();
            self.ahead = None;
        }
        if self.stopped.is_none() {
            self.stopped = Some(e.clone());
            // opt: the accesses before a bad record are served, as the other policies' are
            // (a fault among them stops there; the first error is the one reported)
            let _ = self.serve_ahead();
        }
        Err(e)
    }

    /// Keep the block of every reference to the DEFAULT pool from now on (the reference
    /// stream of the miss-ratio curves, `buffer::whatif::mrc`): segment `s` block `b` is
    /// `base[s] + b`, the segments laid end to end.
    pub fn keep_blocks(&mut self) {
        let segs = &self.cache.segs;
        self.blocks = Some(Blocks {
            base: segment_bases(segs),
            default: segs
                .iter()
                .map(|s| s.buffer_pool == crate::buffer::PoolId::Default)
                .collect(),
            seen: Vec::new(),
        });
    }

    /// The blocks kept so far (empty unless [`Self::keep_blocks`] was called).
    pub fn take_blocks(&mut self) -> Vec<u32> {
        self.blocks
            .as_mut()
            .map(|b| std::mem::take(&mut b.seen))
            .unwrap_or_default()
    }

    /// Accesses served so far (under `opt`, held so far until the trace ends).
    pub fn accesses(&self) -> u64 {
        self.pos + self.ahead.as_ref().map_or(0, |a| a.len())
    }
    /// Bytes of whole records read so far.
    pub fn bytes_consumed(&self) -> u64 {
        self.decoder.consumed()
    }
    pub fn cache(&self) -> &Cache {
        &self.cache
    }
    /// The error that stopped the replay, if one did.
    pub fn stopped(&self) -> Option<&SimError> {
        self.stopped.as_ref()
    }

    /// The run's report, as a scenario run's: `done` once the trace has ended without error.
    pub fn report(&self) -> Report {
        let mut notes = self.notes.clone();
        if let Some(d) = self.map.distinct() {
            notes.push(format!("{d} distinct objects in the trace"));
        }
        if let Some(e) = &self.stopped {
            notes.push(format!(
                "partial: the replay stopped at {e}; the figures are those of the {} accesses \
                 before it",
                self.pos
            ));
        }
        Report::new(
            &self.scenario.title,
            &self.cache,
            self.pos,
            self.pos,
            self.finished && self.stopped.is_none(),
            &notes,
        )
    }
}

/// What serving a record needs: the cache, the mapping, the trace's time zero and the count.
struct Served<'a> {
    cache: &'a mut Cache,
    map: &'a mut Mapper,
    origin: &'a mut Option<u64>,
    pos: &'a mut u64,
    blocks: &'a mut Option<Blocks>,
    /// Policy `opt` before the trace's end: hold the access instead of serving it.
    ahead: Option<&'a mut Ahead>,
}

impl Served<'_> {
    #[inline]
    fn take(&mut self, r: Rec) -> std::result::Result<(), String> {
        let (seg, block) = match r.obj {
            Obj::Id(id) => self.map.block_of(id)?,
            Obj::Block { seg, block } => (seg, block),
        };
        let not_before_ns = match r.time_ns {
            Some(t) => since_origin(self.origin, t),
            None => 0,
        };
        match &mut self.ahead {
            Some(ahead) => ahead.push(seg, block, r.op, not_before_ns),
            None => self.serve(seg, block, r.op, not_before_ns),
        }
    }

    #[inline]
    fn serve(
        &mut self,
        seg: u32,
        block: u32,
        op: crate::buffer::cache::events::Op,
        not_before_ns: u64,
    ) -> std::result::Result<(), String> {
        if self.cache.host.is_some() {
            self.cache.session_work(0);
        }
        // one record, one execution (as in the `trace` workload)
        let pos = *self.pos;
        if op == crate::buffer::cache::events::Op::Read {
            self.cache
                .read_block(seg, block, not_before_ns, pos, pos + 1);
        } else {
            let mut a = Access::read(seg, block, op);
            a.not_before_ns = not_before_ns;
            self.cache.access(&a, pos, pos + 1);
        }
        if let Some(e) = &self.cache.fault {
            return Err(e.to_string());
        }
        *self.pos += 1;
        if let Some(b) = self.blocks {
            if b.default[seg as usize] {
                b.seen.push(b.base[seg as usize] + block);
            }
        }
        Ok(())
    }
}
