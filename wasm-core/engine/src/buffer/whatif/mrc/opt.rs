//! Belady's OPT as a stack algorithm, in one pass (Mattson, Gecsei, Slutz and Traiger,
//! "Evaluation techniques for storage hierarchies", IBM Systems Journal 9(2), 1970, §4: the
//! priority stack with priority = time of next reference).
//!
//! A backward pass gives each reference the time of its block's next reference
//! ([`next_uses`]; never again = `u64::MAX`, the lowest priority). The stack is then updated
//! at each reference by the priority rule: the referenced block goes to the top; the block
//! that was on top is *carried* down, and at each position above the referenced block's old
//! one the carried block and the block there compete — the one referenced sooner stays, the
//! other is carried on — until the carried block fills the referenced block's old position
//! (or, on a block not in the stack, the position one past the bottom). A block never moves
//! up except when referenced, so the top `k` blocks are what OPT keeps in a cache of `k`
//! buffers (the inclusion property): a reference at stack distance `d` misses at every size
//! below `d` and hits at every other.
//!
//! The stack is kept only down to the largest size asked: what falls past it can only come
//! back as a miss at every size asked. O(depth) per reference.

/// Next use of the block referenced at each position of `stream` (`u64::MAX`: never again).
pub fn next_uses(stream: &[u32]) -> Vec<u64> {
    let top = stream.iter().copied().max().map_or(0, |m| m as usize + 1);
    let mut seen = vec![u64::MAX; top];
    let mut next = vec![u64::MAX; stream.len()];
    for (t, &b) in stream.iter().enumerate().rev() {
        next[t] = seen[b as usize];
        seen[b as usize] = t as u64;
    }
    next
}

/// OPT's stack down to a depth, with a histogram of stack distances.
#[derive(Debug, Clone)]
pub struct OptStack {
    depth: usize,
    /// Blocks, top first, and the time of each one's next reference.
    blocks: Vec<u32>,
    next: Vec<u64>,
    /// `hist[d]`: references found at distance `d` (1-based; `hist[0]` unused).
    hist: Vec<u64>,
    pub accesses: u64,
}

impl OptStack {
    /// A stack deep enough for caches of up to `depth` buffers.
    pub fn new(depth: u32) -> Self {
        OptStack {
            depth: depth as usize,
            blocks: Vec::with_capacity(depth as usize),
            next: Vec::with_capacity(depth as usize),
            hist: vec![0; depth as usize + 1],
            accesses: 0,
        }
    }

    /// A reference to `block`, whose next reference is at time `next` (after this one).
    pub fn access(&mut self, block: u32, next: u64) {
        self.accesses += 1;
        if self.blocks.first() == Some(&block) {
            self.next[0] = next;
            self.hist[1] += 1;
            return;
        }
        // `block` takes the top; what was there is carried down
        let (mut cb, mut cn) = (block, next);
        for i in 0..self.blocks.len() {
            let (b, n) = (self.blocks[i], self.next[i]);
            if b == block {
                // the carried block fills the referenced block's old place
                self.blocks[i] = cb;
                self.next[i] = cn;
                self.hist[i + 1] += 1;
                return;
            }
            // position 0 always takes the referenced block; below, the sooner one stays
            if i == 0 || cn < n {
                self.blocks[i] = cb;
                self.next[i] = cn;
                cb = b;
                cn = n;
            }
        }
        // not in the stack: a miss at every size; the last carried block goes one deeper
        if self.blocks.len() < self.depth {
            self.blocks.push(cb);
            self.next.push(cn);
        }
    }

    /// Misses of OPT with `size` buffers (at most the depth) over the references so far.
    pub fn misses(&self, size: u32) -> u64 {
        let k = (size as usize).min(self.depth);
        self.accesses - self.hist[1..=k].iter().sum::<u64>()
    }
}

/// OPT's misses at each of `sizes` over `stream`.
pub fn opt_misses(stream: &[u32], sizes: &[u32]) -> Vec<u64> {
    let depth = sizes.iter().copied().max().unwrap_or(0);
    let next = next_uses(stream);
    let mut s = OptStack::new(depth);
    for (&b, &n) in stream.iter().zip(&next) {
        s.access(b, n);
    }
    sizes.iter().map(|&k| s.misses(k)).collect()
}
