//! The Oracle versions whose rules a simulation follows: docs/model.md's profile table as data.
//!
//! Every fact that differs between versions is a field of [`ProfileTraits`], one row per
//! [`Profile`] in [`TRAITS`]. The engine asks a profile's row (never compares versions), and
//! the page reads the same table through the bindings (`profileTraits()`), so adding a
//! version is adding a variant and its row here, with its tests: the row gives the version its
//! name (what a scenario's `profile` says) and its place among the others ([`Profile::ALL`]).

use crate::error::{Result, SimError};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ts_rs::TS;

/// Which Oracle version's rules the cache follows. A variant is a handle on its row of
/// [`TRAITS`], which names it and places it (oldest first); in JSON and in TypeScript it is
/// that name (`"8.1.6"`), one of those `profileTraits()` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, TS)]
#[ts(export, type = "string")]
pub enum Profile {
    V8_0,
    V8_1_5,
    V8_1_6,
    V10_2_0_5,
    V11_2_0_1,
    V11_2_0_2,
}

/// What cooling a buffer out of the hot region does to its touch count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum CoolRule {
    /// tch = `_db_aging_cool_count` (8.1.5).
    SetCoolCount,
    /// tch is kept (8.1.6 on).
    Keep,
}

/// When serial full scans may read direct (`io/direct.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum DirectReads {
    /// Never: every full scan reads through the cache.
    None,
    /// Only with event 10358 at level 4 (10.2.0.5, bug 8332368).
    Event10358,
    /// On by default; event 10949 level 1 turns them off (11g).
    OffWithEvent10949,
}

/// The defaults of `_db_block_hash_buckets` and `_db_block_hash_latches`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum HashDefaults {
    /// A prime near buffers / 4, one latch per bucket (8.0).
    PrimeQuarterOneLatchEach,
    /// 2 × buffers, at most 1,024 latches (8i on).
    DoubleAtMost1024Latches,
}

/// Which kinds of visit a probe rule applies to, indexed by `buffer::cache::events::Probe` (block,
/// range scan, unique scan).
pub type ProbeKinds = [bool; 3];

/// One version's row: every rule and default that differs between versions.
#[derive(Debug, Clone, Copy, Serialize, TS)]
#[ts(export)]
pub struct ProfileTraits {
    pub profile: Profile,
    /// The version's name: what a scenario's `profile` says ("8.1.6"); in JSON, `profile` is
    /// this name already.
    #[serde(skip)]
    #[ts(skip)]
    pub name: &'static str,
    /// The replacement policy of every working set, by its registered name
    /// (`buffer/cache/replacement/`).
    pub replacement: &'static str,
    /// What cooling does to a touch count (touch-count replacement only).
    pub cool: CoolRule,
    /// Rule `probe_examination` (`buffer/cache/probes.rs`): the kinds of visit whose hit is an
    /// examination — not pinned, not counted, not relinked.
    pub examination: ProbeKinds,
    /// Rule `index_hit_stays` (`buffer/cache/probes.rs`): the kinds of visit whose hit relinks the
    /// buffer (8.0 leaves index blocks in place).
    pub relink: ProbeKinds,
    /// A full scan of a NOCACHE segment over `_small_table_threshold` reads into the cold
    /// (LRU) tail (8.x); later a buffered scan block goes to the midpoint like any read.
    pub large_scans_to_tail: bool,
    pub direct_reads: DirectReads,
    /// Bug 8897574: a KEEP segment over 10 % of the KEEP cache counts as large.
    pub keep_bug: bool,
    /// The fix of 8897574 (11.2.0.2): a KEEP segment smaller than the KEEP cache is buffered.
    pub keep_fits_buffered: bool,
    /// `_serial_direct_read` takes AUTO, NEVER and ALWAYS (else TRUE or FALSE).
    pub serial_direct_read_keywords: bool,
    /// `cursor_sharing = FORCE` exists (8.1.6 on).
    pub cursor_sharing_force: bool,
    /// The library cache model follows another version's rules (a note for the run).
    pub library_note: Option<&'static str>,
    pub hash_defaults: HashDefaults,
    /// `db_file_multiblock_read_count`'s default is 1 MB per request, at most 128 blocks
    /// (10g on); else 8.
    pub multiblock_one_mb: bool,
    /// Parameters the version has no use for: the form dims them, a run notes them.
    #[ts(type = "string[]")]
    pub ignores: &'static [&'static str],
    /// One line on what the version changes in the buffer cache and the I/O path.
    pub buffer_help: &'static str,
    /// One line on what it changes in the library cache.
    pub library_help: &'static str,
    /// Where the rules come from.
    #[ts(type = "string[]")]
    pub sources: &'static [&'static str],
}

/// The kinds of visit no probe rule applies to (a scenario that switches a rule off).
pub const NO_PROBE_KINDS: ProbeKinds = [false, false, false];
/// Every kind of visit.
pub const ALL_PROBE_KINDS: ProbeKinds = [true, true, true];
const INDEX_PROBES: ProbeKinds = [false, true, true];
const UNIQUE_PROBE: ProbeKinds = [false, false, true];
const BLOCKS_ONLY: ProbeKinds = [true, false, false];

/// The touch-count parameters, which classic LRU has no use for.
const AGING: &[&str] = &[
    "_db_percent_hot_default",
    "_db_percent_hot_keep",
    "_db_percent_hot_recycle",
    "_db_aging_hot_criteria",
    "_db_aging_stay_count",
    "_db_aging_cool_count",
    "_db_aging_touch_time",
];
const SEED000: &str = "seed 000: Craig Shallahamer, \"All About Oracle's Touch-Count Data Block Buffer Algorithm\" (2001)";
const SEED004: &str =
    "seed 004: Nigel Noble, KEEP pool and serial direct path reads (bugs 8332368, 8897574)";
const SEED001: &str =
    "seed 001: Connie Dialeris Green / SQLSlammer, literal SQL and CURSOR_SHARING (8.1.5, 8.1.6)";
const LIB_816: &str = "The library cache follows 8.1.6: CURSOR_SHARING = FORCE is available.";

/// docs/model.md's profile table, one row per version, oldest first: the order of
/// [`Profile::ALL`], of the profile select and of every list of versions.
pub static TRAITS: [ProfileTraits; ROWS.len()] = table(ROWS);

/// [`TRAITS`] as it is written (a slice, so that a new row needs no count).
const ROWS: &[ProfileTraits] = &[V8_0, V8_1_5, V8_1_6, V10_2_0_5, V11_2_0_1, V11_2_0_2];

// Each row after the first says what its version changes: the rest is the row it names.

const V8_0: ProfileTraits = ProfileTraits {
    profile: Profile::V8_0,
    name: "8.0",
    // 8.0: classic LRU, MRU insertion, every hit moves to the head.
    replacement: "lru",
    cool: CoolRule::Keep,
    // probe_examination, 8.0: the UNIQUE SCAN probe is an examination; the RANGE SCAN
    // probe pins its leaf (it must come back for the next key).
    examination: UNIQUE_PROBE,
    // index_hit_stays, 8.0: a hit on an index block does not relink it.
    relink: BLOCKS_ONLY,
    large_scans_to_tail: true,
    direct_reads: DirectReads::None,
    keep_bug: false,
    keep_fits_buffered: false,
    serial_direct_read_keywords: false,
    cursor_sharing_force: false,
    library_note: Some("profile 8.0: the library cache model follows 8i (seed 001)"),
    hash_defaults: HashDefaults::PrimeQuarterOneLatchEach,
    multiblock_one_mb: false,
    ignores: AGING,
    buffer_help: "Classic LRU: new blocks and every hit go to the MRU head.",
    library_help: "The library cache model follows 8i (seed 001); CURSOR_SHARING is not available.",
    sources: &[SEED000],
};

const V8_1_5: ProfileTraits = ProfileTraits {
    profile: Profile::V8_1_5,
    name: "8.1.5",
    // 8.1.5: touch counts, midpoint insertion; cooling sets _db_aging_cool_count.
    replacement: "touch-count",
    cool: CoolRule::SetCoolCount,
    // probe_examination, 8i: both index probes (seed 000 Table 9).
    examination: INDEX_PROBES,
    relink: ALL_PROBE_KINDS,
    library_note: None,
    hash_defaults: HashDefaults::DoubleAtMost1024Latches,
    ignores: &[],
    buffer_help: "Touch counts, midpoint insertion; a cooled buffer gets _db_aging_cool_count.",
    library_help:
        "Seed 001's shared pool size tests: no CURSOR_SHARING, so literal SQL is never shared.",
    sources: &[SEED000, SEED001],
    ..V8_0
};

const V8_1_6: ProfileTraits = ProfileTraits {
    profile: Profile::V8_1_6,
    name: "8.1.6",
    // 8.1.6: as 8.1.5, but a cooled buffer keeps its touch count.
    cool: CoolRule::Keep,
    cursor_sharing_force: true,
    buffer_help: "As 8.1.5, but a cooled buffer keeps its touch count.",
    library_help: "CURSOR_SHARING = FORCE is available: literals become :\"SYS_B_n\" binds.",
    ..V8_1_5
};

const V10_2_0_5: ProfileTraits = ProfileTraits {
    profile: Profile::V10_2_0_5,
    name: "10.2.0.5",
    // 8.1.6 rules; serial direct path reads when event_10358 = 4 (bug 8332368), with the
    // KEEP-pool bug 8897574 (seed 004).
    large_scans_to_tail: false,
    direct_reads: DirectReads::Event10358,
    keep_bug: true,
    multiblock_one_mb: true,
    ignores: &["event_10949"],
    buffer_help: "8.1.6 rules; serial direct path reads only with event 10358 at level 4 (bug 8332368); KEEP-pool bug 8897574.",
    library_help: LIB_816,
    sources: &[SEED004],
    ..V8_1_6
};

const V11_2_0_1: ProfileTraits = ProfileTraits {
    profile: Profile::V11_2_0_1,
    name: "11.2.0.1",
    // 8.1.6 rules; serial direct path reads on by default (off with event_10949 = 1),
    // the KEEP-pool bug present.
    direct_reads: DirectReads::OffWithEvent10949,
    ignores: &["event_10358"],
    buffer_help: "Serial direct path reads on by default (off with event 10949 level 1); KEEP-pool bug 8897574.",
    ..V10_2_0_5
};

const V11_2_0_2: ProfileTraits = ProfileTraits {
    profile: Profile::V11_2_0_2,
    name: "11.2.0.2",
    // As 11.2.0.1 with bug 8897574 fixed: a KEEP segment smaller than the KEEP cache is
    // read through the cache; _serial_direct_read takes AUTO, NEVER and ALWAYS.
    keep_bug: false,
    keep_fits_buffered: true,
    serial_direct_read_keywords: true,
    buffer_help: "Bug 8897574 fixed: a KEEP segment smaller than the KEEP cache is buffered; _serial_direct_read takes AUTO, NEVER, ALWAYS.",
    ..V11_2_0_1
};

/// The rows as an array (every row is `Copy`).
const fn table<const N: usize>(rows: &[ProfileTraits]) -> [ProfileTraits; N] {
    let mut t = [rows[0]; N];
    let mut k = 0;
    while k < N {
        t[k] = rows[k];
        k += 1;
    }
    t
}

/// Per variant, its row's index in [`TRAITS`] (two rows of one variant fail to compile).
const ROW_OF: [u8; ROWS.len()] = {
    let mut at = [u8::MAX; ROWS.len()];
    let mut k = 0;
    while k < ROWS.len() {
        let v = ROWS[k].profile as usize;
        assert!(v < ROWS.len(), "more Profile variants than rows in TRAITS");
        assert!(
            at[v] == u8::MAX,
            "a Profile variant with two rows in TRAITS"
        );
        at[v] = k as u8;
        k += 1;
    }
    at
};

impl Profile {
    /// Every profile, in the order of the rows (oldest first).
    pub const ALL: [Profile; ROWS.len()] = {
        let mut all = [Profile::V8_0; ROWS.len()];
        let mut k = 0;
        while k < ROWS.len() {
            all[k] = ROWS[k].profile;
            k += 1;
        }
        all
    };

    pub fn parse(s: &str) -> Result<Profile> {
        TRAITS
            .iter()
            .find(|t| t.name == s)
            .map(|t| t.profile)
            .ok_or_else(|| {
                let names: Vec<&str> = TRAITS.iter().map(|t| t.name).collect();
                SimError::new(
                    "profile",
                    format!(
                        "unknown profile '{}'; the model has {}",
                        crate::error::echo(s),
                        names.join(", ")
                    ),
                )
            })
    }

    /// This version's row of [`TRAITS`].
    #[inline]
    pub fn traits(self) -> &'static ProfileTraits {
        &TRAITS[ROW_OF[self as usize] as usize]
    }

    /// The version's name, as its row spells it ("8.1.6").
    pub fn name(self) -> &'static str {
        self.traits().name
    }

    /// Full scans are candidates for serial direct path reads (10.2.0.5 on).
    pub fn has_serial_direct_reads(self) -> bool {
        self.traits().direct_reads != DirectReads::None
    }

    /// The oldest profile whose row satisfies `has`, for messages ("FORCE needs 8.1.6").
    pub fn first_with(has: impl Fn(&ProfileTraits) -> bool) -> Option<Profile> {
        TRAITS.iter().find(|t| has(t)).map(|t| t.profile)
    }
}

impl Serialize for Profile {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Profile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Profile, D::Error> {
        let name = std::borrow::Cow::<str>::deserialize(d)?;
        Profile::parse(&name).map_err(|e| serde::de::Error::custom(e.message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_name_and_place_their_versions_once() {
        for (k, p) in Profile::ALL.into_iter().enumerate() {
            assert_eq!(TRAITS[k].profile, p, "row {k}");
            assert_eq!(p.name(), TRAITS[k].name);
            assert_eq!(p.traits().profile, p);
            assert_eq!(Profile::parse(p.name()).unwrap(), p);
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, format!("\"{}\"", p.name()));
            assert_eq!(serde_json::from_str::<Profile>(&json).unwrap(), p);
        }
        let wrong = serde_json::from_str::<Profile>("\"9i\"").unwrap_err();
        assert!(
            wrong.to_string().contains("unknown profile '9i'"),
            "{wrong}"
        );
        assert!(Profile::parse("9i")
            .unwrap_err()
            .message
            .contains("8.0, 8.1.5"));
    }

    #[test]
    fn rows_are_consistent() {
        for t in &TRAITS {
            let p = t.profile.name();
            // A scan cannot both go to the tail and be decided between the cache and a direct
            // read: 10.2.0.5 replaced the one rule by the other.
            assert_eq!(
                t.large_scans_to_tail,
                t.direct_reads == DirectReads::None,
                "{p}"
            );
            // The KEEP-pool bug and its fix belong to versions with direct reads, never both.
            assert!(!(t.keep_bug && t.keep_fits_buffered), "{p}");
            if t.keep_bug || t.keep_fits_buffered {
                assert_ne!(t.direct_reads, DirectReads::None, "{p}");
            }
            // Every row says what it changes and where that comes from.
            assert!(!t.sources.is_empty(), "{p}");
            assert!(
                !t.buffer_help.is_empty() && !t.library_help.is_empty(),
                "{p}"
            );
        }
    }

    #[test]
    fn first_with_names_the_oldest() {
        assert_eq!(
            Profile::first_with(|t| t.cursor_sharing_force),
            Some(Profile::V8_1_6)
        );
        assert_eq!(
            Profile::first_with(|t| t.keep_fits_buffered),
            Some(Profile::V11_2_0_2)
        );
    }
}
