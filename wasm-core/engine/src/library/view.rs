//! Read-only views for the animation: the bucket array, the heap's chunks, the free lists,
//! and who holds, spins on or sleeps for each latch.

use super::events::Latch;
use super::heap::{ChunkKind, BUCKET_MIN, NIL};
use super::sched::{Sim, Status};
use serde::Serialize;
use ts_rs::TS;

/// Numbers per chunk in [`Sim::heap_flat`]: offset, size, kind, flags, object.
pub const CHUNK_WIDTH: usize = 5;
/// Chunk flags in [`Sim::heap_flat`]: in use and not on the LRU, and on the LRU.
pub const CHUNK_PINNED: u32 = 1;
pub const CHUNK_ON_LRU: u32 = 2;
/// [`Sim::heap_flat`]'s object field for a chunk that belongs to none.
pub const NO_OBJECT: u32 = NIL;

/// One hash bucket: its chain length and the library cache latch child covering it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct BucketView {
    pub chain_len: u32,
    pub latch: u32,
}

/// One chunk of the shared pool heap, in address order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct ChunkView {
    pub offset: u32,
    pub size: u32,
    pub kind: ChunkKind,
    /// In use and not on the LRU (pinned, or freeable / permanent).
    pub pinned: bool,
    pub object: Option<u32>,
}

/// One latch (a library cache child or the shared pool latch) now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct LatchView {
    pub latch: Latch,
    pub holder: Option<u32>,
    /// Sessions on a CPU spinning for it.
    pub spinning: Vec<u32>,
    /// Sessions sleeping in a `latch free` wait for it.
    pub sleeping: Vec<u32>,
}

/// What a session is doing now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "library/")]
pub enum SessionState {
    Queued,
    OnCpu,
    Sleeping,
    LatchSleep,
    LoadWait,
    Done,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct SessionView {
    pub id: u32,
    pub state: SessionState,
    pub cpu: Option<u32>,
    pub holding: Vec<Latch>,
    /// The text of the statement in progress, as hashed.
    pub text: String,
    #[ts(type = "number")]
    pub statements: u64,
}

impl Sim {
    pub fn bucket_view(&self) -> Vec<BucketView> {
        let t = &self.lib.table;
        (0..t.buckets())
            .map(|b| BucketView {
                chain_len: t.chains[b as usize].len() as u32,
                latch: t.latch_of_bucket(b),
            })
            .collect()
    }

    pub fn heap_view(&self) -> Vec<ChunkView> {
        self.lib
            .heap
            .in_order()
            .map(|c| ChunkView {
                offset: c.off,
                size: c.size,
                kind: c.kind,
                pinned: c.kind != ChunkKind::Free && !c.on_lru,
                object: (c.obj != NIL).then_some(c.obj),
            })
            .collect()
    }

    /// Chunks on each free list, by bucket (`BUCKET_MIN` gives each bucket's smallest size).
    pub fn free_list_lengths(&self) -> Vec<u32> {
        (0..BUCKET_MIN.len())
            .map(|b| self.lib.heap.free_list_len(b))
            .collect()
    }

    pub fn latch_view(&self) -> Vec<LatchView> {
        let mut sleeping_on = vec![Vec::new(); self.latches.len()];
        for (s, ss) in self.sess.iter().enumerate() {
            if ss.run == Status::LatchSleep {
                if let Some(super::sched::Op::Get(l)) = ss.ops.front() {
                    sleeping_on[*l as usize].push(s as u32);
                }
            }
        }
        (0..self.latches.len() as u32)
            .map(|l| LatchView {
                latch: self.latch_name(l),
                holder: self.latches[l as usize].holder,
                spinning: (0..self.sess.len() as u32)
                    .filter(|&s| {
                        let ss = &self.sess[s as usize];
                        ss.spin == Some(l) && matches!(ss.run, Status::OnCpu(_))
                    })
                    .collect(),
                sleeping: std::mem::take(&mut sleeping_on[l as usize]),
            })
            .collect()
    }

    pub fn session_view(&self) -> Vec<SessionView> {
        self.sess
            .iter()
            .enumerate()
            .map(|(i, ss)| SessionView {
                id: i as u32,
                state: match ss.run {
                    Status::Queued => SessionState::Queued,
                    Status::OnCpu(_) => SessionState::OnCpu,
                    Status::Sleeping => SessionState::Sleeping,
                    Status::LatchSleep => SessionState::LatchSleep,
                    Status::WaitLoad => SessionState::LoadWait,
                    Status::Done => SessionState::Done,
                },
                cpu: match ss.run {
                    Status::OnCpu(c) => Some(c),
                    _ => None,
                },
                holding: ss.held.iter().map(|&l| self.latch_name(l)).collect(),
                text: ss.text.clone(),
                statements: ss.statements,
            })
            .collect()
    }
}

/// A handle on a hash chain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct ChainEntry {
    pub obj: u32,
    pub text: String,
}

/// One library cache object (a cursor) and where its memory is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct ObjectView {
    pub obj: u32,
    pub text: String,
    pub hash: u32,
    pub bucket: u32,
    pub pins: u32,
    pub kept: bool,
    pub loading: bool,
    /// Offsets of the handle, heap 0 and heap 6 chunks (None: not allocated or flushed).
    pub handle: Option<u32>,
    pub heap0: Option<u32>,
    pub heap6: Option<u32>,
}

impl Sim {
    /// The handles of a bucket in walk order (newest first); empty for a bucket out of range.
    pub fn chain(&self, bucket: u32) -> Vec<ChainEntry> {
        let t = &self.lib.table;
        t.chains
            .get(bucket as usize)
            .map(|c| {
                c.iter()
                    .rev()
                    .map(|&o| ChainEntry {
                        obj: o,
                        text: self.lib.objs[o as usize].text.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The heap in address order, [`CHUNK_WIDTH`] numbers a chunk: offset, size, kind (its
    /// index in [`ChunkKind::ALL`]), flags ([`CHUNK_PINNED`], [`CHUNK_ON_LRU`]), object
    /// ([`NO_OBJECT`] for none).
    pub fn heap_flat(&self) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.lib.heap.chunks.len() * CHUNK_WIDTH);
        for c in self.lib.heap.in_order() {
            let kind = ChunkKind::ALL
                .iter()
                .position(|k| *k == c.kind)
                .unwrap_or(0) as u32;
            let pinned = c.kind != ChunkKind::Free && !c.on_lru;
            let flags =
                if pinned { CHUNK_PINNED } else { 0 } | if c.on_lru { CHUNK_ON_LRU } else { 0 };
            out.extend_from_slice(&[c.off, c.size, kind, flags, c.obj]);
        }
        out
    }

    pub fn object_view(&self, obj: u32) -> Option<ObjectView> {
        let o = self.lib.objs.get(obj as usize).filter(|o| o.alive)?;
        let off = |c: u32| (c != NIL).then(|| self.lib.heap.chunks[c as usize].off);
        Some(ObjectView {
            obj,
            text: o.text.clone(),
            hash: o.hash,
            bucket: self.lib.table.bucket(o.hash),
            pins: o.pins,
            kept: o.kept,
            loading: matches!(o.state, super::objects::ObjState::Loading(_)),
            handle: off(o.handle),
            heap0: off(o.heap0),
            heap6: off(o.heap6),
        })
    }
}
