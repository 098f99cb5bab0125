//! Serial direct path reads: the decision, taken at run time for every serial full scan of
//! every segment (docs/model.md §1.7; Tanel Poder: per execution and per segment).
//!
//! Sources: the 2 % / 20-block `_small_table_threshold` (Roger MacNicol, "When bloggers get it
//! wrong", part 1); the 5 × threshold start point and the 50 % cached / 25 % dirty rules (tests
//! by Alex Fatkulin and Dion Cho); event 10358 level 4 in 10.2.0.5 (bug 8332368, seed 004);
//! event 10949 in 11g (seed 004); the KEEP-pool bug 8897574 (note 1081553.1, Jonathan Lewis
//! "Not KEEPing", seed 004 and its update of October 2010).

use super::config::{IoConfig, SerialDirectRead};
use crate::common::PoolId;
use crate::profile::DirectReads;
use serde::Serialize;
use ts_rs::TS;

/// Why a full scan went direct or through the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "buffer/")]
pub enum ScanReason {
    /// The profile predates serial direct reads (before 10.2.0.5).
    NotInProfile,
    /// 10.2.0.5 without event 10358 at level 4.
    EventOff,
    /// `event_10949 = 1` or `_serial_direct_read = NEVER / FALSE`.
    Disabled,
    /// `_serial_direct_read = ALWAYS / TRUE`.
    Forced,
    /// At most 5 × `_small_table_threshold` blocks.
    Small,
    /// 11.2.0.2: a KEEP segment smaller than the KEEP cache is read through it.
    KeepFits,
    /// At least 50 % of the segment's blocks are cached.
    MostlyCached,
    /// At least 25 % of the segment's blocks are dirty.
    MostlyDirty,
    /// Larger than 5 × `_small_table_threshold`.
    Large,
    /// A KEEP segment larger than 10 % of the KEEP cache (bug 8897574, before 11.2.0.2).
    KeepBug,
}

/// What the decision looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScanFacts {
    pub blocks: u32,
    pub pool: PoolId,
    /// Blocks of the segment in the buffer cache, and how many of them are dirty.
    pub cached: u32,
    pub dirty: u32,
}

/// One scan's decision with the numbers it compared (narrated as they are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct ScanDecision {
    pub direct: bool,
    pub reason: ScanReason,
    pub blocks: u32,
    pub pool: PoolId,
    pub small_table_threshold: u32,
    /// Blocks above which the segment is large: 5 × `_small_table_threshold`.
    pub large_above: u32,
    pub keep_buffers: u32,
    pub cached: u32,
    pub dirty: u32,
}

/// Does this profile, with these settings, consider direct reads at all?
fn adaptive_on(cfg: &IoConfig) -> Result<(), ScanReason> {
    match cfg.profile.traits().direct_reads {
        DirectReads::None => Err(ScanReason::NotInProfile),
        // 10.2.0.5: off unless event 10358 is at level 4 (bug 8332368).
        DirectReads::Event10358 if cfg.event_10358 != 4 => Err(ScanReason::EventOff),
        // 11g: on by default, event 10949 level 1 turns it off.
        DirectReads::OffWithEvent10949 if cfg.event_10949 >= 1 => Err(ScanReason::Disabled),
        _ => Ok(()),
    }
}

/// The decision for one serial full scan of one segment.
pub fn decide(cfg: &IoConfig, f: &ScanFacts) -> ScanDecision {
    let stt = cfg.small_table_threshold;
    let large_above = stt.saturating_mul(5);
    let made = |direct, reason| ScanDecision {
        direct,
        reason,
        blocks: f.blocks,
        pool: f.pool,
        small_table_threshold: stt,
        large_above,
        keep_buffers: cfg.keep_buffers,
        cached: f.cached,
        dirty: f.dirty,
    };
    match cfg.serial_direct_read {
        // _serial_direct_read = ALWAYS / TRUE: every serial full scan reads direct.
        SerialDirectRead::Always => return made(true, ScanReason::Forced),
        // _serial_direct_read = NEVER / FALSE: every scan through the cache.
        SerialDirectRead::Never => return made(false, ScanReason::Disabled),
        SerialDirectRead::Auto => {}
    }
    if let Err(reason) = adaptive_on(cfg) {
        return made(false, reason);
    }
    let keep = f.pool == PoolId::Keep && cfg.keep_buffers > 0;
    let traits = cfg.profile.traits();
    // 11.2.0.2 (fix for 8897574): a KEEP segment smaller than the KEEP cache is buffered.
    if keep && traits.keep_fits_buffered && f.blocks < cfg.keep_buffers {
        return made(false, ScanReason::KeepFits);
    }
    // Before 11.2.0.2: a KEEP segment over 10 % of the KEEP cache counts as large (bug 8897574).
    let keep_bug = keep && traits.keep_bug && f.blocks > cfg.keep_buffers / 10;
    let large = f.blocks > large_above;
    if !large && !keep_bug {
        return made(false, ScanReason::Small);
    }
    // At least half the segment cached: reading through the cache is cheaper.
    if f.cached as u64 * 2 >= f.blocks as u64 {
        return made(false, ScanReason::MostlyCached);
    }
    // At least a quarter dirty: a checkpoint would cost more than the direct read saves.
    if f.dirty as u64 * 4 >= f.blocks as u64 {
        return made(false, ScanReason::MostlyDirty);
    }
    made(
        true,
        if keep_bug {
            ScanReason::KeepBug
        } else {
            ScanReason::Large
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::Profile;

    fn cfg(profile: Profile) -> IoConfig {
        IoConfig {
            profile,
            serial_direct_read: SerialDirectRead::Auto,
            event_10358: 0,
            event_10949: 0,
            small_table_threshold: 7_700,
            keep_buffers: 129_024,
            db_block_size: 8192,
            filesystemio_options: "SETALL",
            os_cache_blocks: 0,
            host_memory: 0,
        }
    }
    fn facts(blocks: u32, pool: PoolId) -> ScanFacts {
        ScanFacts {
            blocks,
            pool,
            cached: 0,
            dirty: 0,
        }
    }
    const TABLE: u32 = 99_200;

    #[test]
    fn profiles_before_10_2_0_5_never_read_direct() {
        for p in [Profile::V8_0, Profile::V8_1_5, Profile::V8_1_6] {
            let d = decide(&cfg(p), &facts(TABLE, PoolId::Default));
            assert_eq!((d.direct, d.reason), (false, ScanReason::NotInProfile));
        }
    }

    #[test]
    fn ten_two_reads_direct_only_with_event_10358_level_4() {
        let mut c = cfg(Profile::V10_2_0_5);
        let d = decide(&c, &facts(TABLE, PoolId::Default));
        assert_eq!((d.direct, d.reason), (false, ScanReason::EventOff));
        c.event_10358 = 4;
        let d = decide(&c, &facts(TABLE, PoolId::Default));
        assert_eq!((d.direct, d.reason), (true, ScanReason::Large));
        assert_eq!(d.large_above, 38_500);
    }

    #[test]
    fn eleven_reads_direct_by_default_and_10949_turns_it_off() {
        let mut c = cfg(Profile::V11_2_0_1);
        assert!(decide(&c, &facts(TABLE, PoolId::Default)).direct);
        c.event_10949 = 1;
        let d = decide(&c, &facts(TABLE, PoolId::Default));
        assert_eq!((d.direct, d.reason), (false, ScanReason::Disabled));
    }

    #[test]
    fn the_start_point_is_five_times_the_small_table_threshold() {
        let c = cfg(Profile::V11_2_0_1);
        assert!(!decide(&c, &facts(38_500, PoolId::Default)).direct);
        assert_eq!(
            decide(&c, &facts(38_500, PoolId::Default)).reason,
            ScanReason::Small
        );
        assert!(decide(&c, &facts(38_501, PoolId::Default)).direct);
    }

    #[test]
    fn half_cached_or_a_quarter_dirty_reads_through_the_cache() {
        let c = cfg(Profile::V11_2_0_1);
        let mut f = facts(100_000, PoolId::Default);
        f.cached = 49_999;
        assert!(decide(&c, &f).direct);
        f.cached = 50_000;
        assert_eq!(decide(&c, &f).reason, ScanReason::MostlyCached);
        f.cached = 30_000;
        f.dirty = 24_999;
        assert!(decide(&c, &f).direct);
        f.dirty = 25_000;
        assert_eq!(decide(&c, &f).reason, ScanReason::MostlyDirty);
    }

    #[test]
    fn keep_bug_reads_a_keep_segment_over_ten_percent_direct_until_11_2_0_2() {
        // A KEEP segment between 10 % of the KEEP cache and 5 × STT: large only by the bug.
        let f = facts(20_000, PoolId::Keep);
        let d = decide(&cfg(Profile::V11_2_0_1), &f);
        assert_eq!((d.direct, d.reason), (true, ScanReason::KeepBug));
        let d = decide(&cfg(Profile::V11_2_0_1), &facts(20_000, PoolId::Default));
        assert_eq!((d.direct, d.reason), (false, ScanReason::Small));
        let mut c = cfg(Profile::V10_2_0_5);
        c.event_10358 = 4;
        assert_eq!(
            decide(&c, &facts(TABLE, PoolId::Keep)).reason,
            ScanReason::KeepBug
        );
        // Fixed in 11.2.0.2: smaller than the KEEP cache → through the cache.
        let d = decide(&cfg(Profile::V11_2_0_2), &facts(TABLE, PoolId::Keep));
        assert_eq!((d.direct, d.reason), (false, ScanReason::KeepFits));
        // Larger than the KEEP cache: the ordinary rules again.
        let d = decide(&cfg(Profile::V11_2_0_2), &facts(130_000, PoolId::Keep));
        assert_eq!((d.direct, d.reason), (true, ScanReason::Large));
    }

    #[test]
    fn serial_direct_read_forces_either_way() {
        let mut c = cfg(Profile::V8_1_6);
        c.serial_direct_read = SerialDirectRead::Always;
        assert_eq!(
            decide(&c, &facts(30, PoolId::Default)).reason,
            ScanReason::Forced
        );
        let mut c = cfg(Profile::V11_2_0_2);
        c.serial_direct_read = SerialDirectRead::Never;
        let d = decide(&c, &facts(TABLE, PoolId::Default));
        assert_eq!((d.direct, d.reason), (false, ScanReason::Disabled));
    }
}
