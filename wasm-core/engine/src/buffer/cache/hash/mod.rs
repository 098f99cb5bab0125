//! Cache buffers chains: buffer headers hang on hash chains, `bucket = hash(DBA) mod
//! _db_block_hash_buckets`; bucket b is covered by latch `b mod _db_block_hash_latches`.

use super::lists::NIL;
use group::{Group, Groups, Link, Narrow, Wide, UNLINKED};

mod group;

/// Data block address: relative file number in the top 10 bits, block in the low 22, as
/// Oracle writes it. The model puts segment `s` in file `s + 1`, block `k` at block `k + 1`
/// (block 0 of a file is its header), so a DBA is never 0 and 0 can mean "no block".
#[inline]
pub fn dba(seg: u32, block: u32) -> u32 {
    ((seg + 1) << 22) | (block + 1)
}

/// Segment index and block of a DBA made by [`dba`].
#[inline]
pub fn split_dba(dba: u32) -> (u32, u32) {
    ((dba >> 22) - 1, (dba & 0x3F_FFFF) - 1)
}

/// The hash function, fixed so the UI can show it:
/// `h = dba ^ (dba >> 16); h = h × 0x45D9F3B (mod 2^32); h = h ^ (h >> 16); bucket = h mod buckets`.
/// It spreads consecutive blocks of a segment over the buckets.
#[inline]
pub fn hash(dba: u32) -> u32 {
    let mut h = dba ^ (dba >> 16);
    h = h.wrapping_mul(0x045D_9F3B);
    h ^ (h >> 16)
}

/// `x mod d` by multiplication (Lemire's fastmod): the same result as `%`, without a
/// division on the lookup path.
#[derive(Debug, Clone, Copy)]
pub struct FastMod {
    d: u32,
    m: u64,
}

impl FastMod {
    pub fn new(d: u32) -> Self {
        FastMod {
            d,
            m: (u64::MAX / d as u64).wrapping_add(1),
        }
    }
    /// The high 64 bits of `low × d` from 64-bit products only (cheap in wasm too).
    #[inline]
    pub fn reduce(self, x: u32) -> u32 {
        let low = self.m.wrapping_mul(x as u64);
        let d = self.d as u64;
        let hi = (low >> 32) * d;
        let lo = (low & 0xFFFF_FFFF) * d;
        ((hi + (lo >> 32)) >> 32) as u32
    }
}

/// Run `$body` with `$g` bound to the bucket's group, whichever its layout.
macro_rules! with_group {
    ($groups:expr, $bucket:expr, |$g:ident| $body:expr) => {
        match $groups {
            Groups::Wide(v) => {
                let $g = &mut v[$bucket as usize].0;
                $body
            }
            Groups::Narrow(v) => {
                let $g = &mut v[$bucket as usize].0;
                $body
            }
        }
    };
}

/// The chains, laid out so that a lookup reads one cache line (issue #12: `perf` put 40 % of
/// an 8.0 replay at 100,000 buffers in the dependent loads of a chain walk, 4.3 entries at
/// one cache miss each, and 15 % in reading the bucket). A bucket holds its gets, its chain's
/// length and the chain's first entries, `{dba, buffer}`, in walk order; a longer chain goes
/// on as a linked list through the per-buffer table (`links`, `prev`) from `tail[bucket]`.
/// The layout follows the mean chain length: 7 entries in a 64-byte line when there are at
/// least two buffers a bucket (8.0's default: 4), else one entry in 16 bytes (8i's default:
/// 2 buckets a buffer). The order of a chain, what a walk compares and counts,
/// and every figure are those of a plain linked chain with inserts at the head (a test
/// checks this against one).
#[derive(Debug, Clone)]
pub struct HashChains {
    groups: Groups,
    buckets: u32,
    /// How many times a bucket's 32-bit gets count wrapped, for the buckets where it did (a
    /// wrap takes 2^32 gets of one bucket: kept apart, not 4 bytes on every bucket).
    wraps: Vec<(u32, u32)>,
    /// Per bucket, the first buffer of the chain past its group (NIL: none).
    tail: Vec<u32>,
    /// Per buffer on a tail: its DBA and the next buffer there; the previous buffer on the
    /// tail (only unlinking needs it, so it lives apart).
    links: Vec<Link>,
    prev: Vec<u32>,
    modulo: FastMod,
    /// `bucket mod latches`, also without a division.
    latch_of: FastMod,
    pub latches: u32,
    pub lookups: u64,
    pub walked: u64,
    pub max_walk: u32,
}

/// The outcome of one lookup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lookup {
    pub bucket: u32,
    pub latch: u32,
    /// Headers compared before the walk ended.
    pub walked: u32,
    pub found: u32,
}

impl HashChains {
    /// Chains for `buffers` buffer headers over `buckets` buckets.
    pub fn new(buffers: usize, buckets: u32, latches: u32) -> Self {
        let n = buckets as usize;
        let groups = if buffers >= 2 * n {
            Groups::Wide(vec![Wide(Group::EMPTY); n])
        } else {
            Groups::Narrow(vec![Narrow(Group::EMPTY); n])
        };
        HashChains {
            groups,
            buckets,
            wraps: Vec::new(),
            tail: vec![NIL; n],
            links: vec![UNLINKED; buffers],
            prev: vec![NIL; buffers],
            modulo: FastMod::new(buckets),
            latch_of: FastMod::new(latches),
            latches,
            lookups: 0,
            walked: 0,
            max_walk: 0,
        }
    }

    pub fn bucket_count(&self) -> u32 {
        self.buckets
    }

    /// Buffers on a bucket's chain.
    pub fn chain_len(&self, bucket: u32) -> u32 {
        self.header(bucket).1
    }

    /// A bucket's (gets, chain length).
    fn header(&self, bucket: u32) -> (u32, u32) {
        match &self.groups {
            Groups::Wide(v) => (v[bucket as usize].0.gets(), v[bucket as usize].0.len()),
            Groups::Narrow(v) => (v[bucket as usize].0.gets(), v[bucket as usize].0.len()),
        }
    }

    /// Bytes the chains hold (for memory estimates).
    pub fn approx_bytes(&self) -> u64 {
        let groups = match &self.groups {
            Groups::Wide(v) => v.len() * 64,
            Groups::Narrow(v) => v.len() * 16,
        };
        groups as u64 + self.buckets as u64 * 4 + self.links.len() as u64 * 12
    }

    #[inline]
    pub fn bucket_of(&self, dba: u32) -> u32 {
        self.modulo.reduce(hash(dba))
    }

    /// Whether the buckets take more memory than a core's own caches are likely to hold
    /// (256 KiB): then a lookup's bucket is likely a cache miss, worth reading ahead
    /// ([`Self::touch`]).
    pub fn large(&self) -> bool {
        let bytes = match &self.groups {
            Groups::Wide(v) => v.len() * 64,
            Groups::Narrow(v) => v.len() * 16,
        };
        bytes > 256 << 10
    }

    /// Read the line of `dba`'s bucket before its lookup, so that its cache miss overlaps the
    /// work before it: a plain load whose value goes nowhere (`black_box` keeps it), the
    /// portable stand-in for a prefetch instruction (issue 30).
    #[inline(always)]
    pub fn touch(&self, dba: u32) {
        let bucket = self.bucket_of(dba) as usize;
        std::hint::black_box(match &self.groups {
            Groups::Wide(v) => v[bucket].0.gets(),
            Groups::Narrow(v) => v[bucket].0.gets(),
        });
    }

    /// Walk the bucket's chain under its latch, comparing DBAs. Always inlined, as `insert`
    /// and `remove` are: in a caller that does not read the latch (the trace replay's short
    /// path) its computation goes, and the caller's loads and this one's overlap (issue 30).
    #[inline(always)]
    pub fn lookup(&mut self, dba: u32) -> Lookup {
        let bucket = self.bucket_of(dba);
        let latch = self.latch_of.reduce(bucket);
        let (k, held, len, mut found) = with_group!(&mut self.groups, bucket, |g| {
            *g.gets_mut() = g.gets().wrapping_add(1);
            if g.gets() == 0 {
                match self.wraps.iter_mut().find(|(b, _)| *b == bucket) {
                    Some((_, w)) => *w += 1,
                    None => self.wraps.push((bucket, 1)),
                }
            }
            let k = g.position(&g.dba, dba);
            let found = if k > 0 { g.buf[k - 1] } else { NIL };
            (k as u32, g.held() as u32, g.len(), found)
        });
        let mut walked = if k > 0 { k } else { held };
        if k == 0 && len > held {
            let mut i = self.tail[bucket as usize];
            while i != NIL {
                walked += 1;
                let link = self.links[i as usize];
                if link.dba == dba {
                    found = i;
                    break;
                }
                i = link.next;
            }
        }
        self.lookups += 1;
        self.walked += walked as u64;
        self.max_walk = self.max_walk.max(walked);
        Lookup {
            bucket,
            latch,
            walked,
            found,
        }
    }

    /// Hang buffer `i`, now holding `dba`, at the head of the chain of `bucket` (its bucket).
    #[inline(always)]
    pub fn insert(&mut self, i: u32, dba: u32, bucket: u32) {
        let (tail, links, prev) = (&mut self.tail, &mut self.links, &mut self.prev);
        with_group!(&mut self.groups, bucket, |g| {
            if g.held() == g.dba.len() - 1 {
                // The group is full: its last entry becomes the head of the tail.
                let last = g.held() - 1;
                let (d, b) = (g.dba[last], g.buf[last]);
                let t = tail[bucket as usize];
                links[b as usize] = Link { dba: d, next: t };
                prev[b as usize] = NIL;
                if t != NIL {
                    prev[t as usize] = b;
                }
                tail[bucket as usize] = b;
            }
            g.push_front(dba, i);
            *g.len_mut() += 1;
        })
    }

    /// Empty every chain; the statistics go on.
    pub fn clear(&mut self) {
        fn empty<const L: usize>(g: &mut Group<L>) {
            let gets = g.gets();
            *g = Group::EMPTY;
            *g.gets_mut() = gets;
        }
        match &mut self.groups {
            Groups::Wide(v) => v.iter_mut().for_each(|w| empty(&mut w.0)),
            Groups::Narrow(v) => v.iter_mut().for_each(|w| empty(&mut w.0)),
        }
        self.tail.fill(NIL);
        self.links.fill(UNLINKED);
        self.prev.fill(NIL);
    }

    /// Take buffer `i` off the chain of `dba`, the block it holds (the caller has it in the
    /// buffer's header, so a buffer held in its bucket's group costs only that group).
    #[inline(always)]
    pub fn remove(&mut self, i: u32, dba: u32) {
        let bucket = self.bucket_of(dba);
        let (tail, links, prev) = (&mut self.tail, &mut self.links, &mut self.prev);
        with_group!(&mut self.groups, bucket, |g| {
            let k = g.position(&g.buf, i);
            if k > 0 {
                let last = if g.len() as usize > g.held() {
                    // The tail's head moves up into the group.
                    let t = tail[bucket as usize];
                    let Link { dba, next } = links[t as usize];
                    tail[bucket as usize] = next;
                    if next != NIL {
                        prev[next as usize] = NIL;
                    }
                    (dba, t)
                } else {
                    (0, NIL)
                };
                g.take_out(k - 1, last);
            } else {
                let Link { dba: d, next: n } = links[i as usize];
                debug_assert_eq!(d, dba, "buffer {i} is on the chain of the block it holds");
                let p = prev[i as usize];
                if p != NIL {
                    links[p as usize].next = n;
                } else {
                    tail[bucket as usize] = n;
                }
                if n != NIL {
                    prev[n as usize] = p;
                }
            }
            *g.len_mut() -= 1;
        })
    }

    /// The length of every chain, in bucket order, into `out` (cleared first): what the chains
    /// view draws.
    pub fn lengths_into(&self, out: &mut Vec<u32>) {
        out.clear();
        match &self.groups {
            Groups::Wide(v) => out.extend(v.iter().map(|w| w.0.len())),
            Groups::Narrow(v) => out.extend(v.iter().map(|w| w.0.len())),
        }
    }

    /// Gets of each cache buffers chains latch: latch `l` covers the buckets `b` with
    /// `b mod latches = l`.
    pub fn latch_gets(&self) -> Vec<u64> {
        let mut out = vec![0u64; self.latches as usize];
        for b in 0..self.buckets {
            out[self.latch_of.reduce(b) as usize] += self.header(b).0 as u64;
        }
        for &(b, w) in &self.wraps {
            out[self.latch_of.reduce(b) as usize] += (w as u64) << 32;
        }
        out
    }

    /// The buffers on a bucket's chain, in walk order.
    pub fn chain(&self, bucket: u32) -> Vec<u32> {
        let mut out: Vec<u32> = match &self.groups {
            Groups::Wide(v) => {
                let g = &v[bucket as usize].0;
                g.buf[..g.held()].to_vec()
            }
            Groups::Narrow(v) => {
                let g = &v[bucket as usize].0;
                g.buf[..g.held()].to_vec()
            }
        };
        let mut i = self.tail[bucket as usize];
        while i != NIL {
            out.push(i);
            i = self.links[i as usize].next;
        }
        out
    }
}

#[cfg(test)]
mod tests;
