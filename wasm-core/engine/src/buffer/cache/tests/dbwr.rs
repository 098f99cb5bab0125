//! Dirty buffers and DBWR: the write list, free buffer waits, batches, the 3 s timeout and
//! write complete waits.

use super::*;

/// A 50-buffer set full of T's blocks 0..50, block 0 changed (dirty).
fn dirty_block0_in_full_set(profile: &str, extra: &str) -> Cache {
    let mut c = pool50(profile, extra);
    at(&mut c, 0, 0, 0, Op::Write);
    fill(&mut c, 1..50);
    c
}

#[test]
fn dirty_buffers_are_never_victims_and_go_to_the_write_list() {
    let mut c = dirty_block0_in_full_set("8.0", r#""_db_block_write_batch": 1000"#);
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
    let mut c = pool50("8.0", r#""_db_block_write_batch": 1000"#);
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
    let mut c = pool50("8.1.5", r#""_db_block_write_batch": 2"#);
    at(&mut c, 0, 0, 0, Op::Write);
    at(&mut c, 0, 0, 1, Op::Write);
    fill(&mut c, 2..50);
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
    let mut c = dirty_block0_in_full_set("8.1.5", r#""db_block_buffers": 50"#);
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
    let mut c = dirty_block0_in_full_set("8.0", r#""_db_block_write_batch": 1"#);
    read(&mut c, 0, 60); // block 0 goes to DBWR, 1 ms write
    let i0 = buf_of(&c, 0);
    assert!(c.b.has(i0, flag::WRITING));
    let ev = at(&mut c, 0, 0, 0, Op::Write);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::WriteCompleteWait { .. })));
    assert_eq!(c.counters[0].write_complete_wait, 1);
}

/// Issue 14: a clock past `MAX_SIM_NS` (only DBWR and checkpoint waits can take it there
/// after the build's check) stops the run with a fault; it never wraps, and DBWR's timeout
/// loop ends.
#[test]
fn clock_past_its_limit_faults_instead_of_wrapping() {
    use crate::buffer::cache::workload::MAX_SIM_NS;
    let mut c = cache("8.1.5", "");
    at(&mut c, 0, 0, 1, Op::Write);
    let mut a = Access::read(0, 2, Op::Write);
    a.not_before_ns = MAX_SIM_NS - 10;
    a.sleep_after_ns = u64::MAX;
    c.access(&a, 1, 1);
    assert_eq!(c.now, u64::MAX);
    let f = c.fault.clone().expect("a fault");
    assert!(f.message.contains("1000000000 s"), "{f}");
    // nothing more happens, and nothing loops
    let before = c.counters;
    at(&mut c, 0, 0, 3, Op::Read);
    assert_eq!(c.counters[0].consistent_gets, before[0].consistent_gets);
}

/// A free buffer wait that takes the clock past `MAX_SIM_NS` stops the run on the clock's
/// limit: past it DBWR does no more (`run_dbwrs`), so scanning on could only end, a thousand
/// waits later, in "no clean buffer", a model error that was not the reason (issue 44).
#[test]
fn a_free_buffer_wait_past_the_clock_limit_stops_on_the_clock() {
    use crate::buffer::cache::workload::MAX_SIM_NS;
    let mut c = pool50("8.1.6", "");
    let late = MAX_SIM_NS - 10_000_000; // 10 ms before the limit
    for b in 0..50 {
        at(&mut c, late, 0, b, Op::Write);
    }
    assert!(c.fault.is_none());
    // 20 dirty buffers inspected, then DBWR's batch of 1 ms writes: past the limit
    read(&mut c, late, 60);
    let f = c.fault.clone().expect("a fault");
    assert!(f.message.contains("simulated clock passed"), "{f}");
    assert_eq!(c.counters[0].free_buffer_wait, 1);
}

/// Every buffer of set 0 is once on its replacement list, its write list, in a DBWR batch or
/// never used; the walks are bounded, so a list that turned into a ring fails here too.
fn assert_lists_whole(c: &Cache, what: &str) {
    let ws = &c.sets[0];
    let walk = |mut i: u32| {
        let mut v = Vec::new();
        while i != NIL && v.len() <= c.b.len() {
            v.push(i);
            i = c.b.link[i as usize].next;
        }
        v
    };
    let (repl, wl) = (walk(ws.head), walk(ws.wl_head));
    assert_eq!(
        repl.len() as u32,
        ws.len,
        "{what}: replacement list {repl:?}"
    );
    assert_eq!(wl.len() as u32, ws.wl_len, "{what}: write list {wl:?}");
    let mut seen = vec![0; c.b.len()];
    let writing = c.dbwrs.iter().flat_map(|d| d.inflight.iter());
    for &i in repl.iter().chain(&wl).chain(writing).chain(&ws.freed) {
        seen[i as usize] += 1;
    }
    for i in ws.next_free..ws.hi {
        seen[i as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n == 1), "{what}: {seen:?}");
}

/// Issue 44: a dirty buffer the victim scan sends to DBWR leaves the list once, also when it
/// was the last one the scan had left to look at. CLOCK's and SIEVE's hand wraps from the
/// head round to the tail, and S3-FIFO's walk names the head itself, so after the set's last
/// buffer on the list the walk named that buffer again: the scan took it off twice, and the
/// list became a ring (the page's layout then never ended; CLOCK's next miss found no clean
/// buffer and stopped the run). Writes of new blocks with DBWR writing one buffer a batch
/// leave the list a few dirty buffers long.
#[test]
fn a_dirty_buffer_goes_to_the_write_list_once_under_every_policy() {
    use crate::buffer::cache::replacement::NAMES;
    for &policy in NAMES {
        let mut c = pool50("8.1.6", r#""_db_block_write_batch": 1"#);
        assert!(c.use_policy(policy));
        for b in 0..120 {
            at(&mut c, 0, 0, b, Op::Write);
            assert_lists_whole(&c, &format!("{policy}, after writing block {b}"));
        }
        assert!(c.fault.is_none(), "{policy}: {:?}", c.fault);
        assert!(
            c.counters[0].physical_writes > 0,
            "{policy}: nothing was written"
        );
    }
}
