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
