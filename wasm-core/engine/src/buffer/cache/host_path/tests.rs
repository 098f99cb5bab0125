//! One test per rule of the host under a buffer cache (docs/model.md §3); each fails if its rule
//! is wrong.

use crate::buffer::cache::events::Op;
use crate::buffer::cache::workload::Access;
use crate::buffer::{Cache, Instance, Run};
use crate::host::memory::Loc;
use crate::scenario::Scenario;
use crate::Replayed;

/// A scenario of 1,000 4 KB buffers over T (5,000 blocks), a random workload, zero costs
/// but the ones given, and the `host` and `init` extras given.
fn text(init: &str, host: &str, cost: &str) -> String {
    let host = if host.is_empty() {
        String::new()
    } else {
        format!(r#", "host": {{ {host} }}"#)
    };
    format!(
        r#"{{ "version": 1, "title": "t", "profile": "8.0",
          "init": {{ "db_block_buffers": 1000, "db_block_size": 4096 {init} }},
          "objects": [ {{ "name": "T", "type": "TABLE", "blocks": 5000 }} ],
          "workload": {{ "kind": "random", "accesses": 20000, "seed": 7 }},
          "cost": {{ "logical_read_us": 0, "physical_read_ms": 10, "physical_write_ms": 0 {cost} }}
          {host} }}"#
    )
}

fn cache(init: &str, host: &str) -> Cache {
    let mut c = Instance::build(&Scenario::parse(&text(init, host, "")).unwrap())
        .unwrap()
        .cache;
    c.record = true;
    c
}

fn read(c: &mut Cache, block: u32) {
    c.access(&Access::read(0, block, Op::Read), 0, 0);
}

/// 1 MB central (256 pages), 8 MB expanded, page-in 100 µs.
const SMALL: &str = r#""central_storage_mb": 1, "expanded_storage_mb": 8, "page_in_us": 100"#;

#[test]
fn a_hit_on_a_paged_out_buffer_counts_a_hit_and_costs_a_page_in() {
    let mut c = cache("", SMALL);
    for b in 0..300 {
        read(&mut c, b);
    }
    // 300 buffer pages over 256 frames: buffer 0's page went to expanded storage
    let h = c.host().unwrap();
    assert_eq!(h.paging.as_ref().unwrap().mem.loc(0), Loc::Expanded);
    assert_eq!(h.n.pages_to_expanded, 44);
    let (gets, reads) = (c.counters[0].consistent_gets, c.counters[0].physical_reads);
    let t0 = c.now;
    c.events.clear();
    read(&mut c, 0);
    // Oracle: a hit (one more get, no physical read); the host: a page-in of 100 µs
    assert_eq!(c.counters[0].consistent_gets, gets + 1);
    assert_eq!(c.counters[0].physical_reads, reads);
    let h = c.host().unwrap();
    assert_eq!((h.n.page_ins, h.n.hits_paged_out), (1, 1));
    assert_eq!(c.now - t0, 100_000);
    assert!(c.events.iter().any(|e| matches!(
        e,
        crate::buffer::Event::PageIn {
            buf: 0,
            disk: false,
            ns: 100_000
        }
    )));
    assert!(c
        .events
        .iter()
        .any(|e| matches!(e, crate::buffer::Event::Hit { .. })));
}

#[test]
fn a_migrated_buffer_costs_a_disk_read() {
    // 1 MB central, 1 MB expanded: 1,000 buffer pages cannot all stay in processor storage
    let mut c = cache(
        "",
        r#""central_storage_mb": 1, "expanded_storage_mb": 1, "page_in_us": 100"#,
    );
    for b in 0..1000 {
        read(&mut c, b);
    }
    let h = c.host().unwrap();
    assert!(h.n.migrations > 0);
    assert_eq!(h.paging.as_ref().unwrap().mem.loc(0), Loc::Aux);
    let t0 = c.now;
    read(&mut c, 0);
    let h = c.host().unwrap();
    assert_eq!(h.n.disk_page_ins, 1);
    assert_eq!(c.now - t0, 10_000_000, "a disk read of physical_read_ms");
}

#[test]
fn without_expanded_storage_pages_go_to_swap() {
    let mut c = cache("", r#""central_storage_mb": 1, "auxiliary_storage_mb": 64"#);
    for b in 0..300 {
        read(&mut c, b);
    }
    let h = c.host().unwrap();
    assert_eq!((h.n.pages_to_expanded, h.n.migrations), (0, 44));
    let t0 = c.now;
    read(&mut c, 0);
    assert_eq!(
        c.now - t0,
        10_000_000,
        "a page back from swap is a disk read"
    );
}

#[test]
fn lock_sga_fixes_the_sga_and_refuses_an_sga_larger_than_central() {
    let s = Scenario::parse(&text(r#", "lock_sga": true"#, SMALL, "")).unwrap();
    let e = Instance::build(&s).err().unwrap();
    assert_eq!(e.path, "init.lock_sga");
    assert!(
        e.message.contains("3.9 MB") && e.message.contains("1.0 MB"),
        "{e}"
    );
    // 8 MB central holds the 3.9 MB SGA: fixed, never paged, whatever else runs
    let mut c = cache(
        r#", "lock_sga": "TRUE""#,
        r#""central_storage_mb": 8, "expanded_storage_mb": 8, "pga_kb": 8192"#,
    );
    for b in 0..3000 {
        read(&mut c, b % 1500);
        c.session_work(0);
    }
    let h = c.host().unwrap();
    let p = h.paging.as_ref().unwrap();
    assert!((0..1000).all(|b| p.mem.loc(b) == Loc::Fixed));
    // the 8 MB PGA pages against the 4 MB left; the buffers never fault
    assert!(h.n.page_ins > 0);
    assert_eq!(h.n.hits_paged_out + h.n.faults_by_reads, 0);
}

#[test]
fn pre_page_sga_references_every_sga_page_at_startup() {
    let plain = cache("", SMALL);
    let census = |c: &Cache| {
        let p = c.host().unwrap().paging.as_ref().unwrap();
        p.mem.census(0..p.areas.sga_pages())
    };
    assert_eq!(census(&plain), [0, 0, 0, 1000]);
    let pre = cache(r#", "pre_page_sga": true"#, SMALL);
    // 1,000 pages referenced in order: the last 256 in central, the rest in expanded
    assert_eq!(census(&pre), [256, 744, 0, 0]);
    assert_eq!(
        pre.host().unwrap().paging.as_ref().unwrap().mem.loc(999),
        Loc::Central
    );
}

#[test]
fn without_a_host_section_nothing_changes() {
    let run = |t: &str| {
        let mut r = Run::from_json(t).unwrap();
        r.run_to_end();
        r.report()
    };
    let none = run(&text("", "", ""));
    assert!(none.host.is_none());
    // a host with room for everything: the same run, to the nanosecond
    let big = run(&text("", r#""central_storage_mb": 1024"#, ""));
    assert_eq!(big.elapsed_s, none.elapsed_s);
    assert_eq!(big.pools, none.pools);
    assert_eq!(big.host.unwrap().memory.unwrap().page_ins, 0);
    // lock_sga without a host: a note, no change
    let noted = run(&text(r#", "lock_sga": true"#, "", ""));
    assert!(noted.notes.iter().any(|n| n.contains("lock_sga")));
    assert_eq!(noted.elapsed_s, none.elapsed_s);
}

#[test]
fn host_fields_are_checked_with_their_limits() {
    let cases = [
        (r#""central_storage_mb": 0"#, "host.central_storage_mb"),
        (
            r#""central_storage_mb": 8, "page_size_kb": 3"#,
            "host.page_size_kb",
        ),
        (
            r#""central_storage_mb": 8, "page_in_us": -1"#,
            "host.page_in_us",
        ),
        (
            r#""central_storage_mb": 1, "auxiliary_storage_mb": 1"#,
            "host.auxiliary_storage_mb",
        ),
        (r#""central_storage_mb": 8, "other_mb": 9"#, "host.other_mb"),
    ];
    for (host, path) in cases {
        let s = Scenario::parse(&text("", host, "")).unwrap();
        let e = Instance::build(&s).err().unwrap();
        assert_eq!(e.path, path, "{e}");
    }
    let e = Scenario::parse(&text("", r#""central_storage_mb": 8, "swap": 1"#, "")).unwrap_err();
    assert_eq!(e.path, "host.swap");
}

/// Two update jobs' reads overlap: with the CPU idle, two jobs run twice the transactions
/// of one in the same time.
#[test]
fn concurrent_jobs_overlap_their_io_waits_and_serialise_their_cpu() {
    let batch = |jobs: u32, txn_cpu_us: f64| {
        let t = format!(
            r#"{{ "version": 1, "title": "t", "profile": "8.0",
              "init": {{ "db_block_buffers": 100, "db_block_size": 4096 }},
              "objects": [ {{ "name": "T", "type": "TABLE", "blocks": 100000 }},
                           {{ "name": "I", "type": "INDEX", "blocks": 20000 }},
                           {{ "name": "S", "type": "TABLE", "blocks": 1000 }},
                           {{ "name": "R", "type": "TABLE", "blocks": 100 }} ],
              "workload": {{ "kind": "oltp_batch", "jobs": {jobs}, "transactions": 2000,
                "table": "T", "index": "I", "rows_per_block": 10, "index_branch_blocks": 10,
                "insert_table": "S", "insert_rows_per_block": 50, "rollback_segment": "R",
                "undo_per_block": 10, "txn_cpu_us": {txn_cpu_us} }},
              "cost": {{ "logical_read_us": 0, "physical_read_ms": 10, "physical_write_ms": 0 }} }}"#
        );
        let mut r = Run::from_json(&t).unwrap();
        r.run_to_end();
        r.report().host.unwrap()
    };
    // I/O bound: twice the jobs, twice the throughput
    let (one, two) = (batch(1, 0.0), batch(2, 0.0));
    let ratio = two.tps.unwrap() / one.tps.unwrap();
    assert!((1.9..=2.1).contains(&ratio), "ratio {ratio}");
    assert_eq!(one.cpu_busy, Some(0.0));
    // CPU bound (a transaction's CPU far above its waits): more jobs gain nothing
    let (one, four) = (batch(1, 100_000.0), batch(4, 100_000.0));
    assert!(four.tps.unwrap() <= 10.0 + 1e-9 && four.tps.unwrap() > 9.5);
    assert!(four.cpu_busy.unwrap() > 0.99, "{:?}", four.cpu_busy);
    assert!(one.tps.unwrap() < four.tps.unwrap());
}
