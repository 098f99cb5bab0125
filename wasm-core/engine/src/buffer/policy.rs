//! What each profile changes in the replacement rules, settled once (MODEL.md's profile
//! table); `rules.rs` asks the policy instead of the profile.

use crate::profile::Profile;

/// What a hit does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnHit {
    /// Move the buffer to the MRU head.
    MoveToHead,
    /// Leave it; tch += 1 at most once per `_db_aging_touch_time`.
    CountTouch,
}

/// What cooling a buffer out of the hot region does to its touch count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnCool {
    /// tch = `_db_aging_cool_count`.
    SetCoolCount,
    /// tch is kept.
    Keep,
}

/// One profile's replacement rules (MODEL.md's profile table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub on_hit: OnHit,
    /// Touch counts are kept: a new buffer starts at tch = 1 at the midpoint, and a scan
    /// promotes a buffer with tch ≥ `_db_aging_hot_criteria` instead of taking it.
    pub touch_counts: bool,
    pub on_cool: OnCool,
}

impl Policy {
    pub const fn of(profile: Profile) -> Policy {
        match profile {
            // 8.0: classic LRU, MRU insertion, every hit moves to the head.
            Profile::V8_0 => Policy {
                on_hit: OnHit::MoveToHead,
                touch_counts: false,
                on_cool: OnCool::Keep,
            },
            // 8.1.5: touch counts, midpoint insertion; cooling sets _db_aging_cool_count.
            Profile::V8_1_5 => Policy {
                on_hit: OnHit::CountTouch,
                touch_counts: true,
                on_cool: OnCool::SetCoolCount,
            },
            // 8.1.6: as 8.1.5, but a cooled buffer keeps its touch count. 10.2.0.5 and the
            // 11.2 profiles inherit these rules; they change the I/O path (crate::io).
            Profile::V8_1_6 | Profile::V10_2_0_5 | Profile::V11_2_0_1 | Profile::V11_2_0_2 => {
                Policy {
                    on_hit: OnHit::CountTouch,
                    touch_counts: true,
                    on_cool: OnCool::Keep,
                }
            }
        }
    }
}
