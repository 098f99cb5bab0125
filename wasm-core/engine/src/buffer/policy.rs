//! What each profile changes in the replacement rules, settled once (MODEL.md's profile
//! table); `rules.rs` asks the policy instead of the profile.
//!
//! ## Issue #13: what an index probe costs and does (seed 000)
//!
//! **`probe_examination`.** An index probe of a cached block is an *examination*: the
//! session reads the block while it holds the cache buffers chains latch, without pinning
//! it (one latch get instead of a pin/unpin pair) — the oaktable.net series "Logical I/O —
//! Evolution" (http://oaktable.net/category/tags/prefetching?page=2);
//! Richard Foote's unique-index demo, root and leaf are examinations
//! (http://richardfoote.files.wordpress.com/2007/12/latches-demo.txt); Tanel Poder, oracle-l
//! 2006 (https://orafaq.com/maillist/oracle-l/2006/01/12/0550.htm); a logical read pins the
//! buffer "except examination" (Alexander Anokhin,
//! http://alexanderanokhin.wordpress.com/2012/07/26/buffer-is-pinned-count/). Without a pin
//! or the LRU latch the get does not reach the working set: the model counts it in no pool's
//! gets and never relinks it. *Which* probes were examinations in 8.0 and 8i is not
//! published; seed 000's own rows pin it down (docs/research/issue13-mechanisms.md §0):
//! TEST4's KEEP pool, holding both indexes, counts 10,000 gets for 10,000 executions, so in
//! 8.0 the UNIQUE SCAN probe is an examination while the RANGE SCAN probe pins its leaf (a
//! range scan comes back to the leaf for the next key — Lewis, oracle-l 2003,
//! https://orafaq.com/maillist/oracle-l/2003/01/29/2474.htm); Table 9 counts ≈ 0 index gets
//! in 8i, so there both probes are examinations. A miss is always a counted get (the block
//! is read into a buffer of the set). Switch: `probe_examination = FALSE`.
//!
//! **`index_hit_stays` (8.0).** A hit on an index block leaves the buffer where it is on the
//! LRU list; table blocks still move to the MRU head. The published 8.0 rule is "every hit
//! moves to the MRU end" (Shallahamer, http://firefightingbook.com/V3/div55/word_the_31.htm;
//! Lewis, https://www.orafaq.com/usenet/comp.databases.oracle.server/2006/03/24/1662.htm) —
//! this rule is an inference from seed 000: TEST3's DEFAULT pool (LARGE_TBL and the two
//! indexes, LOOKUP_TBL in KEEP) reads 12,845 blocks, where strict LRU gives 10,884 on the
//! same access stream and index blocks that age without relinking give 12,935; no constant
//! is involved. Switch: `index_hit_relink = TRUE` restores strict LRU.

use super::events::Probe;
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
    /// Rule `probe_examination`, per kind of visit (indexed by [`Probe`]): a hit of this kind
    /// is an examination — not pinned, not counted in the pool's gets, not relinked.
    pub examination: [bool; 3],
    /// Rule `index_hit_stays` (8.0), per kind of visit: false when a hit of this kind leaves
    /// the buffer where it is on the LRU list instead of moving it to the MRU head.
    pub relink: [bool; 3],
}

/// The issue #13 rules a scenario may switch off (init.ora model switches
/// `probe_examination` and `index_hit_relink`, `init_ora/params.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[ts(export, export_to = "buffer/")]
pub struct ProbeRules {
    /// `probe_examination = TRUE` (the default): index probes of cached blocks are
    /// examinations where the profile makes them so. FALSE: every hit is a counted get.
    pub examination: bool,
    /// `index_hit_relink = FALSE` (the default): 8.0 leaves index blocks in place on a hit.
    /// TRUE: every 8.0 hit moves the buffer to the MRU head (the documented strict LRU).
    pub index_hit_relink: bool,
}

impl Default for ProbeRules {
    fn default() -> Self {
        ProbeRules {
            examination: true,
            index_hit_relink: false,
        }
    }
}

/// Which kinds of visit a rule applies to, indexed by [`Probe`] (block, range, unique).
const NONE: [bool; 3] = [false, false, false];
const ALL: [bool; 3] = [true, true, true];
const INDEX: [bool; 3] = [false, true, true];
const UNIQUE: [bool; 3] = [false, false, true];
/// `relink` when index hits stay: only table (and other) blocks move.
const BLOCKS_ONLY: [bool; 3] = [true, false, false];

impl Policy {
    /// The profile's rules with the scenario's switches applied.
    pub const fn with(profile: Profile, rules: ProbeRules) -> Policy {
        let mut p = Policy::of(profile);
        if !rules.examination {
            p.examination = NONE;
        }
        if rules.index_hit_relink {
            p.relink = ALL;
        }
        p
    }

    /// Whether a hit of kind `probe` is an examination.
    #[inline]
    pub fn examines(&self, probe: Probe) -> bool {
        self.examination[probe as usize]
    }

    pub const fn of(profile: Profile) -> Policy {
        match profile {
            // 8.0: classic LRU, MRU insertion, every hit moves to the head.
            Profile::V8_0 => Policy {
                on_hit: OnHit::MoveToHead,
                touch_counts: false,
                on_cool: OnCool::Keep,
                // probe_examination, 8.0: the UNIQUE SCAN probe is an examination; the RANGE
                // SCAN probe pins its leaf (it must come back for the next key: Lewis, below).
                examination: UNIQUE,
                // index_hit_stays, 8.0: a hit on an index block does not relink it.
                relink: BLOCKS_ONLY,
            },
            // 8.1.5: touch counts, midpoint insertion; cooling sets _db_aging_cool_count.
            Profile::V8_1_5 => Policy {
                on_hit: OnHit::CountTouch,
                touch_counts: true,
                on_cool: OnCool::SetCoolCount,
                // probe_examination, 8i: both index probes (seed 000 Table 9).
                examination: INDEX,
                relink: ALL,
            },
            // 8.1.6: as 8.1.5, but a cooled buffer keeps its touch count. 10.2.0.5 and the
            // 11.2 profiles inherit these rules; they change the I/O path (crate::io).
            Profile::V8_1_6 | Profile::V10_2_0_5 | Profile::V11_2_0_1 | Profile::V11_2_0_2 => {
                Policy {
                    on_hit: OnHit::CountTouch,
                    touch_counts: true,
                    on_cool: OnCool::Keep,
                    examination: INDEX,
                    relink: ALL,
                }
            }
        }
    }
}
