//! Library cache objects in the shared pool: lookup, load (allocate), pin, unpin, and the LRU
//! flush that makes room. No time here: each call returns the work it did (links walked,
//! chunks examined, chunks flushed) and the simulation charges it as CPU under the latch.

use super::events::Piece;
use super::heap::{chunk_size, ChunkKind, Heap, NIL};
use super::table::Table;

/// An object's memory, from its text length (bytes before the chunk header): the handle
/// (holds the name; freeable, freed with heap 0), heap 0 (the parent cursor, recreatable) and
/// heap 6 (the plan, recreatable). Sizes grow with the statement: seed 001's `stmt_size`
/// exists to test that. The constants are of the order of 8i's "library cache" and
/// "sql area" chunks.
pub fn object_sizes(text_len: u32) -> [u32; 3] {
    [160 + text_len, 600 + 4 * text_len, 1500 + 16 * text_len]
}

/// Rule (cursor pieces, 8i): what a hard parse of one SQL statement allocates in the shared
/// pool, in bytes before the chunk header: [handle, parent heap 0, heap 0's extent, child
/// heap 0, heap 6, heap 6's extent]. A cursor is a parent (handle + heap 0, holding the text
/// and the child table) and a child (heap 0 with its dependencies and access rights, heap 6
/// with the plan) — Frits Hoogland, oracle-l 2020-05-01
/// (http://www.orafaq.com/maillist/oracle-l/2020/05/01/0008.htm); the 8i kernel's steps
/// (c.d.o.server 2004-08-13, http://www.orafaq.com/usenet/comp.databases.oracle.server/2004/08/13/0847.htm):
/// create the KGL object, pin the parent's heap 0, create the child, parse into it.
/// The sizes are Steve Adams' sample X$KSMSP chunks of an 8i shared pool (Oracle8i Internal
/// Services, O'Reilly 1999, ch. 6, https://www.oreilly.com/library/view/oracle-internals-an/156592598X/ch06s02.html):
/// `KGL handles` 496 B, `library cache` recreatable 584 B and freeable 568 B, `sql area`
/// recreatable 1,208 B and freeable 2,104 B — each less its 16-byte header; the handle and
/// parent heap 0 hold the text, heap 6's extent a copy of it. Three recreatable chunks per
/// cursor (parent heap 0, child heap 0, heap 6) is what seed 001 Table 3 shows being flushed:
/// 150,912 flushed chunks for 50,242 hard parses, 3.0 each.
pub fn cursor_sizes(text_len: u32) -> [u32; 6] {
    [
        480 + text_len,
        568 + text_len,
        552,
        568,
        1192,
        2088 + text_len,
    ]
}

/// The permanent part of the pool at startup (dictionary cache, session and process state):
/// a quarter of the pool up to 2 MB.
pub fn startup_permanent(pool: u32) -> u32 {
    (pool / 4).min(2 << 20)
}

/// An allocation that finds no chunk flushes this many LRU chunks, then searches again ...
pub const FLUSH_BATCH: u32 = 8;
/// ... at most this many times; then ORA-04031.
pub const FLUSH_TRIES: u32 = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjState {
    /// Being hard parsed (or reloaded) by this session: others wait on its load lock.
    Loading(u32),
    Ready,
}

#[derive(Debug, Clone)]
pub struct Obj {
    pub text: String,
    pub hash: u32,
    pub handle: u32,
    pub heap0: u32,
    pub heap6: u32,
    /// With cursor pieces (`Lib::pieces`): heap 0's extent (freeable, freed with heap 0),
    /// the child's heap 0 (recreatable) and heap 6's extent (freeable, freed with heap 6).
    pub ext0: u32,
    pub child0: u32,
    pub ext6: u32,
    pub pins: u32,
    pub state: ObjState,
    /// DBMS_SHARED_POOL.KEEP: never released to the LRU.
    pub kept: bool,
    pub alive: bool,
    /// V$SQL's per-cursor counters: parse calls, executions, loads (the hard parse and
    /// every reload).
    pub parse_calls: u64,
    pub executions: u64,
    pub loads: u32,
}

/// What one allocation did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Alloc {
    pub chunk: Option<u32>,
    pub size: u32,
    pub examined: u32,
    pub flushed: u32,
    pub tries: u32,
}

/// Counters of the shared pool (Steve Adams' `shared_pool_lru_stats.sql`).
#[derive(Debug, Clone, Copy, Default)]
pub struct PoolStats {
    pub allocations: u64,
    pub examined: u64,
    pub max_examined: u32,
    /// The same, counted only once the pool has filled (after the first flush).
    pub full_allocations: u64,
    pub full_examined: u64,
    pub flushed_chunks: u64,
    pub lru_pins: u64,
    pub lru_releases: u64,
    pub ora_04031: u64,
}

#[derive(Debug, Clone)]
pub struct Lib {
    pub heap: Heap,
    pub table: Table,
    pub objs: Vec<Obj>,
    spare: Vec<u32>,
    pub stats: PoolStats,
    /// Cursor pieces (`cursor_sizes`, parent and child) rather than the three-chunk object.
    pub pieces: bool,
}

impl Lib {
    pub fn new(pool_bytes: u32, buckets: u32, latches: u32) -> Lib {
        Lib {
            heap: Heap::new(pool_bytes, startup_permanent(pool_bytes)),
            table: Table::new(buckets, latches),
            objs: Vec::new(),
            spare: Vec::new(),
            stats: PoolStats::default(),
            pieces: false,
        }
    }

    /// Walk the text's chain: the object with this exact text, and the links walked.
    pub fn lookup(&self, text: &str, hash: u32) -> (Option<u32>, u32) {
        self.table.walk(hash, |o| {
            let ob = &self.objs[o as usize];
            ob.hash == hash && ob.text == text
        })
    }

    /// A new object in `Loading` state, pinned, with no memory yet (not in the table).
    pub fn new_obj(&mut self, text: &str, hash: u32, loader: u32) -> u32 {
        let o = Obj {
            text: text.to_string(),
            hash,
            handle: NIL,
            heap0: NIL,
            heap6: NIL,
            ext0: NIL,
            child0: NIL,
            ext6: NIL,
            pins: 1,
            state: ObjState::Loading(loader),
            kept: false,
            alive: true,
            parse_calls: 0,
            executions: 0,
            loads: 1,
        };
        super::slots::put(&mut self.objs, &mut self.spare, o)
    }

    /// Allocate `bytes` for `obj`: first fit; if nothing fits, flush `FLUSH_BATCH` unpinned
    /// recreatable chunks from the LRU end (coalescing) and search again, at most
    /// `FLUSH_TRIES` times; then ORA-04031 (`chunk` None).
    pub fn alloc(&mut self, bytes: u32, kind: ChunkKind, obj: u32) -> Alloc {
        let size = chunk_size(bytes);
        let mut a = Alloc {
            size,
            ..Alloc::default()
        };
        loop {
            a.tries += 1;
            let (c, ex) = self.heap.search(size);
            a.examined += ex;
            if let Some(c) = c {
                self.heap.take(c, size, kind, obj);
                a.chunk = Some(c);
                break;
            }
            if a.tries > FLUSH_TRIES {
                break;
            }
            let mut n = 0;
            while n < FLUSH_BATCH {
                let Some(c) = self.heap.lru_tail() else { break };
                n += self.flush_chunk(c);
            }
            if n == 0 {
                break;
            }
            a.flushed += n;
        }
        self.stats.allocations += 1;
        self.stats.examined += u64::from(a.examined);
        self.stats.max_examined = self.stats.max_examined.max(a.examined);
        if self.stats.flushed_chunks > 0 {
            self.stats.full_allocations += 1;
            self.stats.full_examined += u64::from(a.examined);
        }
        self.stats.flushed_chunks += u64::from(a.flushed);
        if a.chunk.is_none() {
            self.stats.ora_04031 += 1;
        }
        a
    }

    /// Flush LRU chunk `c`: heap 6 alone (the object stays; its next pin reloads), or heap 0
    /// with heap 6 and the handle (the object leaves the cache). Returns recreatable chunks freed.
    /// With cursor pieces, heap 6 goes with its extent, and the child's heap 0 with the
    /// child (its heap 6 too): the next pin reloads the child.
    pub fn flush_chunk(&mut self, c: u32) -> u32 {
        let o = self.heap.chunks[c as usize].obj;
        let ob = self.objs[o as usize].clone();
        if ob.heap6 == c || ob.child0 == c {
            let child = ob.child0 == c;
            let mut n = 0;
            for k in [ob.heap6, ob.ext6, if child { c } else { NIL }] {
                if k != NIL {
                    n += u32::from(self.heap.chunks[k as usize].kind == ChunkKind::Recreatable);
                    self.heap.free(k);
                }
            }
            let ob = &mut self.objs[o as usize];
            ob.heap6 = NIL;
            ob.ext6 = NIL;
            if child {
                ob.child0 = NIL;
            }
            return n;
        }
        let n = [ob.heap0, ob.child0, ob.heap6]
            .iter()
            .filter(|&&k| k != NIL)
            .count() as u32;
        self.destroy(o);
        n
    }

    /// Free all an object's memory and take it out of the table.
    pub fn destroy(&mut self, o: u32) {
        let ob = self.objs[o as usize].clone();
        for c in [ob.ext6, ob.heap6, ob.child0, ob.ext0, ob.heap0, ob.handle] {
            if c != NIL {
                self.heap.free(c);
            }
        }
        if ob.handle != NIL {
            self.table.remove(ob.hash, o);
        }
        let ob = &mut self.objs[o as usize];
        ob.alive = false;
        ob.handle = NIL;
        ob.heap0 = NIL;
        ob.heap6 = NIL;
        ob.ext0 = NIL;
        ob.child0 = NIL;
        ob.ext6 = NIL;
        self.spare.push(o);
    }

    /// Allocate the handle and put it on its chain (under the library cache latch and the
    /// shared pool latch).
    pub fn load_handle(&mut self, o: u32) -> Alloc {
        let len = self.objs[o as usize].text.len() as u32;
        let bytes = if self.pieces {
            cursor_sizes(len)[0]
        } else {
            object_sizes(len)[0]
        };
        let a = self.alloc(bytes, ChunkKind::Freeable, o);
        if let Some(c) = a.chunk {
            self.objs[o as usize].handle = c;
            let h = self.objs[o as usize].hash;
            self.table.insert(h, o);
        } else {
            self.objs[o as usize].alive = false;
            self.spare.push(o);
        }
        a
    }

    /// Allocate the heaps the object lacks (heap 0 and heap 6, or heap 6 on a reload; with
    /// cursor pieces also heap 0's extent, the child's heap 0 and heap 6's extent), in that
    /// order. On ORA-04031 the object is destroyed. Returns the allocations made.
    pub fn load_heaps(&mut self, o: u32) -> Vec<(Piece, Alloc)> {
        let len = self.objs[o as usize].text.len() as u32;
        let plan: Vec<(Piece, u32, ChunkKind)> = if self.pieces {
            let z = cursor_sizes(len);
            vec![
                (Piece::Heap0, z[1], ChunkKind::Recreatable),
                (Piece::Heap0Extent, z[2], ChunkKind::Freeable),
                (Piece::ChildHeap0, z[3], ChunkKind::Recreatable),
                (Piece::Heap6, z[4], ChunkKind::Recreatable),
                (Piece::Heap6Extent, z[5], ChunkKind::Freeable),
            ]
        } else {
            let z = object_sizes(len);
            vec![
                (Piece::Heap0, z[1], ChunkKind::Recreatable),
                (Piece::Heap6, z[2], ChunkKind::Recreatable),
            ]
        };
        let mut out = Vec::new();
        for (piece, bytes, kind) in plan {
            if *self.slot(o, piece) != NIL {
                continue;
            }
            let a = self.alloc(bytes, kind, o);
            out.push((piece, a));
            match a.chunk {
                Some(c) => *self.slot(o, piece) = c,
                None => {
                    self.destroy(o);
                    break;
                }
            }
        }
        out
    }

    fn slot(&mut self, o: u32, piece: Piece) -> &mut u32 {
        let ob = &mut self.objs[o as usize];
        match piece {
            Piece::Handle => &mut ob.handle,
            Piece::Heap0 => &mut ob.heap0,
            Piece::Heap0Extent => &mut ob.ext0,
            Piece::ChildHeap0 => &mut ob.child0,
            Piece::Heap6 => &mut ob.heap6,
            Piece::Heap6Extent => &mut ob.ext6,
        }
    }

    /// Pin an object: its recreatable chunks leave the LRU when the first pin arrives.
    pub fn pin(&mut self, o: u32) {
        let ob = &mut self.objs[o as usize];
        ob.pins += 1;
        if ob.pins == 1 {
            let (h0, c0, h6) = (ob.heap0, ob.child0, ob.heap6);
            for c in [h0, c0, h6] {
                if c != NIL && self.heap.chunks[c as usize].on_lru {
                    self.heap.pin(c);
                    self.stats.lru_pins += 1;
                }
            }
        }
    }

    /// Unpin: with the last pin gone, heap 6, the child's heap 0, then heap 0 go to the MRU
    /// end of the LRU (so heap 6 is flushed before its parents). KEEPed objects never go to
    /// the LRU.
    pub fn unpin(&mut self, o: u32) {
        let ob = &mut self.objs[o as usize];
        ob.pins = ob.pins.saturating_sub(1);
        if ob.pins == 0 && !ob.kept {
            let (h0, c0, h6) = (ob.heap0, ob.child0, ob.heap6);
            for c in [h6, c0, h0] {
                if c != NIL {
                    self.heap.release(c);
                    self.stats.lru_releases += 1;
                }
            }
        }
    }

    /// Load a KEEPed object at startup: handle and heaps, pinned for ever. None on ORA-04031.
    pub fn keep(&mut self, text: &str, hash: u32) -> Option<u32> {
        if let (Some(o), _) = self.lookup(text, hash) {
            self.objs[o as usize].kept = true;
            return Some(o);
        }
        let o = self.new_obj(text, hash, NIL);
        self.load_handle(o).chunk?;
        self.load_heaps(o);
        let ob = &mut self.objs[o as usize];
        if !ob.alive {
            return None;
        }
        ob.kept = true;
        ob.state = ObjState::Ready;
        Some(o)
    }
}
