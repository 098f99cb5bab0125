//! Cache buffers chains: buffer headers hang on hash chains, `bucket = hash(DBA) mod
//! _db_block_hash_buckets`; bucket b is covered by latch `b mod _db_block_hash_latches`.

use super::lists::{Buffers, NIL};

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

#[derive(Debug, Clone)]
pub struct HashChains {
    pub heads: Vec<u32>,
    modulo: FastMod,
    /// Buffers on each chain, kept so the UI can draw chain lengths without walking.
    pub lens: Vec<u32>,
    pub latches: u32,
    /// Gets of each cache buffers chains latch.
    pub latch_gets: Vec<u64>,
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
    pub fn new(buckets: u32, latches: u32) -> Self {
        HashChains {
            heads: vec![NIL; buckets as usize],
            modulo: FastMod::new(buckets),
            lens: vec![0; buckets as usize],
            latches,
            latch_gets: vec![0; latches as usize],
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
    pub fn lookup(&mut self, b: &Buffers, dba: u32) -> Lookup {
        let bucket = self.bucket_of(dba);
        let latch = bucket % self.latches;
        self.latch_gets[latch as usize] += 1;
        let mut i = self.heads[bucket as usize];
        let mut walked = 0;
        while i != NIL {
            walked += 1;
            if b.dba[i as usize] == dba {
                break;
            }
            i = b.hnext[i as usize];
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

    /// Hang buffer `i` (already holding its new DBA) at the head of its chain.
    pub fn insert(&mut self, b: &mut Buffers, i: u32, bucket: u32) {
        let h = self.heads[bucket as usize];
        b.hprev[i as usize] = NIL;
        b.hnext[i as usize] = h;
        if h != NIL {
            b.hprev[h as usize] = i;
        }
        self.heads[bucket as usize] = i;
        self.lens[bucket as usize] += 1;
    }

    /// Empty every chain (the buffers' own links are reset by the caller); the statistics
    /// go on.
    pub fn clear(&mut self) {
        self.heads.fill(NIL);
        self.lens.fill(0);
    }

    /// Take buffer `i` off the chain of the DBA it holds.
    pub fn remove(&mut self, b: &mut Buffers, i: u32) {
        let bucket = self.bucket_of(b.dba[i as usize]);
        let (p, n) = (b.hprev[i as usize], b.hnext[i as usize]);
        if p != NIL {
            b.hnext[p as usize] = n;
        } else {
            self.heads[bucket as usize] = n;
        }
        if n != NIL {
            b.hprev[n as usize] = p;
        }
        b.hprev[i as usize] = NIL;
        b.hnext[i as usize] = NIL;
        self.lens[bucket as usize] -= 1;
    }

    /// The buffers on a bucket's chain, in walk order.
    pub fn chain(&self, b: &Buffers, bucket: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut i = self.heads[bucket as usize];
        while i != NIL {
            out.push(i);
            i = b.hnext[i as usize];
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
        let mut b = Buffers::new(8);
        let mut h = HashChains::new(1, 1); // one bucket: every buffer on one chain
        for i in 0..3u32 {
            b.dba[i as usize] = dba(0, i);
            h.insert(&mut b, i, 0);
        }
        // inserted at the head: chain is 2, 1, 0
        assert_eq!(h.chain(&b, 0), vec![2, 1, 0]);
        let l = h.lookup(&b, dba(0, 0));
        assert_eq!((l.found, l.walked), (0, 3));
        let miss = h.lookup(&b, dba(0, 7));
        assert_eq!((miss.found, miss.walked), (NIL, 3));
        h.remove(&mut b, 1);
        assert_eq!(h.chain(&b, 0), vec![2, 0]);
        assert_eq!(h.lens[0], 2);
        assert_eq!(h.latch_gets[0], 2);
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
        let mut h = HashChains::new(10, 3);
        let b = Buffers::new(1);
        let d = (1..)
            .map(|k| dba(0, k))
            .find(|&d| h.bucket_of(d) == 7)
            .unwrap();
        assert_eq!(h.lookup(&b, d).latch, 1);
    }
}
