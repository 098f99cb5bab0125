//! Latches: a willing-to-wait get spins `_spin_count` iterations (CPU) and, if the latch is
//! still held, sleeps (a `latch free` wait) with exponential backoff, then tries again. On one
//! CPU a spin cannot succeed while the holder is off the CPU; on several, a holder freeing
//! the latch hands it to the earliest spinner.
/// The first latch sleep; later ones double every second sleep (Oracle's exponential
/// backoff) up to `MAX_LATCH_SLEEP_NS` (`_max_exponential_sleep`, 2 s).
pub const LATCH_SLEEP_NS: u64 = 10_000_000;
pub const MAX_LATCH_SLEEP_NS: u64 = 2_000_000_000;

/// The k-th sleep (0-based) of one latch get: 10, 10, 20, 20, 40, 40 … ms, at most 2 s.
pub fn latch_sleep_ns(k: u32) -> u64 {
    (LATCH_SLEEP_NS << (k / 2).min(16)).min(MAX_LATCH_SLEEP_NS)
}

#[derive(Debug, Clone, Copy, Default)]
pub struct LatchState {
    pub holder: Option<u32>,
    pub gets: u64,
    pub misses: u64,
    pub sleeps: u64,
    pub spin_gets: u64,
    pub wait_ns: u64,
}

/// What a get found: the latch is the caller's now, or another session holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Get {
    Granted,
    Held { by: u32 },
}

impl LatchState {
    /// A willing-to-wait get by `s`. `first` is the get's first try: it counts in `gets`, and
    /// a first try that finds the latch held counts in `misses`.
    pub fn try_get(&mut self, s: u32, first: bool) -> Get {
        if first {
            self.gets += 1;
        }
        match self.holder {
            None => {
                self.holder = Some(s);
                Get::Granted
            }
            Some(by) => {
                if first {
                    self.misses += 1;
                }
                Get::Held { by }
            }
        }
    }

    /// Freed while `s` spins on it: `s` takes it without sleeping (a spin get).
    pub fn hand_to_spinner(&mut self, s: u32) {
        self.holder = Some(s);
        self.spin_gets += 1;
    }

    pub fn free(&mut self) {
        self.holder = None;
    }

    /// A `latch free` wait on this latch is timed (`wait.rs`): add its length.
    pub fn waited(&mut self, ns: u64) {
        self.wait_ns += ns;
    }

    /// A spin burst ended: if the latch is still held, the `k`-th sleep of this get starts
    /// (counted) and its length is returned; `None` when it is free and the retry will take
    /// it. The wait's time is added when the wait is timed (`wait.rs`).
    pub fn sleep_after_spin(&mut self, k: u32) -> Option<u64> {
        self.holder?;
        self.sleeps += 1;
        Some(latch_sleep_ns(k))
    }
}
