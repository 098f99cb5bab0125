//! The bundled seed 001 scenarios through the scenario format and the library cache run:
//! they build, their reports carry the library cache section, stepping and seeking are
//! exact, and the Table 3 / Figure 1 shapes hold when run from the files.

use crate::common;

use cachesim::library::{Report, Run};
use cachesim::Replayed;
use common::bundled as scenario;
use std::fs;

fn run(name: &str) -> Report {
    let mut r = Run::from_json(&scenario(name)).unwrap();
    r.run_to_end();
    assert!(r.done());
    assert_eq!(r.position(), r.total());
    r.report()
}

#[test]
fn table3_shape_from_the_bundled_files() {
    let r: Vec<Report> = (0..5)
        .map(|t| run(&format!("seed001-8.1.6-test{t}")))
        .collect();
    let hard: Vec<u64> = r
        .iter()
        .map(|x| x.library_cache.sysstat.parse_count_hard)
        .collect();
    assert!(hard[0] >= 49_000 && hard[1] >= 49_000, "{hard:?}");
    assert!(hard[2..].iter().all(|&h| h < 100), "{hard:?}");
    let e: Vec<f64> = r.iter().map(|x| x.elapsed_s).collect();
    assert!(
        e[2] < e[4] && e[3] < e[4] && e[4] < e[1] && e[1] < e[0],
        "{e:?}"
    );
    for x in &r[2..] {
        assert_eq!(x.library_cache.shared_pool.flushed_chunks, 0);
        assert_eq!(x.library_cache.latches[1].impact, 0.0);
    }
}

#[test]
fn figure1_direction_from_the_bundled_files() {
    let small = run("seed001-8.1.5-literal-10m");
    let big = run("seed001-8.1.5-literal-50m");
    assert!(big.elapsed_s > small.elapsed_s);
    assert!(
        big.library_cache.shared_pool.search_by_piece[0]
            > small.library_cache.shared_pool.search_by_piece[0]
    );
}

#[test]
fn seek_is_exact_both_ways() {
    let text =
        scenario("seed001-8.1.6-test1").replace("\"total_slams\": 1000", "\"total_slams\": 60");
    let mut a = Run::from_json(&text).unwrap();
    let mut b = a.clone();
    let total = a.total();
    assert!(total > 2000);
    a.set_record(true);
    let mut at_k = None;
    let k = total * 2 / 3;
    while a.position() < k {
        a.step(1);
    }
    let events = a.events().to_vec();
    at_k.get_or_insert(a.report());
    b.set_record(true);
    b.seek(total);
    b.seek(k);
    assert_eq!(b.position(), k);
    assert_eq!(b.report(), at_k.unwrap());
    assert_eq!(b.events(), &events[..]);
    b.seek(7);
    let mut c = Run::from_json(&text).unwrap();
    c.step(7);
    assert_eq!(b.report(), c.report());
}

#[test]
fn statements_step_one_at_a_time() {
    let text =
        scenario("seed001-8.1.6-test2").replace("\"total_slams\": 1000", "\"total_slams\": 3");
    let mut r = Run::from_json(&text).unwrap();
    assert_eq!(r.total_statements(), 150);
    for k in 1..=150 {
        r.step_statement();
        assert_eq!(r.statements_done(), k);
    }
    r.step_statement();
    assert!(r.done());
}

#[test]
fn literal_sql_query_groups_the_literal_cursors() {
    let text =
        scenario("seed001-8.1.6-test1").replace("\"total_slams\": 1000", "\"total_slams\": 20");
    let mut r = Run::from_json(&text).unwrap();
    r.run_to_end();
    let rows = r.literal_sql(40, 10);
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(rows[0].count > 900);
    let forced = Run::from_json(&text.replace("\"EXACT\"", "\"FORCE\""));
    let mut f = forced.unwrap();
    f.run_to_end();
    assert!(f.literal_sql(40, 10).is_empty());
}

/// One step is one phase, whatever the CPUs and costs: several sessions dispatched at the same
/// time, or zero costs, must not fold two phases into a step (or seek would skip positions).
#[test]
fn a_step_is_exactly_one_phase_on_many_cpus_and_at_zero_cost() {
    let zero = r#""cost": { "library": { "execute_us": 0, "soft_parse_us": 0, "hard_parse_us": 0,
        "force_rewrite_us": 0, "dbms_sql_call_us": 0, "latch_op_us": 0, "chain_link_us": 0,
        "chunk_examined_us": 0, "flush_chunk_us": 0, "rehash_handle_us": 0, "spin_iteration_ns": 0 } },"#;
    let texts = [
        scenario("lib-literal-resize").replace("\"total_slams\": 150", "\"total_slams\": 20"),
        scenario("seed001-8.1.6-test2")
            .replace("\"total_slams\": 1000", "\"total_slams\": 10")
            .replace("\"cpu_count\": 1", "\"cpu_count\": 4"),
        scenario("seed001-8.1.6-test1")
            .replace("\"total_slams\": 1000", "\"total_slams\": 5")
            .replace("\"workload\":", &format!("{zero} \"workload\":")),
    ];
    for text in texts {
        let mut r = Run::from_json(&text).unwrap();
        let total = r.total();
        for k in 1..=total {
            assert_eq!(r.step(1), 1, "at {k} of {total}");
            assert_eq!(r.position(), k);
        }
        assert!(r.done());
        for k in [1, 2, 3, total / 2, total - 1] {
            r.seek(k);
            assert_eq!(r.position(), k);
        }
    }
}

#[test]
fn the_last_step_reports_its_events_once() {
    let text = scenario("lib-typed-statements");
    let mut r = Run::from_json(&text).unwrap();
    r.set_record(true);
    r.seek(r.total() - 1);
    r.step(1);
    assert!(r.done());
    let unpins = r
        .events()
        .iter()
        .filter(|e| matches!(e, cachesim::library::Event::Unpin { .. }))
        .count();
    assert_eq!(unpins, 1, "{:?}", r.events());
}

#[test]
fn every_bundled_library_scenario_builds() {
    let dir = format!("{}/../../scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue; // scenarios/golden/
        }
        let text = fs::read_to_string(&path).unwrap();
        if text.contains("\"sql_slammer\"") {
            Run::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            n += 1;
        }
    }
    assert_eq!(n, 14); // with Table 4's two
}
