//! Oracle 8i's touch-count replacement (docs/model.md §1, seed 000): midpoint insertion, touch
//! counts, a hot and a cold region.
//!
//! - A block read goes to the **midpoint** (the head of the cold region) with tch = 1.
//! - A hit does not move the buffer: tch += 1, at most once per `_db_aging_touch_time`.
//! - The victim scan goes from the cold tail: a buffer with tch ≥ `_db_aging_hot_criteria` is
//!   promoted to the hot head with tch = `_db_aging_stay_count`; the first other clean buffer
//!   is the victim.
//! - The hot region holds at most `_db_percent_hot` of the set: a promotion that overfills
//!   it cools the last hot buffer across the midpoint. 8.1.5 sets its tch to
//!   `_db_aging_cool_count`; 8.1.6 on keeps it (the profile's `cool` rule).

use super::{Cx, RegionDef, Replacement, Setup, Tone, Verdict};
use crate::buffer::cache::events::{Event, Place, Touch};
use crate::buffer::cache::lists::{self, WorkingSet};
use crate::profile::CoolRule;

#[derive(Debug, Clone)]
pub struct TouchCount {
    hot_criteria: u32,
    stay_count: u32,
    cool_count: u32,
    touch_time_ns: u64,
    cool: CoolRule,
}

const REGIONS: &[RegionDef] = &[
    RegionDef {
        name: "hot",
        label: "hot",
        tone: Tone::Hot,
        head_tag: Some(["HOT HEAD", "HOT"]),
        tail_tag: None,
        boundary_tag: None,
        legend: "hot region",
    },
    RegionDef {
        name: "cold",
        label: "cold",
        tone: Tone::Cold,
        head_tag: None,
        tail_tag: Some(["COLD TAIL", "TAIL"]),
        boundary_tag: Some(["MIDPOINT", "MID"]),
        legend: "cold region",
    },
];

impl TouchCount {
    /// Move to the hot head with tch = `_db_aging_stay_count`, then cool the hot region back
    /// to `_db_percent_hot` of the set.
    fn promote(&self, cx: &mut Cx, i: u32) {
        lists::unlink_repl(cx.b, cx.ws, i);
        lists::insert_hot_head(cx.b, cx.ws, i);
        let tch_before = cx.b.tch[i as usize];
        cx.b.tch[i as usize] = self.stay_count;
        let tch_after = self.stay_count;
        cx.rec.emit(|| Event::Promote {
            buf: i,
            tch_before,
            tch_after,
        });
        while cx.ws.hot_len > cx.ws.hot_max {
            let c = lists::cool_one(cx.b, cx.ws);
            let tch_before = cx.b.tch[c as usize];
            // 8.1.5: a cooled buffer gets _db_aging_cool_count; 8.1.6 keeps its count.
            if self.cool == CoolRule::SetCoolCount {
                cx.b.tch[c as usize] = self.cool_count;
            }
            let tch_after = cx.b.tch[c as usize];
            cx.rec.emit(|| Event::Cool {
                buf: c,
                tch_before,
                tch_after,
            });
        }
    }
}

impl Replacement for TouchCount {
    const HOT_AND_COLD: bool = true;
    const NAME: &'static str = "touch-count";
    const LABEL: &'static str = "8i touch count";
    const LINE: &'static str =
        "new blocks enter at the midpoint; reaching the cold tail, a block touched twice or more moves to the hot region";
    const TOUCH_COUNTS: bool = true;

    fn new(setup: &Setup) -> Self {
        TouchCount {
            hot_criteria: setup.aging.hot_criteria,
            stay_count: setup.aging.stay_count,
            cool_count: setup.aging.cool_count,
            touch_time_ns: setup.aging.touch_time_ns,
            cool: setup.traits.cool,
        }
    }

    fn regions(&self) -> &'static [RegionDef] {
        REGIONS
    }

    fn region_limits(&self, ws: &WorkingSet) -> Vec<Option<u32>> {
        // _db_percent_hot: floor(size × percent / 100) buffers may be hot.
        vec![Some(ws.hot_max), None]
    }

    // Inlined into the trace replay's loop, as LRU's (issue 42).
    #[inline(always)]
    fn hit(&mut self, cx: &mut Cx, i: u32, _relink: bool) -> Touch {
        // 8i rule: tch += 1 at most once per _db_aging_touch_time; the buffer stays.
        let since = cx.now.saturating_sub(cx.b.tim[i as usize]);
        if since >= self.touch_time_ns {
            cx.b.tch[i as usize] += 1;
            cx.b.tim[i as usize] = cx.now;
            Touch::Incremented
        } else {
            Touch::TooSoon
        }
    }

    #[inline(always)]
    fn insert(&mut self, cx: &mut Cx, i: u32, to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 1;
        if to_tail {
            // 8.x: a large NOCACHE full scan reads into the cold tail.
            lists::insert_cold_tail(cx.b, cx.ws, i);
            Place::ColdTail
        } else {
            // Midpoint insertion: the head of the cold region.
            lists::insert_cold_head(cx.b, cx.ws, i);
            Place::Midpoint
        }
    }

    #[inline]
    fn judge(&mut self, cx: &mut Cx, i: u32) -> Verdict {
        if cx.b.tch[i as usize] >= self.hot_criteria {
            // tch ≥ _db_aging_hot_criteria: promote to the hot head.
            self.promote(cx, i);
            Verdict::Spared
        } else {
            Verdict::Victim
        }
    }
}
