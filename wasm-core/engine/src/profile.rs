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
}

impl Profile {
    pub const ALL: [Profile; 3] = [Profile::V8_0, Profile::V8_1_5, Profile::V8_1_6];

    pub fn parse(s: &str) -> Result<Profile> {
        match s {
            "8.0" => Ok(Profile::V8_0),
            "8.1.5" => Ok(Profile::V8_1_5),
            "8.1.6" => Ok(Profile::V8_1_6),
            other => Err(SimError::new(
                "profile",
                format!(
                    "unknown profile '{other}'; the buffer cache model has 8.0, 8.1.5 and 8.1.6"
                ),
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Profile::V8_0 => "8.0",
            Profile::V8_1_5 => "8.1.5",
            Profile::V8_1_6 => "8.1.6",
        }
    }
}
