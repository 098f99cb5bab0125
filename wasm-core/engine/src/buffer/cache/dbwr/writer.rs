//! One DBWR process's state: its working sets, its queue and when it is busy (the rules it
//! follows are in `dbwr/mod.rs`).

/// DBWR's timeout: it looks at its write lists every 3 seconds.
pub const TIMEOUT_NS: u64 = 3_000_000_000;

#[derive(Debug, Clone)]
pub struct Dbwr {
    /// Working sets this DBWR writes for.
    pub sets: Vec<u32>,
    /// Buffers of the batch being written.
    pub inflight: Vec<u32>,
    /// When the batch in flight is written.
    pub busy_until: u64,
    pub next_timeout: u64,
    pub writes: u64,
    pub batches: u64,
    pub busy_ns: u64,
}

impl Dbwr {
    pub fn new(sets: Vec<u32>) -> Self {
        Dbwr {
            sets,
            inflight: Vec::new(),
            busy_until: 0,
            next_timeout: TIMEOUT_NS,
            writes: 0,
            batches: 0,
            busy_ns: 0,
        }
    }

    pub(super) fn due(&self) -> u64 {
        if self.inflight.is_empty() {
            self.next_timeout
        } else {
            self.busy_until.min(self.next_timeout)
        }
    }
}
