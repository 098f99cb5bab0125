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

/// Spatial sampling (docs/model.md §3.4): which blocks a sampled run keeps and how large its
/// cache is. SHARDS (Waldspurger, Park, Garthwaite, Ahmad, "Efficient MRC Construction with
/// SHARDS", FAST 2015) keeps a reference when `hash(block) mod P < T`, `T = R·P`: every
/// reference to a kept block is kept, so each kept block's reuse pattern is exact, and the
/// sample holds about `R` of the distinct blocks. Miniature simulation (Waldspurger,
/// Saemundsson, Ahmad, Park, "Cache Modeling and Optimization using Miniature Simulations",
/// USENIX ATC 2017) feeds that sample to a cache of `R × C` buffers to estimate any policy at
/// `C`. The hash is SplitMix64's output function (Steele, Lea, Flood, "Fast Splittable
/// Pseudorandom Number Generators", OOPSLA 2014: the golden-gamma step, then the `mix64`
/// finaliser), fixed so that a sample is the same on every machine and in every release.
pub mod sample {
    /// The modulus of the hash test: 2^24 slots, so the smallest rate (10^-5) keeps 168 of them.
    pub const P: u64 = 1 << 24;

    /// The fewest buffers a sampled pool keeps, whatever `round(C × R)` says: the smallest
    /// working set the model runs anywhere (`teaching.small_cache`'s 4). A pool held at the
    /// floor is larger than its share, and the report says so.
    pub const MIN_SAMPLED_BUFFERS: u64 = 4;

    /// SplitMix64 of `key`: the state step (+ the golden gamma) and the mix64 finaliser.
    #[inline]
    pub fn hash(key: u64) -> u64 {
        let mut z = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The threshold `T` of a rate: `round(R·P)`, at least 1.
    pub fn threshold(rate: f64) -> u64 {
        ((rate * P as f64).round() as u64).clamp(1, P)
    }

    /// The rate the filter really keeps: `T / P` (0.01 → 167,772 / 2^24 = 0.0099999…).
    pub fn effective_rate(rate: f64) -> f64 {
        threshold(rate) as f64 / P as f64
    }

    /// Whether the sample keeps the block whose address is `key`.
    #[inline]
    pub fn keeps(key: u64, threshold: u64) -> bool {
        hash(key) % P < threshold
    }

    /// The buffers a pool of `buffers` has in the sampled cache: `round(buffers × rate)`, at
    /// least [`MIN_SAMPLED_BUFFERS`] (an empty pool stays empty).
    pub fn pool_buffers(buffers: u64, rate: f64) -> u64 {
        if buffers == 0 {
            return 0;
        }
        ((buffers as f64 * rate).round() as u64).max(MIN_SAMPLED_BUFFERS.min(buffers))
    }

    /// The largest rate at which a pool of `buffers` is simulated within `limit` buffers,
    /// rounded down to three significant figures (as a message writes it), and the largest
    /// of the round rates 0.5, 0.2, 0.1, 0.05 … under it (as `--sample` takes one).
    pub fn fitting_rate(buffers: u64, limit: u64) -> (f64, f64) {
        let exact = limit as f64 / buffers.max(1) as f64;
        let d = 10f64.powi(2 - exact.log10().floor() as i32);
        let shown = (exact * d).floor() / d;
        let mut round = 1.0;
        for k in 0..30 {
            if round <= exact {
                break;
            }
            round = [5.0, 2.0, 1.0][k % 3] / 10f64.powi(k as i32 / 3 + 1);
        }
        (shown, round)
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
    use super::sample;

    /// The filter keeps about `R` of the distinct blocks (a binomial count: within 4 σ), and
    /// every reference of a kept block: the test is a function of the block alone.
    #[test]
    fn the_hash_filter_keeps_about_r_of_the_distinct_blocks() {
        for rate in [0.5, 0.1, 0.01, 0.001] {
            let t = sample::threshold(rate);
            let n = 1_000_000u64;
            let kept = (0..n).filter(|&k| sample::keeps(k, t)).count() as f64;
            let (mean, sd) = (n as f64 * rate, (n as f64 * rate * (1.0 - rate)).sqrt());
            assert!(
                (kept - mean).abs() < 4.0 * sd,
                "rate {rate}: kept {kept}, expected {mean}"
            );
            // consecutive block addresses (one segment's blocks) are spread like any others
            let seg = (7u64 << 22..(7u64 << 22) + n)
                .filter(|&k| sample::keeps(k, t))
                .count();
            assert!(
                (seg as f64 - mean).abs() < 4.0 * sd,
                "rate {rate}: {seg} of a segment"
            );
        }
        let t = sample::threshold(0.01);
        assert!((0..100).all(|_| sample::keeps(12345, t) == sample::keeps(12345, t)));
        assert_eq!(sample::threshold(1.0), sample::P);
        assert_eq!(sample::threshold(1e-9), 1);
    }

    /// The hash is the fixed SplitMix64 (its published first outputs from seed 0).
    #[test]
    fn the_hash_is_splitmix64() {
        assert_eq!(sample::hash(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(sample::hash(0x9E37_79B9_7F4A_7C15), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn a_sampled_pool_is_round_c_times_r_with_a_floor() {
        assert_eq!(sample::pool_buffers(16_000_000, 0.01), 160_000);
        assert_eq!(sample::pool_buffers(1_234_567, 0.001), 1_235);
        assert_eq!(
            sample::pool_buffers(1_000, 0.001),
            sample::MIN_SAMPLED_BUFFERS
        );
        assert_eq!(sample::pool_buffers(0, 0.01), 0);
        assert_eq!(sample::pool_buffers(2, 0.01), 2);
    }

    #[test]
    fn the_fitting_rate_is_written_down_and_rounded_down() {
        // 512 GB at 8 KB: 64M buffers in an exact limit of 1M
        assert_eq!(sample::fitting_rate(1 << 26, 1 << 20), (0.0156, 0.01));
        assert_eq!(sample::fitting_rate(2_000_000, 1 << 20), (0.524, 0.5));
        assert_eq!(sample::fitting_rate(15_794_176, 1 << 20), (0.0663, 0.05));
    }

    #[test]
    fn counts_group_their_thousands() {
        assert_eq!(grouped(4210), "4,210");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000_000), "1,000,000");
    }
}
