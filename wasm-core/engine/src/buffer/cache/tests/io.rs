//! The I/O path as the cache follows it (docs/model.md §1 "Full scans, direct path reads and the
//! OS page cache"): direct scans bypass the pools, the segment checkpoint, the OS page cache
//! and double buffering, flush, script statements, the 10g scan placement.

use super::*;
use crate::buffer::cache::workload::{Action, Control};
use crate::buffer::PoolId;
use crate::io::{ReadSource, ScanReason};

/// A full scan of segment `seg` (every block), as the scan workload makes it.
fn scan(c: &mut Cache, seg: u32) -> Vec<Event> {
    c.events.clear();
    let mut out = Vec::new();
    let blocks = c.segs[seg as usize].blocks;
    crate::buffer::cache::workload::push_scan(&mut out, seg, blocks, 8, None);
    for a in &out {
        c.access(a, 0, 0);
    }
    std::mem::take(&mut c.events)
}

fn decision(ev: &[Event]) -> crate::io::ScanDecision {
    ev.iter()
        .find_map(|e| match e {
            Event::ScanStart { decision, .. } => Some(*decision),
            _ => None,
        })
        .unwrap()
}

/// 1000 buffers: STT 20 (2 % of 1000), large above 100 blocks; T (1000 blocks) is large.
const K1: &str = r#""db_block_buffers": 1000"#;

#[test]
fn a_direct_scan_reads_into_the_session_and_leaves_the_pools_alone() {
    let mut c = cache("11.2.0.1", K1);
    let ev = scan(&mut c, 0);
    let d = decision(&ev);
    assert_eq!(
        (d.direct, d.reason, d.large_above),
        (true, ScanReason::Large, 100)
    );
    assert_eq!(c.io.n.physical_reads_direct, 1000);
    assert_eq!(
        c.counters[0].physical_reads + c.counters[0].consistent_gets,
        0
    );
    assert!(c.b.dba.iter().all(|&d| d == 0), "no buffer took a block");
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::DirectRead { .. }))
            .count(),
        1000
    );
    assert_eq!((c.io.n.table_scans_long, c.io.n.table_scans_direct), (1, 1));
}

#[test]
fn half_cached_segment_is_scanned_through_the_cache() {
    let mut c = cache("11.2.0.1", K1);
    fill(&mut c, 0..500); // half of T cached by single-block reads
    let d = decision(&scan(&mut c, 0));
    assert_eq!(
        (d.direct, d.reason, d.cached),
        (false, ScanReason::MostlyCached, 500)
    );
    let mut c = cache("11.2.0.1", K1);
    fill(&mut c, 0..499);
    assert!(decision(&scan(&mut c, 0)).direct);
}

#[test]
fn a_direct_read_first_checkpoints_the_segments_dirty_buffers() {
    let mut c = cache("11.2.0.1", K1);
    for b in 0..10 {
        at(&mut c, 0, 0, b, Op::Write);
    }
    let before = c.now;
    let ev = scan(&mut c, 0);
    let (buffers, waited) = ev
        .iter()
        .find_map(|e| match e {
            Event::SegmentCheckpoint {
                buffers, waited_ns, ..
            } => Some((*buffers, *waited_ns)),
            _ => None,
        })
        .expect("a checkpoint before the direct read");
    assert_eq!((buffers, waited), (10, 10_000_000)); // physical_write_ms 1 each
    assert!(c.now >= before + waited);
    assert!((0..c.b.len()).all(|i| c.b.flags[i] & flag::DIRTY == 0));
    assert_eq!(c.counters[0].physical_writes, 10);
}

#[test]
fn ten_two_reads_a_buffered_scan_to_the_midpoint_eight_i_to_the_cold_tail() {
    // T is 1000 blocks > STT 1 of a 50-buffer pool: 8i puts its scan blocks at the cold tail.
    let mut c = pool50("8.1.6", "");
    assert!(inserted_at(&at(&mut c, 0, 0, 0, Op::Scan), Place::ColdTail));
    let mut c = pool50("10.2.0.5", "");
    let ev = at(&mut c, 0, 0, 0, Op::Scan);
    assert!(inserted_at(&ev, Place::Midpoint));
}

#[test]
fn multiblock_read_count_defaults_to_one_megabyte_from_10g() {
    assert_eq!(cache("8.1.6", K1).cfg.multiblock_read_count, 8);
    let c = cache("10.2.0.5", &format!("{K1}, \"db_block_size\": 8192"));
    assert_eq!(c.cfg.multiblock_read_count, 128);
    assert_eq!(c.io.cfg.small_table_threshold, 20);
    let c = cache("10.2.0.5", r#""db_block_buffers": 100"#);
    assert_eq!(c.io.cfg.small_table_threshold, 20, "at least 20 blocks");
}

/// 100 buffers of 2 KB and a host of 1 MB: the OS page cache holds (1 MB − 200 KB) / 2 KB.
const OS: &str = r#""db_block_buffers": 100, "filesystemio_options": "NONE", "host_memory": "1M""#;

#[test]
fn the_os_page_cache_gets_what_the_sga_leaves_and_serves_misses_as_copies() {
    let mut c = cache("8.1.6", OS);
    assert_eq!(c.io.cfg.os_cache_blocks, (1_048_576 - 100 * 2048) / 2048);
    let ev = read(&mut c, 0, 7);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Read {
            source: ReadSource::Disk,
            ..
        }
    )));
    let i = buf_of(&c, 7);
    assert!(c.b.has(i, flag::OS_CACHED));
    assert_eq!(c.io.double_buffered(), 1);
    // Push block 7 out of the buffer cache: it leaves the DB layer, stays in the OS layer.
    fill(&mut c, 100..300);
    assert!(c.b.dba.iter().all(|&d| d != super::super::hash::dba(0, 7)));
    assert!(c.io.double_buffered() <= 100);
    let ev = read(&mut c, 0, 7);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Read {
            source: ReadSource::OsCache,
            ..
        }
    )));
    assert_eq!(c.io.n.os_hits, 1);
    assert_eq!(
        c.counters[0].physical_reads, 202,
        "Oracle still counts a physical read"
    );
}

#[test]
fn direct_io_has_no_os_page_cache() {
    let c = cache("8.1.6", &OS.replace("NONE", "SETALL"));
    assert!(c.io.os.is_none());
}

#[test]
fn flush_frees_every_buffer_and_writes_the_dirty_ones() {
    let mut c = cache("8.1.6", OS);
    fill(&mut c, 0..20);
    at(&mut c, 0, 0, 3, Op::Write);
    c.script = std::rc::Rc::from(vec![Control {
        text: "alter system flush buffer_cache".into(),
        action: Action::Flush,
    }]);
    let mut a = Access::read(0, 0, Op::Read);
    a.ctl = 1;
    c.events.clear();
    c.access(&a, 0, 0);
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::Flushed {
            buffers: 20,
            written: 1
        }
    )));
    assert!(c.b.dba.iter().all(|&d| d == 0));
    assert_eq!(c.io.double_buffered(), 0);
    assert_eq!(
        (0..c.hash.bucket_count())
            .map(|b| c.hash.chain_len(b))
            .sum::<u32>(),
        0
    );
    // The cache works on after the flush: the block comes back from the OS page cache.
    let ev = read(&mut c, 0, 3);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Read {
            source: ReadSource::OsCache,
            ..
        }
    )));
}

#[test]
fn a_script_moves_a_segment_to_another_pool_for_later_reads_only() {
    let mut c = cache(
        "8.1.6",
        r#""db_block_buffers": 100, "buffer_pool_keep": "(buffers:50,lru_latches:1)", "db_block_lru_latches": 2"#,
    );
    read(&mut c, 0, 1);
    c.script = std::rc::Rc::from(vec![Control {
        text: "alter table t storage (buffer_pool keep)".into(),
        action: Action::SetPool {
            seg: 0,
            pool: PoolId::Keep,
        },
    }]);
    let mut a = Access::read(0, 0, Op::Read);
    a.ctl = 1;
    c.access(&a, 0, 0);
    read(&mut c, 0, 2);
    let pool_of = |c: &Cache, b: u32| c.pool_of_set(c.b.set[buf_of(c, b) as usize]);
    assert_eq!(pool_of(&c, 1), PoolId::Default);
    assert_eq!(pool_of(&c, 2), PoolId::Keep);
    assert_eq!(c.steps.len(), 1);
}

#[test]
fn new_parameters_are_checked_with_their_limits() {
    let bad = |init: &str, path: &str, needle: &str| {
        let text = format!(
            r#"{{ "version": 1, "title": "t", "profile": "10.2.0.5", "init": {{ {init} }},
              "objects": [ {{ "name": "T", "type": "TABLE", "blocks": 10 }} ],
              "workload": {{ "kind": "random", "accesses": 1 }} }}"#
        );
        let e = Instance::build(&Scenario::parse(&text).unwrap())
            .err()
            .unwrap();
        assert_eq!(e.path, path, "{e}");
        assert!(e.message.contains(needle), "{e}");
    };
    bad(
        r#""db_block_buffers": 1000, "host_memory": "1M""#,
        "init.host_memory",
        "SGA",
    );
    bad(
        r#""_serial_direct_read": "auto""#,
        "init._serial_direct_read",
        "11.2.0.2",
    );
    bad(r#""event_10358": 5"#, "init.event_10358", "maximum 4");
    bad(
        r#""db_block_buffers": 100, "host_memory": "64G""#,
        "init.host_memory",
        "at most 4194304",
    );
    bad(r#""event_10358": 3"#, "init.event_10358", "0 and 4");
    bad(
        r#""filesystemio_options": "fast""#,
        "init.filesystemio_options",
        "SETALL",
    );
}

#[test]
fn a_long_step_records_a_bounded_number_of_events_then_says_so() {
    let mut c = cache("11.2.0.1", K1);
    let ev = scan(&mut c, 0); // 1000 direct blocks: well under the cap
    assert!(!ev.iter().any(|e| matches!(e, Event::Elided { .. })));
    let mut c = cache("8.1.6", r#""db_block_buffers": 1000"#);
    c.events.clear();
    for b in 0..5000 {
        let a = Access::read(1, b, Op::Read);
        c.access(&a, 0, 0);
    }
    assert_eq!(
        c.events.len(),
        crate::buffer::cache::events::MAX_STEP_EVENTS + 1
    );
    assert!(matches!(
        c.events.last(),
        Some(Event::Elided { after: 10_000 })
    ));
}
