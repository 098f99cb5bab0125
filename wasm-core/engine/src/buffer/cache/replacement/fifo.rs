//! FIFO, the textbook's first policy: a block read goes to the head of one queue, a hit
//! changes nothing, the victim is the oldest clean buffer at the tail (Belady 1966; Tanenbaum,
//! "Modern Operating Systems", §3.4.3). Oracle never shipped it; it is here to compare with.

use super::{Cx, RegionDef, Replacement, Setup, Tone, Verdict};
use crate::buffer::cache::events::{Place, Touch};
use crate::buffer::cache::lists::{self};

#[derive(Debug, Clone)]
pub struct Fifo;

const REGIONS: &[RegionDef] = &[RegionDef {
    name: "fifo",
    label: "FIFO queue",
    tone: Tone::Cold,
    head_tag: Some(["NEWEST", "NEW"]),
    tail_tag: Some(["OLDEST", "OLD"]),
    boundary_tag: None,
    legend: "FIFO queue (newest → oldest)",
}];

impl Replacement for Fifo {
    const NAME: &'static str = "fifo";
    const LABEL: &'static str = "FIFO";
    const LINE: &'static str = "a hit changes nothing; the oldest block goes first";
    const LIBCACHESIM: Option<&'static str> = Some("FIFO");

    fn new(_: &Setup) -> Self {
        Fifo
    }

    fn regions(&self) -> &'static [RegionDef] {
        REGIONS
    }

    fn hit(&mut self, _: &mut Cx, _: u32, _: bool) -> Touch {
        // A hit does not reorder the queue.
        Touch::Unchanged
    }

    fn insert(&mut self, cx: &mut Cx, i: u32, _to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 0;
        // Every arrival joins at the head (no hot region: the cold head is the head).
        lists::insert_cold_head(cx.b, cx.ws, i);
        Place::MruHead
    }

    fn judge(&mut self, _: &mut Cx, _: u32) -> Verdict {
        // The oldest clean buffer leaves.
        Verdict::Victim
    }
}
