//! The shared pool heap: chunks in address order, free lists bucketed by size, and the LRU
//! list of unpinned recreatable chunks. Flushing policy (which chunks go together) belongs to
//! the library cache (`cache.rs`); this file only keeps the memory honest.

use serde::Serialize;
use ts_rs::TS;

pub const NIL: u32 = u32::MAX;

/// Chunks are carved in multiples of 8 bytes, each with a 16-byte header.
pub const ALIGN: u32 = 8;
pub const HEADER: u32 = 16;
/// A split leaves a remainder on a free list only if it is at least this big; a smaller
/// remainder stays inside the allocated chunk.
pub const MIN_CHUNK: u32 = 32;

/// Free-list buckets, by the smallest chunk size each holds: the shape of the 8.0/8.1 free
/// lists Steve Adams' `shared_pool_free_lists.sql` shows (a bucket per power of two, from
/// 2^(k+5) + 12 bytes). Fine for small chunks, coarse for large ones: a bucket holds chunks
/// up to twice the size of others in it, so a request must walk past those too small for it.
pub const BUCKET_MIN: [u32; 12] = [
    0, 44, 76, 140, 268, 524, 1036, 2060, 4108, 8204, 16396, 32780,
];

/// What a chunk is (the `KSMCHCLS` classes of X$KSMSP).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "library/")]
pub enum ChunkKind {
    /// On a free list.
    Free,
    /// In use, but can be rebuilt: flushed from the LRU when unpinned.
    Recreatable,
    /// In use; freed by its owner (here: with the recreatable heap it belongs to).
    Freeable,
    /// Never freed (startup allocations, KEEPed objects).
    Permanent,
}

impl ChunkKind {
    /// Every kind, in the order of its code in the page's per-frame heap numbers.
    pub const ALL: [ChunkKind; 4] = [
        ChunkKind::Free,
        ChunkKind::Recreatable,
        ChunkKind::Freeable,
        ChunkKind::Permanent,
    ];
}

#[derive(Debug, Clone)]
pub struct Chunk {
    pub off: u32,
    pub size: u32,
    pub kind: ChunkKind,
    /// The library cache object the chunk belongs to (NIL for none).
    pub obj: u32,
    /// On the LRU (unpinned recreatable) — false while pinned.
    pub on_lru: bool,
    prev: u32,
    next: u32,
    /// Links on its free list or on the LRU.
    lprev: u32,
    lnext: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct List {
    head: u32,
    tail: u32,
    len: u32,
}

impl List {
    const EMPTY: List = List {
        head: NIL,
        tail: NIL,
        len: 0,
    };
}

#[derive(Debug, Clone)]
pub struct Heap {
    pub chunks: Vec<Chunk>,
    spare: Vec<u32>,
    first: u32,
    free: [List; BUCKET_MIN.len()],
    /// Head = most recently released, tail = next to flush.
    lru: List,
    pub size: u32,
}

/// Bytes a request of `n` bytes takes, header included.
pub fn chunk_size(n: u32) -> u32 {
    (n + HEADER).div_ceil(ALIGN) * ALIGN
}

/// The free list a chunk of `size` bytes sits on.
pub fn bucket_of(size: u32) -> usize {
    BUCKET_MIN.iter().rposition(|&m| m <= size).unwrap_or(0)
}

impl Heap {
    /// A heap of `size` bytes: one permanent chunk of `permanent` bytes at the bottom (the
    /// startup allocations), the rest one free chunk.
    pub fn new(size: u32, permanent: u32) -> Heap {
        let mut h = Heap {
            chunks: Vec::new(),
            spare: Vec::new(),
            first: NIL,
            free: [List::EMPTY; BUCKET_MIN.len()],
            lru: List::EMPTY,
            size,
        };
        let perm = h.new_chunk(0, permanent, ChunkKind::Permanent);
        let rest = h.new_chunk(permanent, size - permanent, ChunkKind::Free);
        h.first = perm;
        h.chunks[perm as usize].next = rest;
        h.chunks[rest as usize].prev = perm;
        h.push_free(rest);
        h
    }

    fn new_chunk(&mut self, off: u32, size: u32, kind: ChunkKind) -> u32 {
        let c = Chunk {
            off,
            size,
            kind,
            obj: NIL,
            on_lru: false,
            prev: NIL,
            next: NIL,
            lprev: NIL,
            lnext: NIL,
        };
        super::slots::put(&mut self.chunks, &mut self.spare, c)
    }

    /// Free list `b`, or the LRU list for `None`.
    fn list(&mut self, which: Option<usize>) -> &mut List {
        match which {
            Some(b) => &mut self.free[b],
            None => &mut self.lru,
        }
    }

    fn link_tail(&mut self, which: Option<usize>, c: u32) {
        let l = self.list(which);
        let old = l.tail;
        l.tail = c;
        if old == NIL {
            l.head = c;
        }
        l.len += 1;
        self.chunks[c as usize].lprev = old;
        self.chunks[c as usize].lnext = NIL;
        if old != NIL {
            self.chunks[old as usize].lnext = c;
        }
    }

    fn unlink(&mut self, which: Option<usize>, c: u32) {
        let (p, n) = (self.chunks[c as usize].lprev, self.chunks[c as usize].lnext);
        if p == NIL {
            self.list(which).head = n
        } else {
            self.chunks[p as usize].lnext = n
        }
        if n == NIL {
            self.list(which).tail = p
        } else {
            self.chunks[n as usize].lprev = p
        }
        self.list(which).len -= 1;
        self.chunks[c as usize].lprev = NIL;
        self.chunks[c as usize].lnext = NIL;
    }

    /// A freed chunk goes to the END of its free list, so first fit meets the oldest first.
    fn push_free(&mut self, c: u32) {
        let b = bucket_of(self.chunks[c as usize].size);
        self.link_tail(Some(b), c);
    }

    /// First fit: walk the request's bucket, then larger ones, for the first free chunk of at
    /// least `size` bytes. Returns it (still on its list) and the chunks examined.
    pub fn search(&self, size: u32) -> (Option<u32>, u32) {
        let mut examined = 0;
        for b in bucket_of(size)..BUCKET_MIN.len() {
            let mut c = self.free[b].head;
            while c != NIL {
                examined += 1;
                if self.chunks[c as usize].size >= size {
                    return (Some(c), examined);
                }
                c = self.chunks[c as usize].lnext;
            }
        }
        (None, examined)
    }

    /// Take free chunk `c` for `size` bytes: split the rest off onto its free list if it is
    /// at least `MIN_CHUNK`. The chunk becomes `kind`, owned by `obj`, pinned (not on the LRU).
    pub fn take(&mut self, c: u32, size: u32, kind: ChunkKind, obj: u32) {
        let b = bucket_of(self.chunks[c as usize].size);
        self.unlink(Some(b), c);
        let have = self.chunks[c as usize].size;
        if have - size >= MIN_CHUNK {
            let off = self.chunks[c as usize].off + size;
            let r = self.new_chunk(off, have - size, ChunkKind::Free);
            let n = self.chunks[c as usize].next;
            self.chunks[r as usize].prev = c;
            self.chunks[r as usize].next = n;
            if n != NIL {
                self.chunks[n as usize].prev = r;
            }
            self.chunks[c as usize].next = r;
            self.chunks[c as usize].size = size;
            self.push_free(r);
        }
        let ch = &mut self.chunks[c as usize];
        ch.kind = kind;
        ch.obj = obj;
        ch.on_lru = false;
    }

    /// Free chunk `c`, coalescing it with free neighbours; returns the merged free chunk.
    pub fn free(&mut self, c: u32) -> u32 {
        if self.chunks[c as usize].on_lru {
            self.unlink(None, c);
        }
        let mut c = c;
        {
            let ch = &mut self.chunks[c as usize];
            ch.kind = ChunkKind::Free;
            ch.obj = NIL;
            ch.on_lru = false;
        }
        let p = self.chunks[c as usize].prev;
        if p != NIL && self.chunks[p as usize].kind == ChunkKind::Free {
            self.unlink(Some(bucket_of(self.chunks[p as usize].size)), p);
            self.absorb(p, c);
            c = p;
        }
        let n = self.chunks[c as usize].next;
        if n != NIL && self.chunks[n as usize].kind == ChunkKind::Free {
            self.unlink(Some(bucket_of(self.chunks[n as usize].size)), n);
            self.absorb(c, n);
        }
        self.push_free(c);
        c
    }

    /// Merge `b` (the next chunk) into `a`.
    fn absorb(&mut self, a: u32, b: u32) {
        let (bs, bn) = (self.chunks[b as usize].size, self.chunks[b as usize].next);
        self.chunks[a as usize].size += bs;
        self.chunks[a as usize].next = bn;
        if bn != NIL {
            self.chunks[bn as usize].prev = a;
        }
        self.spare.push(b);
    }

    /// A released (unpinned) recreatable chunk goes to the MRU end of the LRU.
    pub fn release(&mut self, c: u32) {
        if !self.chunks[c as usize].on_lru {
            let old = self.lru.head;
            self.lru.head = c;
            if old == NIL {
                self.lru.tail = c;
            } else {
                self.chunks[old as usize].lprev = c;
            }
            self.lru.len += 1;
            self.chunks[c as usize].lprev = NIL;
            self.chunks[c as usize].lnext = old;
            self.chunks[c as usize].on_lru = true;
        }
    }

    /// A pinned chunk leaves the LRU.
    pub fn pin(&mut self, c: u32) {
        if self.chunks[c as usize].on_lru {
            self.unlink(None, c);
            self.chunks[c as usize].on_lru = false;
        }
    }

    /// The chunk at the LRU end: the next to flush.
    pub fn lru_tail(&self) -> Option<u32> {
        (self.lru.tail != NIL).then_some(self.lru.tail)
    }

    pub fn lru_len(&self) -> u32 {
        self.lru.len
    }

    pub fn free_list_len(&self, b: usize) -> u32 {
        self.free[b].len
    }

    /// Chunks in address order.
    pub fn in_order(&self) -> impl Iterator<Item = &Chunk> + '_ {
        let mut c = self.first;
        std::iter::from_fn(move || {
            if c == NIL {
                return None;
            }
            let ch = &self.chunks[c as usize];
            c = ch.next;
            Some(ch)
        })
    }

    /// Chunks on free list `b`, head first (for tests and views).
    pub fn free_list(&self, b: usize) -> Vec<u32> {
        let mut v = Vec::new();
        let mut c = self.free[b].head;
        while c != NIL {
            v.push(c);
            c = self.chunks[c as usize].lnext;
        }
        v
    }

    /// Chunks on the LRU, MRU first.
    pub fn lru_list(&self) -> Vec<u32> {
        let mut v = Vec::new();
        let mut c = self.lru.head;
        while c != NIL {
            v.push(c);
            c = self.chunks[c as usize].lnext;
        }
        v
    }
}
