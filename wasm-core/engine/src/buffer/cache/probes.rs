//! The index probe rules a profile's row sets (`profile::TRAITS`: `examination`, `relink`),
//! with a scenario's switches applied ([`ProbeRules`], which the configuration holds), settled
//! once; `rules.rs` asks them on every hit before the replacement policy (`replacement/`) is
//! asked what the hit does.
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

use super::config::ProbeRules;
use super::events::Probe;
use crate::profile::{ProbeKinds, Profile, ALL_PROBE_KINDS, NO_PROBE_KINDS};

/// One profile's probe rules with the scenario's switches applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probes {
    /// Rule `probe_examination`, per kind of visit (indexed by [`Probe`]): a hit of this kind
    /// is an examination — not pinned, not counted in the pool's gets, not relinked.
    pub examination: ProbeKinds,
    /// Rule `index_hit_stays` (8.0), per kind of visit: false when a hit of this kind leaves
    /// the buffer where it is on the LRU list instead of moving it to the MRU head.
    pub relink: ProbeKinds,
}

impl Probes {
    /// The profile's rules with the scenario's switches applied.
    pub fn with(profile: Profile, rules: ProbeRules) -> Probes {
        let t = profile.traits();
        Probes {
            examination: if rules.examination {
                t.examination
            } else {
                NO_PROBE_KINDS
            },
            relink: if rules.index_hit_relink {
                ALL_PROBE_KINDS
            } else {
                t.relink
            },
        }
    }

    /// Whether a hit of kind `probe` is an examination.
    #[inline]
    pub fn examines(&self, probe: Probe) -> bool {
        self.examination[probe as usize]
    }
}
