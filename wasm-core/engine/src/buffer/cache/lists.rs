//! Buffer headers (structure of arrays, so the UI can view them as typed arrays) and the
//! doubly linked replacement and write lists of each working set.
//!
//! A working set's replacement list runs from the **hot head** (MRU) through the **midpoint**
//! (`cold_head`, the first cold buffer) to the **cold tail** (LRU). The hot region is the
//! first `hot_len` buffers. Profile 8.0 keeps `hot_max = 0`, so the whole list is "cold" and
//! the cold head is the MRU head.

use crate::common::PoolId;

pub use crate::common::NIL;

/// Bits of a buffer's `flags`.
pub mod flag {
    /// Changed and not yet written.
    pub const DIRTY: u8 = 1;
    /// In the hot region of its replacement list.
    pub const HOT: u8 = 2;
    /// On its working set's write list, waiting for DBWR.
    pub const ON_WRITE_LIST: u8 = 4;
    /// In a DBWR batch being written.
    pub const WRITING: u8 = 8;
    /// Last read by a full scan (X$BH io_type SEQUENTIAL).
    pub const SCAN: u8 = 16;
    /// Never used since startup (X$BH state FREE).
    pub const FREE: u8 = 32;
    /// Its block is also in the OS page cache (double buffering, seed 003).
    pub const OS_CACHED: u8 = 64;
}

/// Per-buffer state, one entry per `buf#`.
#[derive(Debug, Clone)]
pub struct Buffers {
    /// Data block address held (`file << 22 | block`); 0 while the buffer is free.
    pub dba: Vec<u32>,
    pub tch: Vec<u32>,
    /// Simulated time (ns) of the last touch-count increment.
    pub tim: Vec<u64>,
    pub flags: Vec<u8>,
    /// Working set of the buffer.
    pub set: Vec<u32>,
    /// Replacement- or write-list links, side by side: relinking a buffer reads both, and
    /// one 8-byte record is one cache line where two arrays were two.
    pub link: Vec<Nbr>,
}

/// A buffer's neighbours on the list it is on (`NIL`: none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Nbr {
    pub prev: u32,
    pub next: u32,
}

impl Buffers {
    pub fn new(n: usize) -> Self {
        Buffers {
            dba: vec![0; n],
            tch: vec![0; n],
            tim: vec![0; n],
            flags: vec![flag::FREE; n],
            set: vec![0; n],
            link: vec![
                Nbr {
                    prev: NIL,
                    next: NIL
                };
                n
            ],
        }
    }

    pub fn len(&self) -> usize {
        self.dba.len()
    }

    pub fn is_empty(&self) -> bool {
        self.dba.is_empty()
    }

    #[inline]
    pub fn has(&self, i: u32, f: u8) -> bool {
        self.flags[i as usize] & f != 0
    }
}

/// One LRU latch's working set: its buffers `lo..hi`, its replacement list and write list.
#[derive(Debug, Clone)]
pub struct WorkingSet {
    pub pool: PoolId,
    pub lo: u32,
    pub hi: u32,
    /// Most buffers the hot region may hold: `floor(size × _db_percent_hot / 100)`.
    pub hot_max: u32,
    pub head: u32,
    pub tail: u32,
    /// The midpoint: first buffer of the cold region, NIL when there is none.
    pub cold_head: u32,
    pub len: u32,
    pub hot_len: u32,
    /// Buffers `next_free..hi` have never been used.
    pub next_free: u32,
    /// Buffers the policy let go of outside the victim scan (LIRS), free again: taken
    /// before the never-used ones.
    pub freed: Vec<u32>,
    pub wl_head: u32,
    pub wl_tail: u32,
    pub wl_len: u32,
    pub dbwr: u32,
    /// Gets of this set's cache buffers lru chain latch: one for every buffer a miss takes
    /// (`get_buffer`) and one for every hit that relinks its buffer (8.0's move to the MRU
    /// head, a policy's move between regions); 8i's touch-count hit takes none. V$LATCH_CHILDREN
    /// reads it (`read/latches.rs`).
    pub lru_gets: u64,
}

impl WorkingSet {
    pub fn new(pool: PoolId, lo: u32, hi: u32, percent_hot: u32, dbwr: u32) -> Self {
        let size = hi - lo;
        WorkingSet {
            pool,
            lo,
            hi,
            hot_max: (size as u64 * percent_hot as u64 / 100) as u32,
            head: NIL,
            tail: NIL,
            cold_head: NIL,
            len: 0,
            hot_len: 0,
            next_free: lo,
            freed: Vec::new(),
            wl_head: NIL,
            wl_tail: NIL,
            wl_len: 0,
            dbwr,
            lru_gets: 0,
        }
    }

    pub fn size(&self) -> u32 {
        self.hi - self.lo
    }

    pub fn free_count(&self) -> u32 {
        self.hi - self.next_free + self.freed.len() as u32
    }
}

/// Take buffer `i` off the replacement list, keeping the midpoint and hot count right.
/// Always inlined, as `insert_cold_head` is: every hit and miss under LRU takes both, and
/// inlining them with the hash chain's steps took a tenth off the trace replay (issue 30).
#[inline(always)]
pub fn unlink_repl(b: &mut Buffers, ws: &mut WorkingSet, i: u32) {
    let (p, n) = (b.link[i as usize].prev, b.link[i as usize].next);
    if ws.cold_head == i {
        ws.cold_head = n;
    }
    if b.flags[i as usize] & flag::HOT != 0 {
        ws.hot_len -= 1;
        b.flags[i as usize] &= !flag::HOT;
    }
    if p != NIL {
        b.link[p as usize].next = n;
    } else {
        ws.head = n;
    }
    if n != NIL {
        b.link[n as usize].prev = p;
    } else {
        ws.tail = p;
    }
    b.link[i as usize].prev = NIL;
    b.link[i as usize].next = NIL;
    ws.len -= 1;
}

/// Insert `i` as the new first cold buffer (the midpoint; the MRU head under 8.0).
#[inline(always)]
pub fn insert_cold_head(b: &mut Buffers, ws: &mut WorkingSet, i: u32) {
    let at = ws.cold_head;
    if at == NIL {
        push_tail(b, ws, i);
    } else {
        let p = b.link[at as usize].prev;
        b.link[i as usize].prev = p;
        b.link[i as usize].next = at;
        b.link[at as usize].prev = i;
        if p != NIL {
            b.link[p as usize].next = i;
        } else {
            ws.head = i;
        }
        ws.len += 1;
    }
    ws.cold_head = i;
}

/// Append `i` at the cold (LRU) tail.
pub fn insert_cold_tail(b: &mut Buffers, ws: &mut WorkingSet, i: u32) {
    push_tail(b, ws, i);
    if ws.cold_head == NIL {
        ws.cold_head = i;
    }
}

/// Insert `i` as the last hot buffer (just before the midpoint). S3-FIFO puts a buffer DBWR
/// wrote back at its main queue's tail there.
pub fn insert_hot_tail(b: &mut Buffers, ws: &mut WorkingSet, i: u32) {
    let midpoint = ws.cold_head;
    insert_cold_head(b, ws, i);
    ws.cold_head = midpoint;
    b.flags[i as usize] |= flag::HOT;
    ws.hot_len += 1;
}

/// Put `i` back at the eviction end of the region it was in: the last hot buffer's place if
/// `hot`, else the cold tail (where a two-region policy's buffer DBWR wrote comes back).
pub fn insert_region_tail(b: &mut Buffers, ws: &mut WorkingSet, i: u32, hot: bool) {
    if hot {
        insert_hot_tail(b, ws, i);
    } else {
        insert_cold_tail(b, ws, i);
    }
}

/// Insert `i` right after cold buffer `at` (toward the tail), in the cold region; `at` NIL: at
/// the cold head. CLOCK puts a new block there, just behind its hand.
pub fn insert_after(b: &mut Buffers, ws: &mut WorkingSet, at: u32, i: u32) {
    if at == NIL {
        insert_cold_head(b, ws, i);
        return;
    }
    debug_assert!(b.flags[at as usize] & flag::HOT == 0);
    let n = b.link[at as usize].next;
    b.link[i as usize].prev = at;
    b.link[i as usize].next = n;
    b.link[at as usize].next = i;
    if n != NIL {
        b.link[n as usize].prev = i;
    } else {
        ws.tail = i;
    }
    ws.len += 1;
}

fn push_tail(b: &mut Buffers, ws: &mut WorkingSet, i: u32) {
    b.link[i as usize].prev = ws.tail;
    b.link[i as usize].next = NIL;
    if ws.tail != NIL {
        b.link[ws.tail as usize].next = i;
    } else {
        ws.head = i;
    }
    ws.tail = i;
    ws.len += 1;
}

/// Insert `i` at the hot head, in the hot region.
pub fn insert_hot_head(b: &mut Buffers, ws: &mut WorkingSet, i: u32) {
    b.link[i as usize].prev = NIL;
    b.link[i as usize].next = ws.head;
    if ws.head != NIL {
        b.link[ws.head as usize].prev = i;
    } else {
        ws.tail = i;
    }
    ws.head = i;
    ws.len += 1;
    ws.hot_len += 1;
    b.flags[i as usize] |= flag::HOT;
}

/// The last buffer of the hot region, which cooling moves across the midpoint. Cooling does
/// not move it in the list: it is already next to the midpoint; only the midpoint moves.
pub fn last_hot(b: &Buffers, ws: &WorkingSet) -> u32 {
    if ws.hot_len == 0 {
        NIL
    } else if ws.cold_head == NIL {
        ws.tail
    } else {
        b.link[ws.cold_head as usize].prev
    }
}

/// Move the last hot buffer across the midpoint.
pub fn cool_one(b: &mut Buffers, ws: &mut WorkingSet) -> u32 {
    let i = last_hot(b, ws);
    debug_assert!(i != NIL);
    b.flags[i as usize] &= !flag::HOT;
    ws.hot_len -= 1;
    ws.cold_head = i;
    i
}

/// Append `i` to the write list.
pub fn push_write_list(b: &mut Buffers, ws: &mut WorkingSet, i: u32) {
    b.link[i as usize].prev = ws.wl_tail;
    b.link[i as usize].next = NIL;
    if ws.wl_tail != NIL {
        b.link[ws.wl_tail as usize].next = i;
    } else {
        ws.wl_head = i;
    }
    ws.wl_tail = i;
    ws.wl_len += 1;
    b.flags[i as usize] |= flag::ON_WRITE_LIST;
}

/// Take the first buffer off the write list.
pub fn pop_write_list(b: &mut Buffers, ws: &mut WorkingSet) -> u32 {
    let i = ws.wl_head;
    if i == NIL {
        return NIL;
    }
    let n = b.link[i as usize].next;
    ws.wl_head = n;
    if n != NIL {
        b.link[n as usize].prev = NIL;
    } else {
        ws.wl_tail = NIL;
    }
    b.link[i as usize].next = NIL;
    ws.wl_len -= 1;
    b.flags[i as usize] &= !flag::ON_WRITE_LIST;
    i
}

/// The replacement list from hot head to cold tail.
pub fn repl_order(b: &Buffers, ws: &WorkingSet, out: &mut Vec<u32>) {
    walk(b, ws.head, ws.size(), out);
}

/// The write list from first to last.
pub fn write_order(b: &Buffers, ws: &WorkingSet, out: &mut Vec<u32>) {
    walk(b, ws.wl_head, ws.size(), out);
}

/// Follow the `next` links from `i`, at most `most` buffers: no list of a set holds more than
/// the set has, so a list broken into a ring (issue 44: the view's layout walked one until
/// wasm memory ran out) shows as a buffer listed twice, which the tests see, instead of a
/// walk without end.
fn walk(b: &Buffers, mut i: u32, most: u32, out: &mut Vec<u32>) {
    for _ in 0..most {
        if i == NIL {
            return;
        }
        out.push(i);
        i = b.link[i as usize].next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(n: u32, pct: u32) -> (Buffers, WorkingSet) {
        (
            Buffers::new(n as usize),
            WorkingSet::new(PoolId::Default, 0, n, pct, 0),
        )
    }

    fn order(b: &Buffers, ws: &WorkingSet) -> Vec<u32> {
        let mut v = Vec::new();
        repl_order(b, ws, &mut v);
        v
    }

    /// Checks links both ways, the midpoint and the hot count.
    fn check(b: &Buffers, ws: &WorkingSet) {
        let o = order(b, ws);
        assert_eq!(o.len() as u32, ws.len);
        let mut back = Vec::new();
        let mut i = ws.tail;
        while i != NIL {
            back.push(i);
            i = b.link[i as usize].prev;
        }
        back.reverse();
        assert_eq!(o, back);
        let hot: Vec<bool> = o.iter().map(|&i| b.has(i, flag::HOT)).collect();
        let first_cold = hot.iter().position(|h| !h);
        assert!(hot.iter().skip(first_cold.unwrap_or(o.len())).all(|h| !h));
        assert_eq!(ws.hot_len as usize, first_cold.unwrap_or(o.len()));
        assert_eq!(ws.cold_head, first_cold.map(|k| o[k]).unwrap_or(NIL));
    }

    #[test]
    fn midpoint_insertion_and_cooling() {
        let (mut b, mut ws) = setup(10, 50);
        for i in 0..4 {
            insert_cold_head(&mut b, &mut ws, i);
            check(&b, &ws);
        }
        assert_eq!(order(&b, &ws), vec![3, 2, 1, 0]);
        unlink_repl(&mut b, &mut ws, 0);
        insert_hot_head(&mut b, &mut ws, 0);
        check(&b, &ws);
        unlink_repl(&mut b, &mut ws, 1);
        insert_hot_head(&mut b, &mut ws, 1);
        check(&b, &ws);
        assert_eq!(order(&b, &ws), vec![1, 0, 3, 2]);
        assert_eq!(ws.cold_head, 3);
        // cooling the last hot buffer only moves the midpoint
        assert_eq!(cool_one(&mut b, &mut ws), 0);
        check(&b, &ws);
        assert_eq!(order(&b, &ws), vec![1, 0, 3, 2]);
        assert_eq!(ws.cold_head, 0);
        insert_cold_head(&mut b, &mut ws, 5);
        assert_eq!(order(&b, &ws), vec![1, 5, 0, 3, 2]);
        insert_cold_tail(&mut b, &mut ws, 6);
        check(&b, &ws);
        assert_eq!(order(&b, &ws), vec![1, 5, 0, 3, 2, 6]);
        insert_after(&mut b, &mut ws, 2, 7);
        check(&b, &ws);
        insert_after(&mut b, &mut ws, 6, 8);
        check(&b, &ws);
        assert_eq!(order(&b, &ws), vec![1, 5, 0, 3, 2, 7, 6, 8]);
        for i in [7, 8] {
            unlink_repl(&mut b, &mut ws, i);
        }
        insert_hot_tail(&mut b, &mut ws, 9);
        check(&b, &ws);
        assert_eq!(order(&b, &ws), vec![1, 9, 5, 0, 3, 2, 6]);
        unlink_repl(&mut b, &mut ws, 9);
        for i in [1, 6, 3, 5, 0, 2] {
            unlink_repl(&mut b, &mut ws, i);
            check(&b, &ws);
        }
        assert_eq!(ws.head, NIL);
    }

    #[test]
    fn a_walk_ends_at_the_set_size_even_on_a_ring() {
        let (mut b, mut ws) = setup(4, 0);
        for i in 0..3 {
            insert_cold_head(&mut b, &mut ws, i);
        }
        push_write_list(&mut b, &mut ws, 3);
        // a broken list: the tail points back at the head, the write list at itself
        b.link[ws.tail as usize].next = ws.head;
        b.link[3].next = 3;
        let (mut repl, mut write) = (Vec::new(), Vec::new());
        repl_order(&b, &ws, &mut repl);
        write_order(&b, &ws, &mut write);
        assert_eq!(repl, [2, 1, 0, 2]);
        assert_eq!(write, [3; 4]);
    }

    #[test]
    fn write_list_fifo() {
        let (mut b, mut ws) = setup(4, 0);
        push_write_list(&mut b, &mut ws, 2);
        push_write_list(&mut b, &mut ws, 0);
        assert_eq!(ws.wl_len, 2);
        assert_eq!(pop_write_list(&mut b, &mut ws), 2);
        assert_eq!(pop_write_list(&mut b, &mut ws), 0);
        assert_eq!(pop_write_list(&mut b, &mut ws), NIL);
        assert!(!b.has(0, flag::ON_WRITE_LIST));
    }
}
