//! Issue #13's index probe rules (probes.rs): `probe_examination` — an index probe of a
//! cached block is an examination, not a pool get — and `index_hit_stays` — an 8.0 hit on an
//! index block leaves it in place. Each with its init.ora model switch.

use super::*;
use crate::buffer::cache::events::{Get, Probe};
use crate::buffer::PoolId;

/// A hit (or miss) of block `block` of T as a visit of kind `probe`.
fn probe(c: &mut Cache, block: u32, probe: Probe) -> Vec<Event> {
    c.events.clear();
    let mut a = Access::read(0, block, Op::Read);
    a.probe = probe;
    c.access(&a, 0, 0);
    std::mem::take(&mut c.events)
}

fn gets(c: &Cache) -> u64 {
    c.counters[PoolId::Default.index()].consistent_gets
}

fn hit_get(ev: &[Event]) -> Option<Get> {
    ev.iter().find_map(|e| match e {
        Event::Hit { get, .. } => Some(*get),
        _ => None,
    })
}

fn hit_touch(ev: &[Event]) -> Option<Touch> {
    ev.iter().find_map(|e| match e {
        Event::Hit { touch, .. } => Some(*touch),
        _ => None,
    })
}

#[test]
fn unique_probe_of_a_cached_block_is_an_examination_not_a_pool_get() {
    for profile in ["8.0", "8.1.5", "8.1.6"] {
        let mut c = pool50(profile, "");
        // the first probe misses: a physical read is a counted get
        probe(&mut c, 0, Probe::UniqueScan);
        assert_eq!(gets(&c), 1, "{profile}: a miss is a get");
        let ev = probe(&mut c, 0, Probe::UniqueScan);
        assert_eq!(hit_get(&ev), Some(Get::Examination), "{profile}");
        assert_eq!(gets(&c), 1, "{profile}: the examination is not a pool get");
        // a table block by rowid is a pinned get, counted
        read(&mut c, 0, 1);
        let ev = read(&mut c, 0, 1);
        assert_eq!(hit_get(&ev), Some(Get::Pinned), "{profile}");
        assert_eq!(gets(&c), 3, "{profile}");
    }
}

#[test]
fn range_probe_is_a_pinned_get_in_8_0_and_an_examination_in_8i() {
    let mut c = pool50("8.0", "");
    probe(&mut c, 0, Probe::RangeScan);
    let ev = probe(&mut c, 0, Probe::RangeScan);
    assert_eq!(hit_get(&ev), Some(Get::Pinned));
    assert_eq!(gets(&c), 2);
    let mut c = pool50("8.1.6", "");
    probe(&mut c, 0, Probe::RangeScan);
    let ev = probe(&mut c, 0, Probe::RangeScan);
    assert_eq!(hit_get(&ev), Some(Get::Examination));
    assert_eq!(gets(&c), 1);
}

#[test]
fn probe_examination_false_counts_every_hit() {
    for profile in ["8.0", "8.1.6"] {
        let mut c = pool50(profile, r#""probe_examination": false"#);
        probe(&mut c, 0, Probe::UniqueScan);
        let ev = probe(&mut c, 0, Probe::UniqueScan);
        assert_eq!(hit_get(&ev), Some(Get::Pinned), "{profile}");
        probe(&mut c, 0, Probe::RangeScan);
        assert_eq!(gets(&c), 3, "{profile}");
    }
}

#[test]
fn v80_index_hit_stays_table_hit_moves() {
    let mut c = pool50("8.0", "");
    fill(&mut c, 0..3);
    assert_eq!(list(&c), vec![2, 1, 0]);
    // a range-scan probe (pinned, counted) of the LRU tail leaves it there
    let ev = probe(&mut c, 0, Probe::RangeScan);
    assert_eq!(hit_touch(&ev), Some(Touch::Stayed));
    assert_eq!(list(&c), vec![2, 1, 0]);
    // a unique-scan probe (an examination) leaves it there too
    let ev = probe(&mut c, 1, Probe::UniqueScan);
    assert_eq!(hit_touch(&ev), Some(Touch::Stayed));
    assert_eq!(list(&c), vec![2, 1, 0]);
    // a table block by rowid moves to the MRU head
    let ev = read(&mut c, 0, 0);
    assert_eq!(hit_touch(&ev), Some(Touch::MovedToHead));
    assert_eq!(list(&c), vec![0, 2, 1]);
}

#[test]
fn v80_index_hit_relink_true_is_strict_lru() {
    let mut c = pool50("8.0", r#""index_hit_relink": true"#);
    fill(&mut c, 0..3);
    let ev = probe(&mut c, 0, Probe::RangeScan);
    assert_eq!(hit_touch(&ev), Some(Touch::MovedToHead));
    assert_eq!(list(&c), vec![0, 2, 1]);
    // an examination takes no LRU latch: it still stays
    let ev = probe(&mut c, 1, Probe::UniqueScan);
    assert_eq!(hit_touch(&ev), Some(Touch::Stayed));
    // both switches off: the model before #13, every hit a get that moves the buffer
    let mut c = pool50(
        "8.0",
        r#""index_hit_relink": true, "probe_examination": false"#,
    );
    fill(&mut c, 0..3);
    let ev = probe(&mut c, 1, Probe::UniqueScan);
    assert_eq!(hit_touch(&ev), Some(Touch::MovedToHead));
    assert_eq!(list(&c), vec![1, 2, 0]);
}

#[test]
fn v80_an_index_block_left_in_place_ages_out_while_used() {
    // index_hit_stays is what seed 000's 8.0 physical reads show: an index block read once
    // and probed on every access still reaches the LRU tail and is read again.
    let mut c = pool50("8.0", "");
    probe(&mut c, 0, Probe::RangeScan);
    for b in 1..50 {
        read(&mut c, 0, b);
        probe(&mut c, 0, Probe::RangeScan);
    }
    let ev = read(&mut c, 0, 50);
    let victim = ev.iter().find_map(|e| match e {
        Event::Victim { old_dba, .. } => Some(crate::buffer::cache::hash::split_dba(*old_dba).1),
        _ => None,
    });
    assert_eq!(victim, Some(0), "the probed index block was the LRU tail");
    // under strict LRU it would have stayed at the head
    let mut c = pool50("8.0", r#""index_hit_relink": true"#);
    probe(&mut c, 0, Probe::RangeScan);
    for b in 1..50 {
        read(&mut c, 0, b);
        probe(&mut c, 0, Probe::RangeScan);
    }
    let ev = read(&mut c, 0, 50);
    assert!(!ev.iter().any(
        |e| matches!(e, Event::Victim { old_dba, .. } if *old_dba == crate::buffer::cache::hash::dba(0, 0))
    ));
}

#[test]
fn v8i_examination_still_counts_a_touch() {
    // 8i: the touch count is bumped without the LRU latch, so an examination raises it too
    let mut c = pool50("8.1.6", "");
    probe(&mut c, 0, Probe::UniqueScan);
    c.events.clear();
    let mut a = Access::read(0, 0, Op::Read);
    a.probe = Probe::UniqueScan;
    a.not_before_ns = 4 * SEC;
    c.access(&a, 0, 0);
    assert_eq!(hit_touch(&c.events), Some(Touch::Incremented));
}

#[test]
fn a_write_is_never_an_examination() {
    let mut c = pool50("8.0", "");
    probe(&mut c, 0, Probe::UniqueScan);
    let mut a = Access::read(0, 0, Op::Write);
    a.probe = Probe::UniqueScan;
    c.events.clear();
    c.access(&a, 0, 0);
    assert_eq!(hit_get(&c.events), Some(Get::Pinned));
    assert_eq!(c.counters[PoolId::Default.index()].db_block_gets, 1);
}
