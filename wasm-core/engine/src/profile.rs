//! The Oracle versions whose rules a simulation follows (MODEL.md's profile table).

use crate::error::{Result, SimError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which Oracle version's rules the cache follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum Profile {
    /// Classic LRU: MRU insertion, move to head on every hit.
    #[serde(rename = "8.0")]
    V8_0,
    /// Touch counts and midpoint insertion; a cooled buffer gets `_db_aging_cool_count`.
    #[serde(rename = "8.1.5")]
    V8_1_5,
    /// As 8.1.5, but a cooled buffer keeps its touch count.
    #[serde(rename = "8.1.6")]
    V8_1_6,
    /// 8.1.6 rules; serial direct path reads when `event_10358 = 4` (bug 8332368), with the
    /// KEEP-pool bug 8897574 (seed 004).
    #[serde(rename = "10.2.0.5")]
    V10_2_0_5,
    /// 8.1.6 rules; serial direct path reads on by default (off with `event_10949 = 1`), the
    /// KEEP-pool bug present.
    #[serde(rename = "11.2.0.1")]
    V11_2_0_1,
    /// As 11.2.0.1 with bug 8897574 fixed: a KEEP segment smaller than the KEEP cache is read
    /// through the cache; `_serial_direct_read` takes AUTO, NEVER and ALWAYS.
    #[serde(rename = "11.2.0.2")]
    V11_2_0_2,
}

impl Profile {
    pub const ALL: [Profile; 6] = [
        Profile::V8_0,
        Profile::V8_1_5,
        Profile::V8_1_6,
        Profile::V10_2_0_5,
        Profile::V11_2_0_1,
        Profile::V11_2_0_2,
    ];

    pub fn parse(s: &str) -> Result<Profile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
                SimError::new(
                    "profile",
                    format!("unknown profile '{s}'; the model has {}", names.join(", ")),
                )
            })
    }

    pub fn name(self) -> &'static str {
        match self {
            Profile::V8_0 => "8.0",
            Profile::V8_1_5 => "8.1.5",
            Profile::V8_1_6 => "8.1.6",
            Profile::V10_2_0_5 => "10.2.0.5",
            Profile::V11_2_0_1 => "11.2.0.1",
            Profile::V11_2_0_2 => "11.2.0.2",
        }
    }

    /// 10.2.0.5 and later: full scans are candidates for serial direct path reads, and a
    /// buffered full-scan block goes to the midpoint like any other read.
    pub fn has_serial_direct_reads(self) -> bool {
        self >= Profile::V10_2_0_5
    }
}
