//! Full scans (`_small_table_threshold`, CACHE hints, multiblock reads), hash chain walks and
//! the list links under a long random run.

use super::*;

#[test]
fn large_nocache_scan_goes_to_the_tail_small_or_cache_to_the_head() {
    let mut c = cache("8.1.5", POOL50);
    let ev = at(&mut c, 0, 1, 0, Op::Scan);
    assert!(inserted_at(&ev, Place::ColdTail));
    let ev = at(&mut c, 0, 2, 0, Op::Scan); // SMALL: 5 blocks ≤ 2 % threshold? 50×2% = 1 → large
    assert!(inserted_at(&ev, Place::ColdTail));
    let mut c = pool50("8.0", r#""_small_table_threshold": 10"#);
    let ev = at(&mut c, 0, 2, 0, Op::Scan);
    assert!(inserted_at(&ev, Place::MruHead));
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
    let mut cost = c.cost;
    cost.physical_read = 10;
    c.io = crate::io::Io::new(c.io.cfg.clone(), &cost);
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
    let bucket = c.hash.bucket_of(crate::buffer::cache::hash::dba(0, 5));
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
    let mut rng = crate::buffer::cache::workload::Rng::new(3);
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
        i = c.b.link[i as usize].next;
    }
    assert_eq!(n, ws.len);
}
