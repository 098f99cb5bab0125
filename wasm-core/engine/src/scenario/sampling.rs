//! The `sampling` section of a scenario (docs/model.md §3.4 "Spatial sampling"): run a spatial
//! sample of the blocks through a cache scaled by the same rate, and scale the figures back.
//! The filter and the scaling live with the cache (`buffer::cache::sample`); this is the
//! document's side and its limits.

use crate::error::{Result, SimError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The smallest rate a scenario may ask for: one block in 100,000. Below it the sampled cache
/// of even a 512 GB pool is a few hundred buffers and the sample of a short run is too small
/// to estimate anything.
pub const MIN_RATE: f64 = 1e-5;

/// `"sampling": { "rate": 0.01 }`: keep the blocks whose hash falls below `rate` of the hash
/// space (SHARDS, Waldspurger et al., FAST 2015) and simulate every pool at `rate` × its size
/// (miniature simulation, Waldspurger et al., USENIX ATC 2017).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SamplingSpec {
    /// The share of distinct blocks kept, in MIN_RATE..=1 (1: every block, the exact run
    /// through the sampling path).
    pub rate: f64,
}

impl SamplingSpec {
    /// The rate, checked: the error names `sampling.rate` and its limits.
    pub fn checked_rate(&self) -> Result<f64> {
        let r = self.rate;
        if !r.is_finite() || !(MIN_RATE..=1.0).contains(&r) {
            return Err(SimError::new(
                "sampling.rate",
                format!(
                    "{r} is outside {MIN_RATE}..=1 (the share of distinct blocks the sample \
                     keeps: 0.01 keeps one block in 100)"
                ),
            ));
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_is_checked_and_the_error_names_it() {
        for ok in [MIN_RATE, 0.001, 0.01, 0.5, 1.0] {
            assert_eq!(SamplingSpec { rate: ok }.checked_rate().unwrap(), ok);
        }
        for bad in [0.0, -0.1, 1.5, MIN_RATE / 2.0, f64::NAN, f64::INFINITY] {
            let e = SamplingSpec { rate: bad }.checked_rate().unwrap_err();
            assert_eq!(e.path, "sampling.rate");
            assert!(
                e.message.contains("1e-5") || e.message.contains("0.00001"),
                "{e}"
            );
        }
    }
}
