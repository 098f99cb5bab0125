//! LFU, throw-away: a hit counts, the scan spares a counted buffer (one less) and takes the
//! first at zero.

use super::{Cx, RegionDef, Replacement, Setup, Tone, Verdict};
use crate::buffer::cache::events::{Place, Touch};
use crate::buffer::cache::lists;

#[derive(Debug, Clone)]
pub struct Lfu {
    freq: Vec<u32>,
}

const REGIONS: &[RegionDef] = &[RegionDef {
    name: "lfu",
    label: "LFU list",
    tone: Tone::Cold,
    head_tag: Some(["NEWEST", "NEW"]),
    tail_tag: Some(["OLDEST", "OLD"]),
    boundary_tag: None,
    legend: "LFU list (newest → oldest)",
}];

impl Replacement for Lfu {
    const NAME: &'static str = "lfu";
    const LABEL: &'static str = "LFU";
    const LINE: &'static str = "a hit counts; the scan takes the first block whose count is zero";
    const LIBCACHESIM: Option<&'static str> = Some("LFU");

    fn new(setup: &Setup) -> Self {
        Lfu {
            freq: vec![0; setup.buffers()],
        }
    }

    fn regions(&self) -> &'static [RegionDef] {
        REGIONS
    }

    fn hit(&mut self, _: &mut Cx, i: u32, _: bool) -> Touch {
        self.freq[i as usize] += 1;
        Touch::Marked
    }

    fn insert(&mut self, cx: &mut Cx, i: u32, _to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 0;
        self.freq[i as usize] = 0;
        lists::insert_cold_head(cx.b, cx.ws, i);
        Place::MruHead
    }

    fn judge(&mut self, _: &mut Cx, i: u32) -> Verdict {
        if self.freq[i as usize] > 0 {
            self.freq[i as usize] -= 1;
            Verdict::Spared
        } else {
            Verdict::Victim
        }
    }
}
