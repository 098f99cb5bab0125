//! Mattson's LRU stack distances in one pass (Mattson, Gecsei, Slutz and Traiger, "Evaluation
//! techniques for storage hierarchies", IBM Systems Journal 9(2), 1970): under LRU a cache of
//! `k` buffers holds exactly the top `k` of the LRU stack, so an access at stack distance `d`
//! misses in every cache smaller than `d` and hits in every other. One histogram of distances
//! gives the misses of every size at once.
//!
//! The distance of an access is the number of distinct blocks touched since the previous
//! access to the same block, plus one. Each block marks its last access time in a Fenwick
//! tree over time; the distance is the number of marks after the block's own, plus one —
//! O(log n) per access. When the time axis is full, the live marks are renumbered in order
//! (their relative order is all that matters) and the tree is rebuilt.

/// A Fenwick (binary indexed) tree of 0/1 marks over `0..n`.
#[derive(Debug, Clone)]
struct Fenwick {
    t: Vec<u32>,
}

impl Fenwick {
    fn new(n: usize) -> Self {
        Fenwick { t: vec![0; n + 1] }
    }

    #[inline]
    fn add(&mut self, i: usize, v: i32) {
        let mut i = i + 1;
        while i < self.t.len() {
            self.t[i] = self.t[i].wrapping_add_signed(v);
            i += i & i.wrapping_neg();
        }
    }

    /// Marks in `0..=i`.
    #[inline]
    fn prefix(&self, i: usize) -> u32 {
        let mut i = i + 1;
        let mut s = 0;
        while i > 0 {
            s += self.t[i];
            i &= i - 1;
        }
        s
    }

    /// Rebuild from marks at `0..m`, all set, in O(n).
    fn fill_first(&mut self, m: usize) {
        self.t.iter_mut().for_each(|x| *x = 0);
        for i in 1..self.t.len() {
            if i <= m {
                self.t[i] += 1;
            }
            let j = i + (i & i.wrapping_neg());
            if j < self.t.len() {
                let v = self.t[i];
                self.t[j] += v;
            }
        }
    }
}

/// A small multiplicative hasher for block addresses (u32 keys; no dependency needed).
#[derive(Default, Clone, Copy)]
pub struct DbaHasher(u64);

impl std::hash::Hasher for DbaHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
    fn write_u32(&mut self, i: u32) {
        self.0 = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

pub type DbaMap<V> = std::collections::HashMap<u32, V, std::hash::BuildHasherDefault<DbaHasher>>;

/// One pool's LRU stack: distances counted up to `max_size`.
#[derive(Debug, Clone)]
pub struct StackPass {
    tree: Fenwick,
    /// Last access time of each block seen.
    last: DbaMap<u32>,
    now: u32,
    cap: u32,
    /// `hist[d]`: accesses at stack distance `d` (1..=max_size); `hist[0]` is unused.
    hist: Vec<u64>,
    /// Accesses further than `max_size`, or to a block never seen: a miss at every size.
    far: u64,
    pub accesses: u64,
}

impl StackPass {
    pub fn new(max_size: u32) -> Self {
        let cap = 1u32 << 16;
        StackPass {
            tree: Fenwick::new(cap as usize),
            last: DbaMap::default(),
            now: 0,
            cap,
            hist: vec![0; max_size as usize + 1],
            far: 0,
            accesses: 0,
        }
    }

    /// One access to `dba`; returns its stack distance (`None`: first access).
    #[inline]
    pub fn access(&mut self, dba: u32) -> Option<u32> {
        if self.now == self.cap {
            self.compact();
        }
        let t = self.now;
        self.now += 1;
        self.accesses += 1;
        let d = match self.last.insert(dba, t) {
            Some(old) => {
                let live = self.last.len() as u32; // marks, with the old one still set
                let d = live - self.tree.prefix(old as usize) + 1;
                self.tree.add(old as usize, -1);
                Some(d)
            }
            None => None,
        };
        self.tree.add(t as usize, 1);
        match d {
            Some(d) if (d as usize) < self.hist.len() => self.hist[d as usize] += 1,
            _ => self.far += 1,
        }
        d
    }

    /// Renumber the live marks 0..m in time order; grow the axis when they fill half of it.
    fn compact(&mut self) {
        let mut live: Vec<(u32, u32)> = self.last.iter().map(|(&b, &t)| (t, b)).collect();
        live.sort_unstable();
        for (k, &(_, b)) in live.iter().enumerate() {
            self.last.insert(b, k as u32);
        }
        let m = live.len() as u32;
        while m > self.cap / 2 {
            self.cap *= 2;
        }
        if self.tree.t.len() != self.cap as usize + 1 {
            self.tree = Fenwick::new(self.cap as usize);
        }
        self.tree.fill_first(m as usize);
        self.now = m;
    }

    /// Misses of an LRU cache of `size` buffers over the accesses so far.
    pub fn misses(&self, size: u32) -> u64 {
        let k = (size as usize).min(self.hist.len() - 1);
        self.far + self.hist[k + 1..].iter().sum::<u64>()
    }

    pub fn approx_bytes(&self) -> u64 {
        (self.tree.t.len() * 4 + self.last.capacity() * 12 + self.hist.len() * 8) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain LRU list of `k` buffers, the definition the stack pass must agree with.
    fn lru_misses(trace: &[u32], k: usize) -> u64 {
        let mut list: Vec<u32> = Vec::new();
        let mut misses = 0;
        for &b in trace {
            if let Some(p) = list.iter().position(|&x| x == b) {
                list.remove(p);
            } else {
                misses += 1;
                if list.len() == k {
                    list.pop();
                }
            }
            list.insert(0, b);
        }
        misses
    }

    #[test]
    fn distances_of_a_small_trace() {
        let mut s = StackPass::new(10);
        let d: Vec<Option<u32>> = [1, 2, 3, 1, 1, 3, 2].iter().map(|&b| s.access(b)).collect();
        assert_eq!(
            d,
            vec![None, None, None, Some(3), Some(1), Some(2), Some(3)]
        );
    }

    #[test]
    fn misses_equal_an_lru_list_at_every_size_across_compactions() {
        let mut x = 12345u64;
        let trace: Vec<u32> = (0..200_000)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                // skewed: low blocks more often
                let r = (x >> 33) % 1000;
                (r * r / 1000) as u32 + 1
            })
            .collect();
        let mut s = StackPass::new(400);
        for &b in &trace {
            s.access(b);
        }
        for k in [1, 7, 50, 199, 400] {
            assert_eq!(s.misses(k), lru_misses(&trace, k as usize), "size {k}");
        }
    }
}
