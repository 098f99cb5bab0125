//! Mattson's LRU stack in one pass (Mattson, Gecsei, Slutz and Traiger, "Evaluation
//! techniques for storage hierarchies", IBM Systems Journal 9(2), 1970): under LRU a cache of
//! `k` buffers holds exactly the top `k` blocks of the LRU stack, so an access at stack
//! distance `d` misses in every cache smaller than `d` and hits in every other.
//!
//! The advice needs the misses of 20 sizes, not every distance, so the stack is kept only
//! down to the largest size, with a **marker** at the last position of each size: a block's
//! *zone* is the smallest size that holds it. An access in zone `z` misses in the sizes
//! below `z`; moving it to the top pushes the block at each of those markers one zone down
//! (it is now just outside that size) and the marker moves up one. That is at most 20 steps
//! per access over arrays the size of the largest cache — no search, no logarithm, no
//! timestamps.

const NIL: u32 = u32::MAX;
/// Zone of a block not in the stack (beyond the largest size, or never seen).
const FAR: u8 = u8::MAX;

/// One pool's LRU stack down to its largest advised size.
#[derive(Debug, Clone)]
pub struct StackPass {
    /// The distinct sizes, ascending.
    sizes: Vec<u32>,
    /// `marker[i]`: the block at position `sizes[i]` (1-based), NIL while the stack is shorter.
    marker: Vec<u32>,
    /// The slot of each dense block id in the stack (NIL: not in it).
    slot_of: Vec<u32>,
    /// Per slot (at most the largest size, so these stay in the L1 cache): links, zone and
    /// the block id it holds.
    prev: Vec<u32>,
    next: Vec<u32>,
    zone: Vec<u8>,
    owner: Vec<u32>,
    head: u32,
    tail: u32,
    len: u32,
    /// `hist[z]`: accesses found in zone `z`; `far`: accesses found nowhere (a miss at every
    /// size).
    hist: Vec<u64>,
    far: u64,
    pub accesses: u64,
}

impl StackPass {
    /// A stack for these cache sizes (any order, repeats allowed; at most 254 distinct).
    pub fn new(sizes: &[u32]) -> Self {
        let mut s: Vec<u32> = sizes.iter().copied().filter(|&n| n > 0).collect();
        s.sort_unstable();
        s.dedup();
        s.truncate(FAR as usize - 1);
        StackPass {
            marker: vec![NIL; s.len()],
            hist: vec![0; s.len()],
            sizes: s,
            slot_of: Vec::new(),
            prev: Vec::new(),
            next: Vec::new(),
            zone: Vec::new(),
            owner: Vec::new(),
            head: NIL,
            tail: NIL,
            len: 0,
            far: 0,
            accesses: 0,
        }
    }

    /// One access to block `id` (a dense block number: segment base + block).
    #[inline]
    pub fn access(&mut self, id: u32) {
        self.accesses += 1;
        if id as usize >= self.slot_of.len() {
            self.slot_of.resize(id as usize + 1, NIL);
        }
        let x = self.slot_of[id as usize];
        if x == NIL {
            self.far += 1;
            self.push_new(id);
        } else {
            let z = self.zone[x as usize];
            self.hist[z as usize] += 1;
            if self.head != x {
                self.move_up(x, z as usize);
            }
        }
    }

    /// `x` (in zone `z`) goes to the top: the blocks at the markers of the smaller sizes go
    /// one zone down; if `x` was the last block of its own zone, that marker moves up to
    /// the block before it.
    #[inline]
    fn move_up(&mut self, x: u32, z: usize) {
        for i in 0..z {
            let m = self.marker[i];
            self.zone[m as usize] = i as u8 + 1;
            let p = self.prev[m as usize];
            self.marker[i] = if p == NIL { x } else { p };
        }
        if self.marker[z] == x {
            self.marker[z] = self.prev[x as usize];
        }
        self.unlink(x);
        self.push_front(x);
        self.zone[x as usize] = 0;
    }

    /// A block not in the stack goes to the top: every block at a marker goes one zone down
    /// (the last falls off the stack and gives its slot), and each marker moves up one; a
    /// size the stack has just reached gets its marker at the tail.
    #[inline]
    fn push_new(&mut self, id: u32) {
        let last = self.sizes.len() - 1;
        let fell = self.marker[last];
        let x = if fell != NIL {
            self.slot_of[self.owner[fell as usize] as usize] = NIL;
            fell
        } else {
            self.prev.push(NIL);
            self.next.push(NIL);
            self.zone.push(0);
            self.owner.push(id);
            self.len
        };
        self.owner[x as usize] = id;
        self.slot_of[id as usize] = x;
        for i in 0..self.sizes.len() {
            let m = self.marker[i];
            if m == NIL {
                break;
            }
            self.zone[m as usize] = i as u8 + 1;
            let p = self.prev[m as usize];
            self.marker[i] = if p == NIL { x } else { p };
        }
        if fell != NIL {
            self.unlink(fell);
        }
        self.push_front(x);
        self.zone[x as usize] = 0;
        // the stack grew by one: a size it has just reached marks the tail
        if fell == NIL {
            if let Some(i) = self.sizes.iter().position(|&s| s == self.len) {
                // the tail is at position sizes[i]: that size is the smallest to hold it
                self.marker[i] = self.tail;
                self.zone[self.tail as usize] = i as u8;
            }
        }
    }

    #[inline]
    fn unlink(&mut self, x: u32) {
        let (p, n) = (self.prev[x as usize], self.next[x as usize]);
        if p != NIL {
            self.next[p as usize] = n;
        } else {
            self.head = n;
        }
        if n != NIL {
            self.prev[n as usize] = p;
        } else {
            self.tail = p;
        }
        self.len -= 1;
    }

    #[inline]
    fn push_front(&mut self, x: u32) {
        self.prev[x as usize] = NIL;
        self.next[x as usize] = self.head;
        if self.head != NIL {
            self.prev[self.head as usize] = x;
        } else {
            self.tail = x;
        }
        self.head = x;
        self.len += 1;
    }

    /// Forget the counts (a statistics reset) and keep the stack: the caches stay warm.
    pub fn reset_counts(&mut self) {
        self.hist.iter_mut().for_each(|h| *h = 0);
        self.far = 0;
        self.accesses = 0;
    }

    /// Misses of an LRU cache of `size` buffers (one of the sizes given) over the accesses
    /// so far.
    pub fn misses(&self, size: u32) -> u64 {
        let k = self.sizes.partition_point(|&s| s < size);
        self.far
            + self.hist[(k + 1).min(self.hist.len())..]
                .iter()
                .sum::<u64>()
    }

    pub fn approx_bytes(&self) -> u64 {
        (self.slot_of.capacity() * 4 + self.zone.capacity() * 13 + self.hist.len() * 12) as u64
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A plain LRU list of `k` buffers, the definition the stack pass must agree with.
    pub(crate) fn lru_misses(trace: &[u32], k: usize) -> u64 {
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

    /// A skewed stream of `n` blocks below `span` (low blocks more often), from `seed`.
    pub(crate) fn trace(n: usize, span: u64, seed: u64) -> Vec<u32> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                // skewed: low blocks more often
                let r = (x >> 33) % span;
                (r * r / span) as u32
            })
            .collect()
    }

    #[test]
    fn a_small_trace_by_hand() {
        // sizes 1, 2, 3: distances 3, 1, 2, 3 after three cold misses
        let t = [1, 2, 3, 1, 1, 3, 2];
        let mut s = StackPass::new(&[1, 2, 3]);
        for &b in &t {
            s.access(b);
        }
        assert_eq!(s.misses(1), 6);
        assert_eq!(s.misses(2), 5);
        assert_eq!(s.misses(3), 3);
    }

    #[test]
    fn misses_equal_an_lru_list_at_every_size() {
        for (seed, span, sizes) in [
            (1, 1000, vec![1, 7, 50, 199, 400]),
            (2, 60, vec![1, 2, 3, 5, 8, 13, 21, 34, 55, 89]),
            (3, 30, vec![4, 4, 1, 9, 2]),
            (4, 5000, (1..=20).map(|k| k * 40).collect()),
        ] {
            let t = trace(30_000, span, seed);
            let mut s = StackPass::new(&sizes);
            for &b in &t {
                s.access(b);
            }
            for &k in &sizes {
                assert_eq!(
                    s.misses(k),
                    lru_misses(&t, k as usize),
                    "seed {seed} size {k}"
                );
            }
        }
    }
}
