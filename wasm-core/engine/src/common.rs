//! What every layer above may use and nothing here imports: the pool ids, the list sentinel
//! and linked lists, the id hasher, the seeded generator, the limits both simulations and the
//! scenario document share, and how a message writes a large count ([`grouped`]).

use serde::{Deserialize, Serialize};
use std::hash::Hasher;
use ts_rs::TS;

/// No buffer (end of a list, empty chain).
pub const NIL: u32 = u32::MAX;

/// The latest simulated time a run (buffer cache or library cache) may reach, ns: 10^18 ns ≈ 31.7 years. It
/// equals the trace's own limit (`time_ms` ≤ 10^12) and stays 18× below where a `u64` of
/// nanoseconds wraps, so no single step (its costs are bounded by the `cost` limits) can wrap
/// the clock before the run checks it.
pub const MAX_SIM_NS: u64 = 1_000_000_000_000_000_000;

/// Smallest and largest shared pool the model accepts.
pub const MIN_POOL: u64 = 1 << 20;
pub const MAX_POOL: u64 = 1 << 30;

/// The three buffer pools, in V$BUFFER_POOL order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "UPPERCASE")]
#[ts(export, export_to = "buffer/")]
pub enum PoolId {
    Default,
    Keep,
    Recycle,
}

impl PoolId {
    pub const ALL: [PoolId; 3] = [PoolId::Default, PoolId::Keep, PoolId::Recycle];

    pub fn name(self) -> &'static str {
        match self {
            PoolId::Default => "DEFAULT",
            PoolId::Keep => "KEEP",
            PoolId::Recycle => "RECYCLE",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The `_db_percent_hot_<pool>` parameter of this pool.
    pub fn percent_hot_param(self) -> &'static str {
        match self {
            PoolId::Default => "_db_percent_hot_default",
            PoolId::Keep => "_db_percent_hot_keep",
            PoolId::Recycle => "_db_percent_hot_recycle",
        }
    }
}

/// SplitMix64: small, fast, and the same in native code and in wasm.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
    /// Uniform in 0..n (n > 0), without modulo bias worth speaking of for n < 2^32.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() >> 32) * n) >> 32
    }
}

/// Doubly linked lists threaded through two arrays of indices, `NIL` at their ends: the LRU
/// orders of the host's pages and of the OS page cache. Several lists may share the arrays
/// (an index is on one list at a time), each with its own [`Ends`].
#[derive(Debug, Clone, Default)]
pub struct Links {
    prev: Vec<u32>,
    next: Vec<u32>,
}

/// One list's head (most recently used), tail and length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ends {
    pub head: u32,
    pub tail: u32,
    pub len: u32,
}

impl Default for Ends {
    fn default() -> Self {
        Ends::EMPTY
    }
}

impl Ends {
    pub const EMPTY: Ends = Ends {
        head: NIL,
        tail: NIL,
        len: 0,
    };
}

impl Links {
    /// Room for `n` indices, on no list.
    pub fn new(n: usize) -> Links {
        Links {
            prev: vec![NIL; n],
            next: vec![NIL; n],
        }
    }

    /// Room for one index more.
    pub fn grow(&mut self) {
        self.prev.push(NIL);
        self.next.push(NIL);
    }

    /// Take `i` off list `l`.
    #[inline]
    pub fn unlink(&mut self, l: &mut Ends, i: u32) {
        let (p, n) = (self.prev[i as usize], self.next[i as usize]);
        if p == NIL {
            l.head = n;
        } else {
            self.next[p as usize] = n;
        }
        if n == NIL {
            l.tail = p;
        } else {
            self.prev[n as usize] = p;
        }
        l.len -= 1;
    }

    /// Put `i` at the head of list `l`.
    #[inline]
    pub fn push_head(&mut self, l: &mut Ends, i: u32) {
        let h = l.head;
        self.prev[i as usize] = NIL;
        self.next[i as usize] = h;
        if h == NIL {
            l.tail = i;
        } else {
            self.prev[h as usize] = i;
        }
        l.head = i;
        l.len += 1;
    }

    /// The list from `head`, most recently used first.
    pub fn walk(&self, head: u32) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(Some(head).filter(|&i| i != NIL), |&i| {
            Some(self.next[i as usize]).filter(|&n| n != NIL)
        })
    }
}

/// SplitMix64's finaliser as the hash of a u64 key: every bit of the id reaches the table
/// index (std's SipHash is five times slower here and its DoS resistance buys nothing).
#[derive(Default)]
pub struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | b as u64).rotate_left(5);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// `n` with its thousands grouped ("4,210"), as messages and notes write counts.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, ch) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn counts_group_their_thousands() {
        assert_eq!(grouped(4210), "4,210");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000_000), "1,000,000");
    }
}
