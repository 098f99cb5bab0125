//! Runs end to end: textbook LRU under 8.0, exact seeking, determinism, garbage input.

use cachesim::buffer::Run;
use cachesim::Replayed;
use cachesim::Scenario;
use std::collections::VecDeque;

use crate::common;

/// Profile 8.0, one LRU latch, trace replay of reads: the misses are textbook LRU's.
#[test]
fn trace_replay_under_80_is_textbook_lru() {
    let mut next = common::lcg(12345);
    for (buffers, blocks) in [(50u32, 60u32), (50, 200), (120, 130), (200, 1000)] {
        let mut csv = String::from("time_ms,object,block,op\n");
        let mut trace = Vec::new();
        for t in 0..20_000 {
            // skewed: half the accesses to a small hot range
            let b = if next().is_multiple_of(2) {
                next() % (blocks / 5)
            } else {
                next() % blocks
            };
            trace.push(b);
            csv.push_str(&format!("{t},T,{b},r\n"));
        }
        // textbook LRU
        let mut lru: VecDeque<u32> = VecDeque::new();
        let mut misses = 0u64;
        for &b in &trace {
            if let Some(p) = lru.iter().position(|&x| x == b) {
                lru.remove(p);
            } else {
                misses += 1;
                if lru.len() == buffers as usize {
                    lru.pop_back();
                }
            }
            lru.push_front(b);
        }
        let text = format!(
            r#"{{ "version": 1, "title": "lru", "profile": "8.0",
                 "init": {{ "db_block_buffers": {buffers}, "db_block_lru_latches": 1 }},
                 "objects": [ {{ "name": "T", "type": "TABLE", "blocks": {blocks} }} ],
                 "workload": {{ "kind": "trace", "csv": {} }} }}"#,
            serde_json::to_string(&csv).unwrap()
        );
        let mut run = Run::from_json(&text).unwrap();
        run.run_to_end();
        let r = run.report();
        assert_eq!(
            r.total.physical_reads, misses,
            "{buffers} buffers, {blocks} blocks"
        );
    }
}

fn seed(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../../scenarios/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn same_scenario_same_numbers() {
    let text = seed("seed000-8i-hot50.json");
    let a = {
        let mut r = Run::from_json(&text).unwrap();
        r.run_to_end();
        serde_json::to_string(&r.report()).unwrap()
    };
    let mut r = Run::from_json(&text).unwrap();
    r.set_record(true);
    while r.step(777) > 0 {}
    assert_eq!(a, serde_json::to_string(&r.report()).unwrap());
}

#[test]
fn seek_back_is_exact() {
    let text = seed("seed000-8.0-test1.json");
    let mut r = Run::from_json(&text).unwrap();
    r.set_record(true);
    r.step(12_345);
    let at = serde_json::to_string(&r.report()).unwrap();
    let events = serde_json::to_string(r.events()).unwrap();
    let _ = events;
    r.step(20_000);
    r.seek(12_345);
    assert_eq!(r.position(), 12_345);
    assert_eq!(at, serde_json::to_string(&r.report()).unwrap());
    // seeking replays the last access with its events
    assert!(!r.events().is_empty());
    let mut fresh = Run::from_json(&text).unwrap();
    fresh.set_record(true);
    fresh.step(12_344);
    fresh.step(1);
    assert_eq!(
        serde_json::to_string(fresh.events()).unwrap(),
        serde_json::to_string(r.events()).unwrap()
    );
    r.seek(0);
    assert_eq!(r.position(), 0);
    assert_eq!(r.report().total.logical_reads, 0);
}

#[test]
fn step_execution_stops_at_the_execution_boundary() {
    let mut r = Run::from_json(&seed("seed000-8.0-test2.json")).unwrap();
    assert_eq!(r.step_execution(), 4);
    r.step(1);
    assert_eq!(r.step_execution(), 3);
    assert_eq!(r.executions_done(), 2);
    assert_eq!(r.total_accesses(), 40_000);
}

/// Garbage in: an error, never a panic.
#[test]
fn garbage_never_panics() {
    let base = seed("seed000-8.0-test4.json");
    let mut state = 99u64;
    let mut rnd = |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        ((state >> 33) as usize) % n
    };
    let junk = [
        "",
        "{",
        "null",
        "[]",
        "-1",
        "1e309",
        "\"x\"",
        "{\"a\":1}",
        "99999999999999999999",
        "true",
    ];
    for _ in 0..3000 {
        let mut text: Vec<char> = base.chars().collect();
        for _ in 0..1 + rnd(4) {
            let at = rnd(text.len());
            match rnd(3) {
                0 => {
                    text.remove(at);
                }
                1 => text.insert(at, "{}[]\",:0-9ea"[rnd(12)..].chars().next().unwrap()),
                _ => {
                    let j = junk[rnd(junk.len())];
                    let end = (at + rnd(8)).min(text.len());
                    text.splice(at..end, j.chars());
                }
            }
        }
        let s: String = text.into_iter().collect();
        if let Ok(mut r) = Run::from_json(&s) {
            r.step(2000);
        }
    }
    for s in junk {
        assert!(Run::from_json(s).is_err());
    }
    // structurally valid but absurd values
    let v: serde_json::Value = serde_json::from_str(&base).unwrap();
    for (path, val) in [
        ("/init/db_block_buffers", serde_json::json!(1u64 << 40)),
        ("/init/db_block_lru_latches", serde_json::json!(0)),
        (
            "/workload/total_stuffs",
            serde_json::json!(4_000_000_000u64),
        ),
        ("/workload/sleep_secs", serde_json::json!(-3)),
        ("/objects/0/blocks", serde_json::json!(0)),
        ("/cost/physical_read_ms", serde_json::json!(1e300)),
    ] {
        let mut w = v.clone();
        *w.pointer_mut(path).unwrap() = val;
        let e = Run::from_json(&w.to_string()).err().expect(path);
        assert!(!e.to_string().is_empty());
    }
    let _ = Scenario::parse(&base).unwrap();
}

/// A trace event happens at its time_ms, or later when the work before it is not done.
#[test]
fn trace_time_is_the_trace_clock_with_zero_costs() {
    let scenario = |cost: &str| {
        format!(
            r#"{{ "version": 1, "title": "t", "profile": "8.1.6", "init": {{ "db_block_buffers": 50 }},
                 "objects": [ {{ "name": "T", "type": "TABLE", "blocks": 100 }} ],
                 "workload": {{ "kind": "trace", "csv": "time_ms,object,block,op\n0,T,1,r\n1500,T,2,r\n1500.5,T,2,r\n" }},
                 "cost": {cost} }}"#
        )
    };
    let mut r = Run::from_json(&scenario(
        r#"{ "logical_read_us": 0, "physical_read_ms": 0, "physical_write_ms": 0 }"#,
    ))
    .unwrap();
    r.run_to_end();
    assert!((r.report().elapsed_s - 1.5005).abs() < 1e-9);
    // 1 s reads: the second access cannot start at 1.5 s... it can (1 s < 1.5 s), but the
    // third (at 1.5005 s) must wait for the second's read to finish at 2.5 s.
    let mut r = Run::from_json(&scenario(
        r#"{ "logical_read_us": 0, "physical_read_ms": 1000, "physical_write_ms": 0 }"#,
    ))
    .unwrap();
    r.run_to_end();
    assert!((r.report().elapsed_s - 2.5).abs() < 1e-9);
}

/// Random small instances under write-heavy load: every run ends (no hang, no panic) and
/// every buffer stays on exactly one list.
#[test]
fn random_instances_always_finish() {
    let mut state = 7u64;
    let mut rnd = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for case in 0..200 {
        let profile = ["8.0", "8.1.5", "8.1.6"][rnd(3) as usize];
        let latches = 1 + rnd(2);
        let buffers = 50 * latches + rnd(100);
        let text = format!(
            r#"{{ "version": 1, "title": "fuzz {case}", "profile": "{profile}",
                 "init": {{ "db_block_buffers": {buffers}, "db_block_lru_latches": {latches},
                            "_db_percent_hot_default": {hot}, "_db_aging_touch_time": {tt},
                            "_db_block_write_batch": {wb}, "_db_block_max_scan_pct": {scan},
                            "db_writer_processes": {dbwr} }},
                 "objects": [ {{ "name": "T", "type": "TABLE", "blocks": {blocks} }},
                              {{ "name": "S", "type": "TABLE", "blocks": 40 }} ],
                 "workload": {{ "kind": "mix", "executions": 3000, "seed": {case}, "parts": [
                    {{ "weight": 5, "workload": {{ "kind": "random", "accesses": 100000,
                       "distribution": "zipf", "write_pct": {w}, "seed": {case} }} }},
                    {{ "weight": 1, "workload": {{ "kind": "scan", "segment": "S", "times": 3 }} }} ] }},
                 "cost": {{ "physical_write_ms": {wms} }} }}"#,
            hot = rnd(101),
            tt = rnd(3),
            wb = 1 + rnd(64),
            scan = 1 + rnd(100),
            dbwr = 1 + rnd(3),
            blocks = 60 + rnd(400),
            w = rnd(101),
            wms = rnd(30),
        );
        let mut r = cachesim::buffer::Run::from_json(&text).unwrap();
        r.run_to_end();
        assert!(r.done());
        let c = r.cache();
        let mut order = Vec::new();
        let mut info = Vec::new();
        c.layout(&mut order, &mut info);
        order.sort();
        order.dedup();
        assert_eq!(order.len() as u64, buffers, "case {case}");
    }
}
