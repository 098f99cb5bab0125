//! A trace held whole, for OPT: it must know every block's next use before the first access,
//! so the feed only decodes and maps the records and keeps their blocks (4 bytes an access,
//! plus the few that are not plain reads and the points where the trace's clock moves); the
//! end of the trace builds the future and serves them all. Bounded by
//! [`crate::buffer::cache::replacement::future::MAX_REFERENCES`]; the other policies stream.

use crate::buffer::cache::events::Op;
use crate::buffer::cache::hash::{dba, split_dba};
use crate::buffer::cache::replacement::future::{check_length, Future};
use std::sync::Arc;

#[derive(Debug, Default)]
pub struct Ahead {
    dbas: Vec<u32>,
    /// `(index, op)` of every access that is not a read.
    ops: Vec<(u32, Op)>,
    /// `(index, not_before_ns)` wherever the earliest start changes (the trace's time).
    times: Vec<(u32, u64)>,
    /// The trace passed the limit.
    pub over: bool,
}

/// One access of the held trace.
pub struct Held {
    pub seg: u32,
    pub block: u32,
    pub op: Op,
    pub not_before_ns: u64,
}

impl Ahead {
    /// Keep one access; an error past the limit.
    pub fn push(&mut self, seg: u32, block: u32, op: Op, not_before_ns: u64) -> Result<(), String> {
        let k = self.dbas.len() as u32;
        if let Err(e) = check_length(k as u64 + 1, "the trace") {
            self.over = true;
            return Err(e.message);
        }
        self.dbas.push(dba(seg, block));
        if op != Op::Read {
            self.ops.push((k, op));
        }
        if self.times.last().map_or(0, |t| t.1) != not_before_ns {
            self.times.push((k, not_before_ns));
        }
        Ok(())
    }

    pub fn len(&self) -> u64 {
        self.dbas.len() as u64
    }

    /// The error of a trace past the limit, naming the policy.
    pub fn refusal(&self) -> crate::error::SimError {
        check_length(self.len() + 1, "the trace").unwrap_err()
    }

    /// The future of the held accesses (each is one reference: a hit or a read), and the
    /// accesses in order.
    pub fn into_future(self) -> (Arc<Future>, impl Iterator<Item = Held>) {
        let future = Arc::new(Future::build(self.dbas));
        let (mut ops, mut times) = (
            self.ops.into_iter().peekable(),
            self.times.into_iter().peekable(),
        );
        let mut t = 0;
        let f = future.clone();
        let accesses = (0..f.len()).map(move |k| {
            let op = ops.next_if(|o| o.0 as u64 == k).map_or(Op::Read, |o| o.1);
            if let Some((_, nb)) = times.next_if(|x| x.0 as u64 == k) {
                t = nb;
            }
            let (seg, block) = split_dba(f.block(k));
            Held {
                seg,
                block,
                op,
                not_before_ns: t,
            }
        });
        (future, accesses)
    }
}
