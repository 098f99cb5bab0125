//! A bucket's cache line: the first entries of its chain with its gets and length, in two
//! layouts (8.0's 64-byte line, 8i's 16 bytes), and the links of a chain's tail past it.

use super::NIL;

/// A buffer's entry on a chain's linked tail (past its bucket's line): the DBA it is hashed
/// under and the next buffer there. Not kept for a buffer held in the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub(super) struct Link {
    pub(super) dba: u32,
    pub(super) next: u32,
}

pub(super) const UNLINKED: Link = Link { dba: 0, next: NIL };

/// One bucket of `L` lanes: the first `L − 1` entries of its chain in walk order, DBAs and
/// buffers in two arrays (a walk compares all the DBAs at once), and in the last lane its
/// gets (the low 32 bits) and its chain's length. `Group<8>` is 64 bytes, `Group<2>` 16.
#[derive(Debug, Clone, Copy)]
#[repr(C)]
pub(super) struct Group<const L: usize> {
    pub(super) dba: [u32; L],
    pub(super) buf: [u32; L],
}

impl<const L: usize> Group<L> {
    pub(super) const EMPTY: Self = Group {
        dba: [0; L],
        buf: {
            let mut b = [NIL; L];
            b[L - 1] = 0;
            b
        },
    };

    #[inline(always)]
    pub(super) fn gets(&self) -> u32 {
        self.dba[L - 1]
    }

    #[inline(always)]
    pub(super) fn gets_mut(&mut self) -> &mut u32 {
        &mut self.dba[L - 1]
    }

    #[inline(always)]
    pub(super) fn len(&self) -> u32 {
        self.buf[L - 1]
    }

    #[inline(always)]
    pub(super) fn len_mut(&mut self) -> &mut u32 {
        &mut self.buf[L - 1]
    }

    /// Entries held here: the chain's first `min(len, L − 1)`.
    #[inline(always)]
    pub(super) fn held(&self) -> usize {
        (self.len() as usize).min(L - 1)
    }

    /// 1 + the position of `x` among the held entries of `keys`, 0 if absent. All `L` lanes
    /// are compared at once, with no early exit (no branch to mispredict); lanes past the
    /// chain hold stale entries, and the last lane the header, so they are masked off. Keys
    /// are unique on a chain.
    #[inline(always)]
    pub(super) fn position(&self, keys: &[u32; L], x: u32) -> usize {
        let mut mask = 0u32;
        for (k, &key) in keys.iter().enumerate() {
            mask |= ((key == x) as u32) << k;
        }
        mask &= (1u32 << self.held()) - 1;
        if mask == 0 {
            0
        } else {
            mask.trailing_zeros() as usize + 1
        }
    }

    /// Put an entry at the head; the last held one falls off (the caller has moved it on).
    #[inline(always)]
    pub(super) fn push_front(&mut self, dba: u32, buf: u32) {
        self.dba.copy_within(0..L - 2, 1);
        self.buf.copy_within(0..L - 2, 1);
        self.dba[0] = dba;
        self.buf[0] = buf;
    }

    /// Take out the entry at `p`, closing the gap (each lane from `p` on takes its
    /// successor's entry, by index arithmetic rather than a branch), and put `last` at the
    /// end of the held entries.
    #[inline(always)]
    pub(super) fn take_out(&mut self, p: usize, last: (u32, u32)) {
        let (dba, buf) = (self.dba, self.buf);
        for j in 0..L - 1 {
            // each lane blends itself and its successor by a mask of `j >= p`: no index
            // computed from `p`, which compiled to branches that mispredicted (issue 30)
            let later = ((j >= p) as u32).wrapping_neg();
            self.dba[j] = (dba[j] & !later) | (dba[j + 1] & later);
            self.buf[j] = (buf[j] & !later) | (buf[j + 1] & later);
        }
        let end = self.held() - 1;
        (self.dba[end], self.buf[end]) = last;
    }
}

/// A bucket of 8.0's layout, one cache line.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(64))]
pub(super) struct Wide(pub(super) Group<8>);

/// A bucket of 8i's layout, a quarter of a cache line.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(16))]
pub(super) struct Narrow(pub(super) Group<2>);

#[derive(Debug, Clone)]
pub(super) enum Groups {
    Wide(Vec<Wide>),
    Narrow(Vec<Narrow>),
}
