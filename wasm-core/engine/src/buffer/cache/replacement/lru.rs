//! Classic LRU, Oracle 8.0's rule (docs/model.md §1): a block read goes to the MRU head, every
//! counted hit moves its buffer back to the MRU head, the victim is the least recently used
//! clean buffer at the LRU tail. A large NOCACHE full scan reads into the LRU tail instead, so
//! it does not flush the cache. The profile's probe rules may leave a hit in place
//! (`index_hit_stays`, `probes.rs`).

use super::{Cx, RegionDef, Replacement, Setup, Tone, Verdict};
use crate::buffer::cache::events::{Place, Touch};
use crate::buffer::cache::lists::{self, flag};

#[derive(Debug, Clone)]
pub struct Lru;

const REGIONS: &[RegionDef] = &[RegionDef {
    name: "lru",
    label: "LRU list",
    tone: Tone::Cold,
    head_tag: Some(["MRU HEAD", "MRU"]),
    tail_tag: Some(["LRU TAIL", "LRU"]),
    boundary_tag: None,
    legend: "LRU list (MRU → LRU)",
}];

impl Replacement for Lru {
    const NAME: &'static str = "lru";
    const LABEL: &'static str = "8.0 classic LRU";
    const LINE: &'static str =
        "a hit moves the block to the MRU head; the least recently used block goes first";
    const LIBCACHESIM: Option<&'static str> = Some("LRU");
    const LRU_STACK: bool = true;

    fn new(_: &Setup) -> Self {
        Lru
    }

    fn regions(&self) -> &'static [RegionDef] {
        REGIONS
    }

    // Inlined into the trace replay's loop (issue 42: a call each hit and miss cost LRU 12 %).
    #[inline(always)]
    fn hit(&mut self, cx: &mut Cx, i: u32, relink: bool) -> Touch {
        // index_hit_stays (8.0): an index block's hit, or an examination, leaves the buffer
        // in place (init.ora switch index_hit_relink).
        if !relink {
            return Touch::Stayed;
        }
        // 8.0 rule: every hit moves the buffer to the MRU head (unless DBWR holds it on the
        // write list, where it is off the replacement list). Already at the MRU head (no hot
        // region: the cold head is the MRU head), moving it would leave the list as it is.
        let at_head = cx.ws.head == i && cx.ws.cold_head == i;
        if !at_head && !cx.b.has(i, flag::ON_WRITE_LIST | flag::WRITING) {
            lists::unlink_repl(cx.b, cx.ws, i);
            lists::insert_cold_head(cx.b, cx.ws, i);
        }
        Touch::MovedToHead
    }

    #[inline(always)]
    fn insert(&mut self, cx: &mut Cx, i: u32, to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 0;
        if to_tail {
            // A large NOCACHE full scan: into the LRU tail, the next victim.
            lists::insert_cold_tail(cx.b, cx.ws, i);
            Place::LruTail
        } else {
            // No hot region: the cold head is the MRU head.
            lists::insert_cold_head(cx.b, cx.ws, i);
            Place::MruHead
        }
    }

    #[inline]
    fn judge(&mut self, _: &mut Cx, _: u32) -> Verdict {
        // The least recently used clean buffer is the victim.
        Verdict::Victim
    }
}
