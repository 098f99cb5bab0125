//! The library cache hash table: buckets of handle chains, the child latch of each bucket,
//! and the doubling resize.

/// Handles hang on chains; a chain lists object ids, newest last (walked newest first).
#[derive(Debug, Clone)]
pub struct Table {
    pub chains: Vec<Vec<u32>>,
    /// `_kgl_latch_count` (at least 1).
    pub latches: u32,
    pub objects: u32,
    pub resizes: u32,
}

impl Table {
    pub fn new(buckets: u32, latches: u32) -> Table {
        Table {
            chains: vec![Vec::new(); buckets as usize],
            latches: latches.max(1),
            objects: 0,
            resizes: 0,
        }
    }

    pub fn buckets(&self) -> u32 {
        self.chains.len() as u32
    }

    /// Rule: `bucket = hash mod buckets`.
    pub fn bucket(&self, hash: u32) -> u32 {
        hash % self.buckets()
    }

    /// Rule (`_kgl_latch_count`): `latch = bucket mod latches`; 0 latches means one.
    pub fn latch_of_bucket(&self, bucket: u32) -> u32 {
        bucket % self.latches
    }

    pub fn latch(&self, hash: u32) -> u32 {
        self.latch_of_bucket(self.bucket(hash))
    }

    /// Walk the chain of `hash` newest first; `same(obj)` says whether a handle matches.
    /// Returns the object and the links walked (the whole chain on a miss).
    pub fn walk(&self, hash: u32, mut same: impl FnMut(u32) -> bool) -> (Option<u32>, u32) {
        let chain = &self.chains[self.bucket(hash) as usize];
        let mut walked = 0;
        for &o in chain.iter().rev() {
            walked += 1;
            if same(o) {
                return (Some(o), walked);
            }
        }
        (None, walked)
    }

    pub fn insert(&mut self, hash: u32, obj: u32) {
        let b = self.bucket(hash) as usize;
        self.chains[b].push(obj);
        self.objects += 1;
    }

    pub fn remove(&mut self, hash: u32, obj: u32) {
        let b = self.bucket(hash) as usize;
        if let Some(k) = self.chains[b].iter().position(|&o| o == obj) {
            self.chains[b].remove(k);
            self.objects -= 1;
        }
    }

    /// Rule: when the objects reach twice the buckets, the array must double.
    pub fn needs_resize(&self) -> bool {
        self.objects >= 2 * self.buckets()
    }

    /// Double the bucket array (no longer prime) and re-hash every handle; `hash_of` gives an
    /// object's hash. Returns the handles re-hashed.
    pub fn resize(&mut self, hash_of: impl Fn(u32) -> u32) -> u32 {
        let n = self.buckets() * 2;
        let mut chains = vec![Vec::new(); n as usize];
        let mut moved = 0;
        for chain in &self.chains {
            for &o in chain {
                chains[(hash_of(o) % n) as usize].push(o);
                moved += 1;
            }
        }
        self.chains = chains;
        self.resizes += 1;
        moved
    }

    pub fn longest_chain(&self) -> u32 {
        self.chains
            .iter()
            .map(|c| c.len() as u32)
            .max()
            .unwrap_or(0)
    }
}
