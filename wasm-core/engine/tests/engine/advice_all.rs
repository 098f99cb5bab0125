//! V$DB_CACHE_ADVICE on every bundled scenario (issue #26 item 1): with `db_cache_advice =
//! ON`, every pool's 20 rows are real estimates over the interval the pool statistics cover.
//! - the 1.0 row is the pool's own `physical_reads` as the report gives them (after the
//!   warm-up's statistics reset, where the workload has one: seed 002);
//! - a pool that read blocks has a non-zero estimate at every size up to its own, and the
//!   estimates do not rise with the size;
//! - `estd_pct_of_db_time_for_reads` is within 0–100, and null only with no DB time;
//! - on one clock (no concurrent jobs), the 1.0 row's read time over its share is the run's
//!   elapsed time: the time and share are the run's own (before: seed 003's 97,978 reads
//!   × 9.4 ms = 921 s in a 7.6 s run, whose 128-block reads wait once a request).
//!
//! Seed 002 (before the fix): the advisory was never fed the accesses of `oltp_batch`'s
//! concurrent jobs, so 19 rows said 0 reads, and the 1.0 row's reads were divided by the
//! elapsed time since the start of the warm-up (236 % at 25,000 buffers).
//!
//! A scenario runs at most [`MAX_ACCESSES`] accesses, so that the whole test stays short in
//! a release build; seed 002's warm-up (770,000 accesses) is within that. Library cache
//! scenarios have no buffer cache and are skipped, with the reason printed.

use crate::common;

use cachesim::buffer::advice::{AdviceMethod, AdviceRow, CURRENT, SIZES};
use cachesim::buffer::Run;
use cachesim::Replayed;
use serde_json::{json, Value};

/// The most accesses one scenario runs here.
const MAX_ACCESSES: u64 = 1_200_000;

fn scenario_names() -> Vec<String> {
    let dir = format!("{}/../../scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.ends_with(".json").then_some(name)
        })
        .collect();
    names.sort();
    names
}

/// Why a scenario is not checked, or None.
fn skipped(v: &Value) -> Option<String> {
    (v["workload"]["kind"] == "sql_slammer")
        .then(|| "a library cache scenario: no buffer cache to advise".into())
}

/// One pool's rows hang together; returns the problems found. `elapsed_s`: the measured
/// interval when the run has one clock (no concurrent jobs), which is then its DB time.
fn check_pool(
    name: &str,
    pool: &str,
    rows: &[&AdviceRow],
    actual: u64,
    elapsed_s: Option<f64>,
) -> Vec<String> {
    let mut bad = Vec::new();
    let at = |r: &AdviceRow| format!("{name} {pool} at {} buffers", r.buffers_for_estimate);
    if rows.len() != SIZES {
        return vec![format!("{name} {pool}: {} rows", rows.len())];
    }
    let cur = rows[CURRENT];
    if cur.size_factor != 1.0 || cur.estd_physical_reads != actual {
        bad.push(format!(
            "{}: the 1.0 row (factor {}) says {} reads, the pool read {actual}",
            at(cur),
            cur.size_factor,
            cur.estd_physical_reads
        ));
    }
    // the 1.0 row's read time and share are the run's own: its DB time is the run's
    if let (Some(e), Some(p)) = (elapsed_s, cur.estd_pct_of_db_time_for_reads) {
        if p > 0.0 {
            let db = cur.estd_physical_read_time / (p / 100.0);
            if (db - e).abs() > 1e-6 * e.max(1.0) {
                bad.push(format!(
                    "{}: {:.3} s of reads at {p:.3} % is {db:.3} s of DB time, the run took {e:.3} s",
                    at(cur),
                    cur.estd_physical_read_time
                ));
            }
        }
    }
    for (k, r) in rows.iter().enumerate() {
        if actual > 0 && k <= CURRENT && r.estd_physical_reads == 0 {
            bad.push(format!("{}: 0 reads estimated", at(r)));
        }
        match r.estd_pct_of_db_time_for_reads {
            Some(p) if (0.0..=100.0).contains(&p) => {}
            Some(p) => bad.push(format!("{}: {p} % of DB time", at(r))),
            None if r.estd_physical_reads > 0 => {
                bad.push(format!("{}: reads but no DB time", at(r)))
            }
            None => {}
        }
    }
    for w in rows.windows(2) {
        if w[1].estd_physical_reads > w[0].estd_physical_reads {
            bad.push(format!(
                "{}: {} reads, more than {} at {} buffers",
                at(w[1]),
                w[1].estd_physical_reads,
                w[0].estd_physical_reads,
                w[0].buffers_for_estimate
            ));
        }
    }
    bad
}

#[test]
fn every_bundled_scenario_has_real_advice_rows() {
    let mut bad = Vec::new();
    let mut checked = Vec::new();
    for file in scenario_names() {
        let mut v: Value = serde_json::from_str(&common::bundled(&file)).unwrap();
        if let Some(why) = skipped(&v) {
            eprintln!("{file:34} skipped: {why}");
            continue;
        }
        v["init"]["db_cache_advice"] = json!("ON");
        let mut run = Run::from_json(&v.to_string())
            .unwrap_or_else(|e| panic!("{file}: refused with advice on: {e}"));
        run.replay_mut().set_record(false);
        if run.total_accesses() <= MAX_ACCESSES {
            run.run_to_end();
        } else {
            run.step(MAX_ACCESSES);
        }
        let advice = run.advice().expect("db_cache_advice = ON");
        let report = run.report();
        assert_eq!(report.db_cache_advice, advice.rows, "{file}");
        for p in &advice.pools {
            if !p.available {
                eprintln!("{file:34} {:8} left out: {}", p.name, p.reason);
                continue;
            }
            let rows: Vec<&AdviceRow> = advice.rows.iter().filter(|r| r.name == p.name).collect();
            // a sampled run's rows are the full pool's: its reads are the sampling block's
            // (the sample's × 1/rate), not the sampled cache's own
            let actual = match &report.sampling {
                Some(sm) => sm
                    .pools
                    .iter()
                    .find(|q| q.name == p.name)
                    .map_or(0, |q| q.physical_reads),
                None => report
                    .pools
                    .iter()
                    .find(|q| q.name == p.name)
                    .map_or(0, |q| q.physical_reads),
            };
            let one_clock = report.host.is_none().then_some(report.elapsed_s);
            let problems = check_pool(&file, &p.name, &rows, actual, one_clock);
            eprintln!(
                "{file:34} {:8} {:14} {:>9} of {:>9} accesses: reads at 0.1 / 1.0 / 2.0 = {} / {} / {}, % DB time {:.1} / {:.1} / {:.1}{}",
                p.name,
                match p.method {
                    AdviceMethod::StackDistance => "stack distance",
                    AdviceMethod::ShadowCaches => "shadow caches",
                },
                run.position(),
                run.total_accesses(),
                rows[0].estd_physical_reads,
                rows[CURRENT].estd_physical_reads,
                rows[SIZES - 1].estd_physical_reads,
                rows[0].estd_pct_of_db_time_for_reads.unwrap_or(f64::NAN),
                rows[CURRENT].estd_pct_of_db_time_for_reads.unwrap_or(f64::NAN),
                rows[SIZES - 1].estd_pct_of_db_time_for_reads.unwrap_or(f64::NAN),
                if problems.is_empty() { "" } else { "  <-- WRONG" }
            );
            bad.extend(problems);
            checked.push(file.clone());
        }
    }
    // seed 002's five sizes (a warm-up, then a statistics reset) must be among those checked
    let seed002 = checked.iter().filter(|f| f.starts_with("seed002-")).count();
    assert_eq!(seed002, 5, "seed 002's scenarios checked: {checked:?}");
    assert!(
        bad.is_empty(),
        "{} problems:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
