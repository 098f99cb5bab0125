//! One test per replacement rule of MODEL.md §1; each fails if its rule is wrong.

use super::lists::{flag, NIL};
use super::Cache;
use crate::buffer::events::{Event, Op, Place, Touch, WriteReason};
use crate::buffer::workload::Access;
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

#[test]
fn v80_hit_moves_to_mru_head() {
    let mut c = cache("8.0", POOL50);
    for b in 0..3 {
        read(&mut c, 0, b);
    }
    assert_eq!(list(&c), vec![2, 1, 0]);
    let ev = read(&mut c, 0, 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Hit {
            touch: Touch::MovedToHead,
            ..
        }
    )));
    assert_eq!(list(&c), vec![0, 2, 1]);
}

#[test]
fn v80_miss_inserts_at_mru_and_replaces_lru_tail() {
    let mut c = cache("8.0", POOL50);
    for b in 0..50 {
        read(&mut c, 0, b);
    }
    let ev = read(&mut c, 0, 50);
    let victim = ev.iter().find_map(|e| match e {
        Event::Victim { old_dba, .. } => Some(super::hash::split_dba(*old_dba).1),
        _ => None,
    });
    assert_eq!(victim, Some(0), "the LRU tail (block 0) is replaced");
    assert_eq!(list(&c)[0], 50);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Insert {
            place: Place::MruHead,
            ..
        }
    )));
}

#[test]
fn never_used_buffers_are_taken_first() {
    let mut c = cache("8.1.5", POOL50);
    let ev = read(&mut c, 0, 7);
    assert!(ev.iter().any(|e| matches!(e, Event::FreeBuffer { .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::Inspect { .. })));
}

#[test]
fn touch_count_read_goes_to_midpoint_with_tch_1() {
    let mut c = cache("8.1.5", POOL50);
    for b in 0..10 {
        read(&mut c, 0, b);
    }
    // make block 0 hot: tch 2 then force a scan over it
    let i = buf_of(&c, 3);
    assert_eq!(c.b.tch[i as usize], 1);
    let ev = read(&mut c, 0, 20);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Insert {
            place: Place::Midpoint,
            tch: 1,
            ..
        }
    )));
    // nothing hot yet: the midpoint is the head
    assert_eq!(list(&c)[0], 20);
}

#[test]
fn touch_count_hit_does_not_move_and_increments_once_per_touch_time() {
    let mut c = cache("8.1.6", POOL50);
    for b in 0..5 {
        read(&mut c, 0, b);
    }
    let before = list(&c);
    let i = buf_of(&c, 2) as usize;
    // 1 s later: too soon (touch time 3 s)
    let ev = read(&mut c, SEC, 2);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Hit {
            touch: Touch::TooSoon,
            tch_after: 1,
            ..
        }
    )));
    assert_eq!(c.b.tch[i], 1);
    // 3 s after the read: incremented, and tim moves
    let ev = read(&mut c, 3 * SEC, 2);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Hit {
            touch: Touch::Incremented,
            tch_after: 2,
            ..
        }
    )));
    assert_eq!(c.b.tim[i], 3 * SEC);
    // 2 s after that: too soon again
    read(&mut c, 5 * SEC, 2);
    assert_eq!(c.b.tch[i], 2);
    assert_eq!(
        list(&c),
        before,
        "hits never move a buffer under touch counts"
    );
}

#[test]
fn touch_time_parameter_is_used() {
    let mut c = cache(
        "8.1.6",
        r#""db_block_buffers": 50, "_db_aging_touch_time": 0"#,
    );
    read(&mut c, 0, 1);
    read(&mut c, 0, 1);
    read(&mut c, 0, 1);
    assert_eq!(c.b.tch[buf_of(&c, 1) as usize], 3);
}

/// Fill a 50-buffer set, then make block 0 reach tch 2.
fn filled_with_hot_block0(profile: &str, init: &str) -> Cache {
    let mut c = cache(profile, init);
    for b in 0..50 {
        read(&mut c, 0, b);
    }
    read(&mut c, 10 * SEC, 0);
    assert_eq!(c.b.tch[buf_of(&c, 0) as usize], 2);
    c
}

#[test]
fn promotion_at_hot_criteria_sets_stay_count() {
    let mut c = filled_with_hot_block0("8.1.5", POOL50);
    let i0 = buf_of(&c, 0);
    // block 0 was read first: it is at the cold tail; the next miss inspects it
    let ev = read(&mut c, 11 * SEC, 100);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Promote { buf, tch_before: 2, tch_after: 0 } if *buf == i0)));
    assert!(c.b.has(i0, flag::HOT));
    assert_eq!(list(&c)[0], 0, "promoted to the hot head");
    // the victim is the next one up the list, block 1
    let victim = ev.iter().find_map(|e| match e {
        Event::Victim { old_dba, .. } => Some(super::hash::split_dba(*old_dba).1),
        _ => None,
    });
    assert_eq!(victim, Some(1));
}

#[test]
fn hot_criteria_parameter_is_used() {
    let mut c = filled_with_hot_block0(
        "8.1.5",
        r#""db_block_buffers": 50, "_db_aging_hot_criteria": 3"#,
    );
    let ev = read(&mut c, 11 * SEC, 100);
    assert!(!ev.iter().any(|e| matches!(e, Event::Promote { .. })));
}

#[test]
fn percent_hot_zero_cools_at_once_and_815_sets_cool_count() {
    let mut c = filled_with_hot_block0(
        "8.1.5",
        r#""db_block_buffers": 50, "_db_percent_hot_default": 0"#,
    );
    let i0 = buf_of(&c, 0);
    let ev = read(&mut c, 11 * SEC, 100);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Cool { buf, tch_after: 1, .. } if *buf == i0)));
    assert!(!c.b.has(i0, flag::HOT));
    assert_eq!(c.b.tch[i0 as usize], 1, "_db_aging_cool_count");
    assert_eq!(c.sets[0].hot_len, 0);
}

/// Cool a buffer whose tch is 2 and return the Cool event's (tch_before, tch_after).
fn cool_a_buffer_with_tch_2(profile: &str) -> (u32, u32) {
    let mut c = cache(
        profile,
        r#""db_block_buffers": 50, "_db_percent_hot_default": 2, "_db_aging_touch_time": 0, "_db_aging_hot_criteria": 3"#,
    );
    for b in 0..50 {
        read(&mut c, 0, b); // tch 1; the tail is block 0
    }
    for b in [0, 0, 1, 1] {
        read(&mut c, 0, b); // blocks 0 and 1 reach tch 3
    }
    read(&mut c, 0, 100); // promote 0, promote 1 (hot_max 1): block 0 cools with tch 0
    let i1 = buf_of(&c, 1);
    assert!(c.b.has(i1, flag::HOT));
    read(&mut c, 0, 1);
    read(&mut c, 0, 1); // hot block 1: tch 0 → 2
    for _ in 0..3 {
        let t = *list(&c).last().unwrap();
        read(&mut c, 0, t); // the tail block reaches tch 4
        read(&mut c, 0, t);
        read(&mut c, 0, t);
        let ev = read(&mut c, 0, 200 + t); // promote the tail: block 1 cools
        if let Some(r) = ev.iter().find_map(|e| match e {
            Event::Cool {
                buf,
                tch_before,
                tch_after,
            } if *buf == i1 => Some((*tch_before, *tch_after)),
            _ => None,
        }) {
            return r;
        }
    }
    panic!("block 1 never cooled");
}

#[test]
fn v816_cooling_keeps_the_touch_count() {
    assert_eq!(cool_a_buffer_with_tch_2("8.1.6"), (2, 2));
    assert_eq!(
        cool_a_buffer_with_tch_2("8.1.5"),
        (2, 1),
        "8.1.5 sets _db_aging_cool_count"
    );
}

#[test]
fn hot_region_is_bounded_by_percent_hot() {
    let mut c = cache(
        "8.1.5",
        r#""db_block_buffers": 100, "_db_aging_touch_time": 0"#,
    );
    for b in 0..100 {
        read(&mut c, 0, b);
        read(&mut c, 0, b);
    }
    for b in 100..400 {
        read(&mut c, 0, b);
    }
    assert!(c.sets[0].hot_len <= 50);
    assert_eq!(c.sets[0].hot_max, 50);
}

#[test]
fn dirty_buffers_are_never_victims_and_go_to_the_write_list() {
    let mut c = cache(
        "8.0",
        r#""db_block_buffers": 50, "_db_block_write_batch": 1000"#,
    );
    at(&mut c, 0, 0, 0, Op::Write);
    for b in 1..50 {
        read(&mut c, 0, b);
    }
    let i0 = buf_of(&c, 0);
    assert!(c.b.has(i0, flag::DIRTY));
    let ev = read(&mut c, 0, 60);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DirtySkip { buf, .. } if *buf == i0)));
    assert!(c.b.has(i0, flag::ON_WRITE_LIST));
    assert_eq!(c.counters[0].dirty_buffers_inspected, 1);
    assert_eq!(c.counters[0].free_buffer_inspected, 2);
    assert_eq!(c.counters[0].db_block_change, 1);
    assert_eq!(c.counters[0].db_block_gets, 1);
}

#[test]
fn free_buffer_wait_after_max_scan_pct_posts_dbwr() {
    let mut c = cache(
        "8.0",
        r#""db_block_buffers": 50, "_db_block_write_batch": 1000"#,
    );
    for b in 0..50 {
        at(&mut c, 0, 0, b, Op::Write);
    }
    let ev = read(&mut c, 0, 60);
    // 40 % of 50 = 20 inspected, all dirty: post DBWR, wait for its batch
    let inspected = ev
        .iter()
        .filter(|e| matches!(e, Event::Inspect { .. }))
        .count();
    assert!(inspected >= 20);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DbwrWrite {
            reason: WriteReason::Posted,
            ..
        }
    )));
    let waited = ev.iter().find_map(|e| match e {
        Event::FreeBufferWait { waited_ns, .. } => Some(*waited_ns),
        _ => None,
    });
    assert_eq!(waited, Some(20 * 1_000_000), "20 buffers × 1 ms each");
    assert_eq!(c.counters[0].free_buffer_wait, 1);
    assert_eq!(c.counters[0].physical_writes, 20);
}

#[test]
fn dbwr_threshold_and_completion_return_buffers_to_the_cold_tail() {
    let mut c = cache(
        "8.1.5",
        r#""db_block_buffers": 50, "_db_block_write_batch": 2"#,
    );
    at(&mut c, 0, 0, 0, Op::Write);
    at(&mut c, 0, 0, 1, Op::Write);
    for b in 2..50 {
        read(&mut c, 0, b);
    }
    let ev = read(&mut c, 0, 60);
    assert!(ev.iter().any(|e| matches!(e, Event::DbwrWrite { reason: WriteReason::Threshold, buffers, .. } if buffers.len() == 2)));
    // 2 ms later the batch is done: clean, at the tail
    let ev = read(&mut c, 10_000_000, 61);
    assert!(ev.iter().any(|e| matches!(e, Event::DbwrComplete { .. })));
    let i0 = buf_of(&c, 0);
    assert!(!c
        .b
        .has(i0, flag::DIRTY | flag::WRITING | flag::ON_WRITE_LIST));
}

#[test]
fn dbwr_timeout_every_3_seconds() {
    let mut c = cache("8.1.5", r#""db_block_buffers": 50"#);
    at(&mut c, 0, 0, 0, Op::Write);
    for b in 1..50 {
        read(&mut c, 0, b);
    }
    read(&mut c, 0, 60); // block 0 (dirty) moves to the write list; below the batch size
    assert_eq!(c.dbwrs[0].batches, 0);
    let ev = read(&mut c, 3 * SEC, 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DbwrWrite {
            reason: WriteReason::Timeout,
            ..
        }
    )));
}

#[test]
fn write_complete_wait_when_changing_a_buffer_being_written() {
    let mut c = cache(
        "8.0",
        r#""db_block_buffers": 50, "_db_block_write_batch": 1"#,
    );
    at(&mut c, 0, 0, 0, Op::Write);
    for b in 1..50 {
        read(&mut c, 0, b);
    }
    read(&mut c, 0, 60); // block 0 goes to DBWR, 1 ms write
    let i0 = buf_of(&c, 0);
    assert!(c.b.has(i0, flag::WRITING));
    let ev = at(&mut c, 0, 0, 0, Op::Write);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::WriteCompleteWait { .. })));
    assert_eq!(c.counters[0].write_complete_wait, 1);
}

#[test]
fn working_sets_split_equally_and_misses_go_round_robin() {
    let mut c = cache(
        "8.0",
        r#""db_block_buffers": 101, "db_block_lru_latches": 2"#,
    );
    assert_eq!((c.sets[0].size(), c.sets[1].size()), (51, 50));
    let sets: Vec<u32> = (0..4)
        .map(|b| {
            read(&mut c, 0, b)
                .iter()
                .find_map(|e| match e {
                    Event::Miss { set, .. } => Some(*set),
                    _ => None,
                })
                .unwrap()
        })
        .collect();
    assert_eq!(sets, vec![0, 1, 0, 1]);
}

#[test]
fn dbwrs_get_working_sets_round_robin_across_pools() {
    let c = cache(
        "8.0",
        r#""db_block_buffers": 300, "db_block_lru_latches": 3, "cpu_count": 1, "db_writer_processes": 2,
           "buffer_pool_keep": "(buffers:100,lru_latches:1)""#,
    );
    assert_eq!(c.dbwrs[0].sets, vec![0, 2]);
    assert_eq!(c.dbwrs[1].sets, vec![1]);
    assert_eq!(c.sets[2].pool, crate::buffer::config::PoolId::Keep);
}

#[test]
fn large_nocache_scan_goes_to_the_tail_small_or_cache_to_the_head() {
    let mut c = cache("8.1.5", POOL50);
    let ev = at(&mut c, 0, 1, 0, Op::Scan);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Insert {
            place: Place::ColdTail,
            ..
        }
    )));
    let ev = at(&mut c, 0, 2, 0, Op::Scan); // SMALL: 5 blocks ≤ 2 % threshold? 50×2% = 1 → large
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Insert {
            place: Place::ColdTail,
            ..
        }
    )));
    let mut c = cache(
        "8.0",
        r#""db_block_buffers": 50, "_small_table_threshold": 10"#,
    );
    let ev = at(&mut c, 0, 2, 0, Op::Scan);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Insert {
            place: Place::MruHead,
            ..
        }
    )));
    let mut a = Access::read(1, 3, Op::Scan);
    a.cache_hint = Some(true);
    c.events.clear();
    c.access(&a, 0, 0);
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::Insert {
            place: Place::MruHead,
            ..
        }
    )));
}

#[test]
fn multiblock_read_charges_one_request() {
    let mut c = cache("8.0", POOL50);
    c.io = crate::io::Io::new(10);
    for b in 0..4 {
        let mut a = Access::read(1, b, Op::Scan);
        a.multiblock = true;
        a.io_start = b == 0;
        c.access(&a, 0, 0);
    }
    assert_eq!(c.now, 10);
    assert_eq!(c.counters[0].physical_reads, 4);
}

#[test]
fn chain_walk_event_and_bucket() {
    let mut c = cache("8.0", POOL50);
    let ev = read(&mut c, 0, 5);
    let bucket = c.hash.bucket_of(super::hash::dba(0, 5));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::ChainWalk { bucket: b, found: None, .. } if *b == bucket)));
    let ev = read(&mut c, 0, 5);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::ChainWalk { found: Some(_), walked, .. } if *walked >= 1)));
    assert_eq!(c.hash.lookups, 2);
}

#[test]
fn list_links_stay_consistent() {
    let mut c = cache(
        "8.1.5",
        r#""db_block_buffers": 100, "_db_aging_touch_time": 0, "_db_block_write_batch": 4"#,
    );
    let mut rng = crate::buffer::workload::Rng::new(3);
    for k in 0..20_000u64 {
        let b = rng.below(300) as u32;
        let op = if rng.below(10) == 0 {
            Op::Write
        } else {
            Op::Read
        };
        at(&mut c, k * 1_000_000, 0, b, op);
    }
    let mut order = Vec::new();
    let mut info = Vec::new();
    c.layout(&mut order, &mut info);
    let mut seen = order.clone();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 100, "every buffer exactly once");
    let ws = &c.sets[0];
    let mut n = 0;
    let mut i = ws.head;
    while i != NIL {
        n += 1;
        i = c.b.next[i as usize];
    }
    assert_eq!(n, ws.len);
}
