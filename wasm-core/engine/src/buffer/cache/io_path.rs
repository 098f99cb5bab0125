//! The buffer cache's side of the I/O path: the direct-read decision at the start of every
//! full scan, direct path reads, the segment checkpoint before them, the OS page cache's
//! evictions, and `alter system flush buffer_cache`.

use super::events::Event;
use super::lists::{flag, NIL};
use super::workload::Access;
use super::Cache;
use crate::io::direct::{decide, ScanFacts};

impl Cache {
    /// Blocks of a segment in the buffer cache, and how many of them are dirty.
    pub fn segment_buffers(&self, seg: u32) -> (u32, u32) {
        let (mut cached, mut dirty) = (0, 0);
        let file = seg + 1;
        for (i, &dba) in self.b.dba.iter().enumerate() {
            if dba != 0 && dba >> 22 == file {
                cached += 1;
                dirty += u32::from(self.b.flags[i] & flag::DIRTY != 0);
            }
        }
        (cached, dirty)
    }

    /// A serial full scan begins: decide, per segment and per execution, whether it reads
    /// direct (docs/model.md §1; the rules are in `io::direct`).
    pub(crate) fn begin_scan(&mut self, a: &Access) {
        let seg = &self.segs[a.seg as usize];
        let (blocks, pool) = (seg.blocks, seg.buffer_pool);
        let (cached, dirty) = if self.cfg.profile.has_serial_direct_reads()
            || self.io.cfg.serial_direct_read != crate::io::SerialDirectRead::Auto
        {
            self.segment_buffers(a.seg)
        } else {
            (0, 0)
        };
        // a sampled cache holds about `rate` of the segment's cached blocks: scale them back
        let (cached, dirty) = match self.sample_rate {
            Some(r) => {
                let up = |n: u32| ((n as f64 / r).round() as u64).min(blocks as u64) as u32;
                (up(cached), up(dirty))
            }
            None => (cached, dirty),
        };
        let decision = decide(
            &self.io.cfg,
            &ScanFacts {
                blocks,
                pool,
                cached,
                dirty,
            },
        );
        let n = &mut self.io.n;
        if blocks > self.io.cfg.small_table_threshold {
            n.table_scans_long += 1;
        } else {
            n.table_scans_short += 1;
        }
        self.direct_scan = None;
        if decision.direct {
            n.table_scans_direct += 1;
            self.direct_scan = Some(a.seg);
        }
        if let Some(step) = self.steps.last_mut() {
            step.decision.get_or_insert(decision);
        }
        let s = a.seg;
        self.emit(|| Event::ScanStart { seg: s, decision });
        if decision.direct && dirty > 0 {
            self.segment_checkpoint(a.seg);
        }
    }

    /// Write the segment's dirty buffers before reading it direct (Christian Antognini): the
    /// session waits `cost.physical_write_ms` for each.
    fn segment_checkpoint(&mut self, seg: u32) {
        let file = seg + 1;
        let mut written = 0u32;
        for i in 0..self.b.len() {
            let dba = self.b.dba[i];
            if dba == 0 || dba >> 22 != file || self.b.flags[i] & flag::DIRTY == 0 {
                continue;
            }
            // Buffers already queued for DBWR are written by it; the others here.
            if self.b.flags[i] & (flag::ON_WRITE_LIST | flag::WRITING) == 0 {
                self.b.flags[i] &= !flag::DIRTY;
                let pool = self.pool_of_set(self.b.set[i]);
                self.counters[pool.index()].physical_writes += 1;
                written += 1;
            }
        }
        let waited_ns = written as u64 * self.cost.physical_write;
        self.wait(waited_ns);
        self.io.n.segment_checkpoints += 1;
        self.io.n.checkpoint_writes += written as u64;
        self.emit(|| Event::SegmentCheckpoint {
            seg,
            buffers: written,
            waited_ns,
        });
    }

    /// One block of a direct scan: a consistent get into session memory, never a buffer.
    pub(super) fn read_direct(&mut self, a: &Access, dba: u32) {
        let r = self.io.read_direct(dba);
        self.wait(r.ns);
        self.lost_os_page(r.evicted_buf);
        let (seg, block, source, ns) = (a.seg, a.block, r.source, r.ns);
        self.emit(|| Event::DirectRead {
            seg,
            block,
            source,
            ns,
        });
    }

    /// The OS page cache gave away the page of a block that buffer `buf` still holds.
    #[inline]
    pub(super) fn lost_os_page(&mut self, buf: u32) {
        if buf != NIL {
            self.b.flags[buf as usize] &= !flag::OS_CACHED;
        }
    }

    /// `alter system flush buffer_cache`: dirty buffers are written, then every buffer is
    /// free again; the statistics and the clock go on.
    pub(super) fn flush(&mut self) {
        let mut written = 0u32;
        let mut used = 0u32;
        for i in 0..self.b.len() {
            if self.b.dba[i] == 0 {
                continue;
            }
            used += 1;
            if self.b.flags[i] & flag::DIRTY != 0 {
                let pool = self.pool_of_set(self.b.set[i]);
                self.counters[pool.index()].physical_writes += 1;
                written += 1;
            }
        }
        self.wait(written as u64 * self.cost.physical_write);
        let fresh = Cache::new(self.cfg.clone(), Vec::new(), self.cost);
        self.b = fresh.b;
        self.sets = fresh.sets;
        // OPT keeps its future and its place in the reference stream
        self.repl.renew(fresh.repl);
        self.rr = fresh.rr;
        self.hash.clear();
        for (d, f) in self.dbwrs.iter_mut().zip(fresh.dbwrs) {
            d.inflight = f.inflight;
            d.busy_until = self.now;
        }
        // the batches in flight are gone: DBWR's next due time is its timeout again
        self.refresh_due();
        if let Some(os) = &mut self.io.os {
            os.detach_all();
        }
        self.direct_scan = None;
        self.emit(|| Event::Flushed {
            buffers: used,
            written,
        });
    }
}
