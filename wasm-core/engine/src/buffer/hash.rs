//! Cache buffers chains: buffer headers hang on hash chains, `bucket = hash(DBA) mod
//! _db_block_hash_buckets`; bucket b is covered by latch `b mod _db_block_hash_latches`.

use super::lists::NIL;

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

/// One buffer's place on its chain: the DBA it is hashed under and the next buffer, side by
/// side so a walk reads one 8-byte entry per header — one cache line, where separate `dba`
/// and `next` arrays cost two (issue #12: `perf` put 36 % of an 8.0 lookup in the compare).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Link {
    pub dba: u32,
    pub next: u32,
}

const UNLINKED: Link = Link { dba: 0, next: NIL };

/// One hash bucket: the first buffer on its chain and the gets of the bucket (the low 32 bits;
/// `wraps` keeps the rest), side by side, so a lookup reads one 8-byte record for both: in 8.0
/// every bucket has its own latch, and a separate per-latch counter cost a cache miss of its
/// own on every access (cachegrind, 100,000 buffers: 0.93 of 13 L1 misses an access).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Bucket {
    pub head: u32,
    gets: u32,
}

const EMPTY: Bucket = Bucket { head: NIL, gets: 0 };

#[derive(Debug, Clone)]
pub struct HashChains {
    pub buckets: Vec<Bucket>,
    /// Per bucket, how many times its 32-bit gets count wrapped (read only for reports).
    wraps: Vec<u32>,
    /// Per buffer: its chain entry (walked by lookups) and the previous buffer on its chain
    /// (only unlinking needs it, so it lives apart).
    links: Vec<Link>,
    prev: Vec<u32>,
    modulo: FastMod,
    /// `bucket mod latches`, also without a division.
    latch_of: FastMod,
    /// Buffers on each chain, kept so the UI can draw chain lengths without walking.
    pub lens: Vec<u32>,
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
        HashChains {
            buckets: vec![EMPTY; buckets as usize],
            wraps: vec![0; buckets as usize],
            links: vec![UNLINKED; buffers],
            prev: vec![NIL; buffers],
            modulo: FastMod::new(buckets),
            latch_of: FastMod::new(latches),
            lens: vec![0; buckets as usize],
            latches,
            lookups: 0,
            walked: 0,
            max_walk: 0,
        }
    }

    #[inline]
    pub fn bucket_of(&self, dba: u32) -> u32 {
        self.modulo.reduce(hash(dba))
    }

    /// Walk the bucket's chain under its latch, comparing DBAs.
    #[inline]
    pub fn lookup(&mut self, dba: u32) -> Lookup {
        let bucket = self.bucket_of(dba);
        let latch = self.latch_of.reduce(bucket);
        let b = &mut self.buckets[bucket as usize];
        b.gets = b.gets.wrapping_add(1);
        if b.gets == 0 {
            self.wraps[bucket as usize] += 1;
        }
        let mut i = self.buckets[bucket as usize].head;
        let mut walked = 0;
        while i != NIL {
            walked += 1;
            let link = self.links[i as usize];
            if link.dba == dba {
                break;
            }
            i = link.next;
        }
        self.lookups += 1;
        self.walked += walked as u64;
        self.max_walk = self.max_walk.max(walked);
        Lookup {
            bucket,
            latch,
            walked,
            found: i,
        }
    }

    /// Hang buffer `i`, now holding `dba`, at the head of the chain of `bucket` (its bucket).
    pub fn insert(&mut self, i: u32, dba: u32, bucket: u32) {
        let h = self.buckets[bucket as usize].head;
        self.prev[i as usize] = NIL;
        self.links[i as usize] = Link { dba, next: h };
        if h != NIL {
            self.prev[h as usize] = i;
        }
        self.buckets[bucket as usize].head = i;
        self.lens[bucket as usize] += 1;
    }

    /// Empty every chain; the statistics go on.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            b.head = NIL;
        }
        self.lens.fill(0);
        self.links.fill(UNLINKED);
        self.prev.fill(NIL);
    }

    /// Take buffer `i` off the chain of the DBA it was hashed under.
    pub fn remove(&mut self, i: u32) {
        let Link { dba, next: n } = self.links[i as usize];
        let bucket = self.bucket_of(dba);
        let p = self.prev[i as usize];
        if p != NIL {
            self.links[p as usize].next = n;
        } else {
            self.buckets[bucket as usize].head = n;
        }
        if n != NIL {
            self.prev[n as usize] = p;
        }
        self.prev[i as usize] = NIL;
        self.links[i as usize] = UNLINKED;
        self.lens[bucket as usize] -= 1;
    }

    /// Gets of each cache buffers chains latch: latch `l` covers the buckets `b` with
    /// `b mod latches = l`.
    pub fn latch_gets(&self) -> Vec<u64> {
        let mut out = vec![0u64; self.latches as usize];
        for (k, (b, w)) in self.buckets.iter().zip(&self.wraps).enumerate() {
            out[self.latch_of.reduce(k as u32) as usize] += (*w as u64) << 32 | b.gets as u64;
        }
        out
    }

    /// The buffers on a bucket's chain, in walk order.
    pub fn chain(&self, bucket: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut i = self.buckets[bucket as usize].head;
        while i != NIL {
            out.push(i);
            i = self.links[i as usize].next;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dba_round_trip() {
        assert_eq!(split_dba(dba(0, 0)), (0, 0));
        assert_eq!(split_dba(dba(3, 14408)), (3, 14408));
        assert_ne!(dba(0, 0), 0);
    }

    #[test]
    fn chain_walk_counts_and_finds() {
        let mut h = HashChains::new(8, 1, 1); // one bucket: every buffer on one chain
        for i in 0..3u32 {
            h.insert(i, dba(0, i), 0);
        }
        // inserted at the head: chain is 2, 1, 0
        assert_eq!(h.chain(0), vec![2, 1, 0]);
        let l = h.lookup(dba(0, 0));
        assert_eq!((l.found, l.walked), (0, 3));
        let miss = h.lookup(dba(0, 7));
        assert_eq!((miss.found, miss.walked), (NIL, 3));
        h.remove(1);
        assert_eq!(h.chain(0), vec![2, 0]);
        assert_eq!(h.lens[0], 2);
        assert_eq!(h.latch_gets(), vec![2]);
        // unlinking the middle shortens the walk; the tail and the head unlink cleanly
        assert_eq!(h.lookup(dba(0, 0)).walked, 2);
        h.remove(0);
        assert_eq!(h.chain(0), vec![2]);
        h.remove(2);
        assert_eq!((h.chain(0), h.buckets[0].head, h.lens[0]), (vec![], NIL, 0));
    }

    #[test]
    fn a_chain_entry_is_one_eight_byte_record() {
        assert_eq!(std::mem::size_of::<Link>(), 8);
        assert_eq!(std::mem::align_of::<Link>(), 4);
    }

    #[test]
    fn fastmod_is_mod() {
        for d in [1u32, 2, 3, 251, 2000, 65521, 1 << 24, u32::MAX] {
            let f = FastMod::new(d);
            for x in [0u32, 1, 7, 250, 251, 1999, 123_456_789, u32::MAX] {
                assert_eq!(f.reduce(x), x % d, "{x} mod {d}");
            }
        }
    }

    #[test]
    fn latch_covers_bucket_mod_latches() {
        let mut h = HashChains::new(1, 10, 3);
        let d = (1..)
            .map(|k| dba(0, k))
            .find(|&d| h.bucket_of(d) == 7)
            .unwrap();
        assert_eq!(h.lookup(d).latch, 1);
        assert_eq!(h.latch_gets(), vec![0, 1, 0]);
    }

    #[test]
    fn a_bucket_s_gets_carry_past_32_bits() {
        let mut h = HashChains::new(1, 2, 2);
        h.buckets[1].gets = u32::MAX;
        let d = (1..)
            .map(|k| dba(0, k))
            .find(|&d| h.bucket_of(d) == 1)
            .unwrap();
        h.lookup(d);
        h.lookup(d);
        assert_eq!(h.latch_gets(), vec![0, (1u64 << 32) + 1]);
    }
}
