//! The fast loop of a trace feed (issues 30 and 42): whole oracleGeneral records served as
//! plain reads ([`crate::buffer::Cache::plain_read`]) under the cache's policy as its own
//! type, picked once a chunk by [`crate::buffer::cache::replacement::Replacer::visitor`], and
//! policy `opt`'s held trace served the same way at the end.

use super::ahead::Held;
use super::decode::{Decoder, RECORD_BYTES};
use super::{since_origin, Served, TraceFeed};
use crate::buffer::cache::events::Op;
use crate::buffer::cache::replacement::{Policy, Visit};
use crate::error::{Result, SimError};

/// How many records ahead the short path reads the hash bucket of a record's block, when the
/// buckets are too many to stay in cache (issue 30: at 100,000 buffers, 8 took 0.50 s of CPU
/// to 0.46 s; 6 and 12 did less).
const LOOKAHEAD: usize = 8;

impl TraceFeed {
    /// The short way through the common case (issues 30 and 42): whole oracleGeneral records,
    /// their ids mapped directly or densely, served one by one as plain reads
    /// ([`crate::buffer::Cache::plain_read`]) under the policy picked once for the chunk,
    /// without building a record and checking on each one what cannot change within a chunk
    /// (nothing recorded, no host, no OS page cache, no kept blocks, no `opt` holding the
    /// trace). It stops before an id the map refuses and leaves that record and the rest of
    /// the chunk to the general path, which reports the error as it always has; a fault stops
    /// it as it stops the general path. Returns the bytes it left.
    pub(super) fn feed_plain<'b>(&mut self, bytes: &'b [u8]) -> Result<&'b [u8]> {
        if !self.decoder.at_binary_record()
            || self.ahead.is_some()
            || self.blocks.is_some()
            || !self.cache.plain_read_applies()
        {
            return Ok(bytes);
        }
        self.cache.repl.visitor()(Chunk { feed: self, bytes })
    }

    /// [`Self::feed_plain`] under policy `P`.
    fn plain_chunk<'b, P: Policy>(&mut self, bytes: &'b [u8]) -> Result<&'b [u8]> {
        let direct = self.map.direct_single();
        let ahead = direct.is_some() && self.cache.hash.large();
        let records = bytes.len() / RECORD_BYTES;
        let mut done = 0;
        for (k, r) in bytes.chunks_exact(RECORD_BYTES).enumerate() {
            let (time_ns, id) = Decoder::binary_fields(r);
            let (seg, block) = match direct {
                Some(total) if id < total => (0, id as u32),
                Some(_) => break,
                None => match self.map.block_of(id) {
                    Ok(at) => at,
                    Err(_) => break,
                },
            };
            if ahead && k + LOOKAHEAD < records {
                let at = (k + LOOKAHEAD) * RECORD_BYTES;
                let (_, next) = Decoder::binary_fields(&bytes[at..at + RECORD_BYTES]);
                if direct.is_some_and(|total| next < total) {
                    self.cache
                        .hash
                        .touch(crate::buffer::cache::hash::dba(0, next as u32));
                }
            }
            let not_before_ns = since_origin(&mut self.origin, time_ns);
            // one record, one execution (as in the `trace` workload)
            self.cache
                .plain_read::<P>(seg, block, not_before_ns, self.pos);
            if let Some(e) = &self.cache.fault {
                self.decoder.took(done);
                return Err(self.decoder.refused(e.to_string()));
            }
            self.pos += 1;
            done += 1;
        }
        self.decoder.took(done);
        Ok(&bytes[done * RECORD_BYTES..])
    }

    /// [`Self::serve_ahead`] under policy `P`: the plain reads as a chunk's are served
    /// ([`crate::buffer::Cache::plain_read`]) when nothing else is kept, the rest one by one.
    pub(super) fn serve_held<P: Policy>(
        &mut self,
        accesses: impl Iterator<Item = Held>,
    ) -> Result<()> {
        let plain = self.blocks.is_none() && self.cache.plain_read_applies();
        for h in accesses {
            if plain && h.op == Op::Read {
                self.cache
                    .plain_read::<P>(h.seg, h.block, h.not_before_ns, self.pos);
                if let Some(e) = &self.cache.fault {
                    return Err(SimError::new("trace", e.to_string()));
                }
                self.pos += 1;
                continue;
            }
            let mut served = Served {
                cache: &mut self.cache,
                map: &mut self.map,
                origin: &mut self.origin,
                pos: &mut self.pos,
                blocks: &mut self.blocks,
                ahead: None,
            };
            served
                .serve(h.seg, h.block, h.op, h.not_before_ns)
                .map_err(|e| SimError::new("trace", e))?;
        }
        Ok(())
    }
}

/// A chunk of whole oracleGeneral records, served under the cache's policy as its own type.
pub(super) struct Chunk<'f, 'b> {
    pub feed: &'f mut TraceFeed,
    pub bytes: &'b [u8],
}

impl<'b> Visit for Chunk<'_, 'b> {
    type Out = Result<&'b [u8]>;
    fn visit<P: Policy>(self) -> Self::Out {
        self.feed.plain_chunk::<P>(self.bytes)
    }
}

/// Policy `opt`'s held trace, served under the policy as its own type.
pub(super) struct HeldRun<'f, I> {
    pub feed: &'f mut TraceFeed,
    pub accesses: I,
}

impl<I: Iterator<Item = Held>> Visit for HeldRun<'_, I> {
    type Out = Result<()>;
    fn visit<P: Policy>(self) -> Self::Out {
        self.feed.serve_held::<P>(self.accesses)
    }
}
