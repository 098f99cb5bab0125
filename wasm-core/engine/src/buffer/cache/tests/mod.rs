//! One test per replacement rule of docs/model.md §1; each fails if its rule is wrong. One file per
//! family of rules; the cache they run on and the small probes they share are here.

mod dbwr;
mod io;
mod lru;
mod probes;
mod scans;
mod sets;
mod touch_count;

use super::lists::{flag, NIL};
use super::Cache;
use crate::buffer::cache::events::{Event, Op, Place, Touch, WriteReason};
use crate::buffer::cache::workload::Access;
use crate::buffer::Instance;
use crate::scenario::Scenario;

const SEC: u64 = 1_000_000_000;

/// A cache from init parameters, objects T (1000 blocks), BIG (10000 blocks, NOCACHE) and
/// SMALL (5 blocks), zero costs so the clock is the accesses' own.
fn cache(profile: &str, init: &str) -> Cache {
    let text = format!(
        r#"{{ "version": 1, "title": "t", "profile": "{profile}", "init": {{ {init} }},
          "objects": [ {{ "name": "T", "type": "TABLE", "blocks": 1000 }},
                       {{ "name": "BIG", "type": "TABLE", "blocks": 10000 }},
                       {{ "name": "SMALL", "type": "TABLE", "blocks": 5 }} ],
          "workload": {{ "kind": "random", "accesses": 1 }},
          "cost": {{ "logical_read_us": 0, "physical_read_ms": 0, "physical_write_ms": 1 }} }}"#
    );
    let mut c = Instance::build(&Scenario::parse(&text).unwrap())
        .unwrap()
        .cache;
    c.record = true;
    c
}

fn at(c: &mut Cache, t_ns: u64, seg: u32, block: u32, op: Op) -> Vec<Event> {
    c.events.clear();
    let mut a = Access::read(seg, block, op);
    a.not_before_ns = t_ns;
    c.access(&a, 0, 0);
    std::mem::take(&mut c.events)
}

fn read(c: &mut Cache, t_ns: u64, block: u32) -> Vec<Event> {
    at(c, t_ns, 0, block, Op::Read)
}

/// Buffer holding block `block` of T.
fn buf_of(c: &Cache, block: u32) -> u32 {
    let dba = super::hash::dba(0, block);
    (0..c.b.len() as u32)
        .find(|&i| c.b.dba[i as usize] == dba)
        .unwrap()
}

/// Blocks of T on set 0's replacement list, head to tail.
fn list(c: &Cache) -> Vec<u32> {
    let mut v = Vec::new();
    super::lists::repl_order(&c.b, &c.sets[0], &mut v);
    v.iter()
        .map(|&i| super::hash::split_dba(c.b.dba[i as usize]).1)
        .collect()
}

const POOL50: &str = r#""db_block_buffers": 50"#;

/// A cache of 50 buffers (one set) with more init parameters `extra` (may be empty).
fn pool50(profile: &str, extra: &str) -> Cache {
    if extra.is_empty() {
        cache(profile, POOL50)
    } else {
        cache(profile, &format!("{POOL50}, {extra}"))
    }
}

/// Read blocks `blocks` of T at time 0.
fn fill(c: &mut Cache, blocks: std::ops::Range<u32>) {
    for b in blocks {
        read(c, 0, b);
    }
}

/// Whether the events insert a block at `place`.
fn inserted_at(ev: &[Event], place: Place) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::Insert { place: p, .. } if *p == place))
}
