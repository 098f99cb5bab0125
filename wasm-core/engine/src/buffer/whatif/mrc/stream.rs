//! The reference stream of a scenario or a trace (see the module above).

use super::StreamSummary;
use crate::buffer::cache::events::Event;
use crate::buffer::whatif::trace_feed::{segment_bases, TraceFeed, TraceOptions};
use crate::buffer::{PoolId, Run};
use crate::error::Result;
use crate::replay::Replayed;
use crate::scenario::Scenario;

/// A workload's references to the DEFAULT pool, as dense block numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct RefStream {
    pub blocks: Vec<u32>,
    /// The scenario's DEFAULT pool, in buffers.
    pub current_buffers: u32,
}

impl RefStream {
    pub fn summary(&self) -> StreamSummary {
        let top = self
            .blocks
            .iter()
            .copied()
            .max()
            .map_or(0, |m| m as usize + 1);
        let mut seen = vec![false; top];
        let mut distinct = 0u32;
        for &b in &self.blocks {
            if !seen[b as usize] {
                seen[b as usize] = true;
                distinct += 1;
            }
        }
        StreamSummary {
            accesses: self.blocks.len() as u64,
            distinct,
            current_buffers: self.current_buffers,
        }
    }
}

fn default_buffers(run_cfg: &crate::buffer::CacheConfig) -> u32 {
    run_cfg.pool(PoolId::Default).map_or(0, |p| p.buffers)
}

/// Run `run` to its end recording its `access` events, and hear the dense block of each one
/// that looked a block up in the DEFAULT pool (examinations included; direct reads not).
pub(super) fn cached_refs(run: &mut Run, mut hear: impl FnMut(u32)) -> Result<()> {
    run.forward_only();
    run.set_record(true);
    let segs = &run.cache().segs;
    let base = segment_bases(segs);
    let default: Vec<bool> = segs
        .iter()
        .map(|s| s.buffer_pool == PoolId::Default)
        .collect();
    while run.step(1) > 0 {
        for e in run.events() {
            if let Event::Access {
                seg,
                block,
                direct: false,
                ..
            } = *e
            {
                if default[seg as usize] {
                    hear(base[seg as usize] + block);
                }
            }
        }
    }
    match run.fault() {
        Some(f) => Err(f.clone()),
        None => Ok(()),
    }
}

/// The stream of a scenario: one run of it as it stands, recording its `access` events; the
/// blocks it looked up in the DEFAULT pool, in order.
pub fn scenario_stream(scenario: &Scenario) -> Result<RefStream> {
    let mut run = Run::new(scenario.clone())?;
    let mut blocks = Vec::with_capacity(run.total_accesses() as usize);
    cached_refs(&mut run, |b| blocks.push(b))?;
    Ok(RefStream {
        blocks,
        current_buffers: default_buffers(&run.cache().cfg),
    })
}

/// The stream of a trace (its whole bytes), mapped through the scenario's objects.
pub fn trace_stream(scenario: &Scenario, opts: &TraceOptions, bytes: &[u8]) -> Result<RefStream> {
    let mut feed = TraceFeed::new(scenario.clone(), opts)?;
    feed.keep_blocks();
    feed.feed(bytes)?;
    feed.finish()?;
    Ok(RefStream {
        current_buffers: default_buffers(&feed.cache().cfg),
        blocks: feed.take_blocks(),
    })
}
