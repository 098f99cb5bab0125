//! Issue 14: every accepted scenario ends in bounded time and memory, and a scenario that
//! cannot is refused, naming its field and the limit. The inputs are the issue's own.

use crate::common;

use cachesim::buffer::cache::workload::MAX_SIM_NS;
use cachesim::buffer::Run;
use cachesim::Replayed;

fn refused(text: &str) -> cachesim::SimError {
    common::refused(Run::from_json(text), text)
}

/// Finding 1: the clock reached 2^64 − 11 ns, the DBWR timeout wrapped, the run never ended.
#[test]
fn clock_overflow_is_refused_at_build_by_field() {
    let e = common::hang_guard("the refusal", || {
        refused(
            r#"{"version":1,"title":"t","profile":"8.1.5","objects":[{"name":"T","type":"TABLE","blocks":100}],"workload":{"kind":"random","accesses":19804875,"think_us":931424460.146},"cost":{"logical_read_us":0,"physical_read_ms":0}}"#,
        )
    });
    assert_eq!(e.path, "workload.think_us", "{e}");
    assert!(e.message.contains("1.845e10 s"), "{e}");
}

/// Finding 2: the same with 20M × 1000 s reported 1.55e9 s (the clock wrapped).
#[test]
fn wrapped_clock_is_refused_not_reported() {
    let e = refused(
        r#"{"version":1,"title":"t","profile":"8.1.5","objects":[{"name":"T","type":"TABLE","blocks":100}],"workload":{"kind":"random","accesses":20000000,"think_us":1e9},"cost":{"logical_read_us":0,"physical_read_ms":0}}"#,
    );
    assert_eq!(e.path, "workload.think_us", "{e}");
    assert!(e.message.contains("2.000e10 s"), "{e}");
}

/// Just inside the limit the run is accepted and its clock is exact.
#[test]
fn long_think_time_inside_the_limit_runs_exactly() {
    let mut r = Run::from_json(
        r#"{"version":1,"title":"t","profile":"8.1.5","objects":[{"name":"T","type":"TABLE","blocks":100}],"workload":{"kind":"random","accesses":999000,"think_us":1e9},"cost":{"logical_read_us":0,"physical_read_ms":0}}"#,
    )
    .unwrap();
    r.run_to_end();
    assert!(r.fault().is_none());
    assert!(r.done());
    assert_eq!(r.cache().now, 999_000 * 1_000_000_000_000);
    assert!(r.cache().now <= MAX_SIM_NS);
}

/// A trace whose last line is at the limit plus the dearest access is refused too.
#[test]
fn trace_past_the_limit_is_refused() {
    let e = refused(
        r#"{"version":1,"title":"t","profile":"8.0","objects":[{"name":"T","type":"TABLE","blocks":10}],"workload":{"kind":"trace","csv":"time_ms,object,block,op\n1e12,T,1,r\n"}}"#,
    );
    assert_eq!(e.path, "workload.csv", "{e}");
}

/// Finding 3: every seek snapshot copied the execution in progress, and one full scan of a
/// 4,194,302-block table is one execution: the wasm ran out of memory. The snapshots inside
/// one execution share it now; seeking inside the scan stays exact.
#[test]
fn big_scan_runs_to_the_end_and_seeks_exactly_inside_it() {
    let text = r#"{"version":1,"title":"t","profile":"8.1.5","objects":[{"name":"T","type":"TABLE","blocks":4194302}],"workload":{"kind":"scan","segment":"T","times":1}}"#;
    let mut r = Run::from_json(text).unwrap();
    assert_eq!(r.run_to_end(), 4_194_302);
    assert!(r.done() && r.fault().is_none());
    let end = r.report();
    // back into the middle of the scan, then forward to a point a fresh run steps to
    r.seek(3_000_001);
    r.seek(2_500_000);
    let mut fresh = Run::from_json(text).unwrap();
    fresh.step(2_500_000);
    assert_eq!(r.report(), fresh.report());
    assert_eq!(r.cache().now, fresh.cache().now);
    r.seek(4_194_302);
    assert_eq!(r.report(), end);
}

/// Finding 6: the statement limit said characters and counted bytes; it now says bytes, and
/// how many the statement has.
#[test]
fn statement_length_is_counted_and_named_in_bytes() {
    let with = |text: &str| {
        format!(
            r#"{{"version":1,"title":"t","profile":"8.1.6","workload":{{"kind":"sql_slammer","statements":["{text}"]}}}}"#
        )
    };
    // 2,010 characters, 1,990 of them two bytes: 4,000 bytes, the most a statement may have
    let fits = format!("select 'x{}' from dual", "é".repeat(1990));
    assert_eq!(fits.len(), 4000);
    assert!(cachesim::library::Run::from_json(&with(&fits)).is_ok());
    let over = format!("{fits}é");
    let e = match cachesim::library::Run::from_json(&with(&over)) {
        Ok(_) => panic!("accepted a 4,002-byte statement"),
        Err(e) => e,
    };
    assert_eq!(e.path, "workload.statements[0]", "{e}");
    assert!(e.message.contains("1..=4000 bytes"), "{e}");
    assert!(e.message.contains("4002 bytes"), "{e}");
}

/// Finding 4: a 1000 s execute took 13–17 s to build (a scheduler event every 10 ms quantum
/// while two sessions shared the CPU). Whole rounds of time slices are now merged: the build
/// takes a few events per statement, whatever the simulated time.
#[test]
fn a_long_execute_builds_in_a_few_events_per_statement() {
    for slams in [1000u32, 3000] {
        let text = format!(
            r#"{{"version":1,"title":"t","profile":"8.1.6","workload":{{"kind":"sql_slammer","jobs":2,"stmts_per_slam":1,"total_slams":{slams}}},"cost":{{"library":{{"execute_us":1e9}}}}}}"#
        );
        // the build's work is bounded by the events counted below; this is a hang guard
        let mut run = common::hang_guard("the build", move || {
            cachesim::library::Run::from_json(&text).unwrap()
        });
        run.run_to_end();
        let statements = 2 * u64::from(slams);
        assert!(run.done());
        assert_eq!(run.statements_done(), statements);
        let events = run.sim().ticks;
        assert!(
            events < 20 * statements,
            "{events} events for {statements} statements"
        );
        // each session executes 1000 s a statement, sharing one CPU
        let elapsed = run.report().elapsed_s;
        assert!(elapsed >= 1000.0 * statements as f64, "{elapsed}");
    }
}

/// Issue 29, finding 2: one hash bucket over 1,048,576 buffers was accepted, and 20M random
/// accesses ran for hours (200,000 took 38 s): every lookup walks its chain. The run's chain
/// work (accesses × mean chain length) is bounded, and past it the scenario is refused,
/// naming the bucket count, the buffers, the limit and the buckets that would do.
#[test]
fn one_hash_bucket_over_a_big_cache_is_refused_by_its_fields() {
    common::hang_guard("the refusals", one_hash_bucket_refusals);
}

fn one_hash_bucket_refusals() {
    let text = |buckets: u32, buffers: u32, accesses: u32| {
        format!(
            r#"{{"version":1,"title":"t","profile":"8.1.6","init":{{"db_block_buffers":{buffers},"_db_block_hash_buckets":{buckets},"_db_block_hash_latches":1}},"objects":[{{"name":"T","type":"TABLE","blocks":4000000}}],"workload":{{"kind":"random","accesses":{accesses}}}}}"#
        )
    };
    let e = refused(&text(1, 1_048_576, 20_000_000));
    assert_eq!(e.path, "init._db_block_hash_buckets", "{e}");
    for part in [
        "1 hash bucket for 1,048,576 buffers (db_block_buffers)",
        "20,000,000 accesses",
        "past the limit of 2,000,000,000",
        "at least 10,486",
    ] {
        assert!(e.message.contains(part), "{part}: {e}");
    }
    // the issue's 4 buckets, and 200,000 accesses of one bucket: refused too
    assert_eq!(
        refused(&text(4, 1_048_576, 20_000_000)).path,
        "init._db_block_hash_buckets"
    );
    assert_eq!(
        refused(&text(1, 1_048_576, 200_000)).path,
        "init._db_block_hash_buckets"
    );
    // the bucket count the message gives is accepted
    assert!(Run::from_json(&text(10_486, 1_048_576, 20_000_000)).is_ok());
    // a streamed trace counts as 20M accesses (its length is not known ahead)
    let feed = cachesim::buffer::whatif::trace_feed::TraceFeed::from_json(
        &text(1, 1_048_576, 1),
        r#"{"format":"txt"}"#,
    );
    let e = feed
        .err()
        .expect("a trace over one bucket of 1M buffers is refused");
    assert_eq!(e.path, "init._db_block_hash_buckets", "{e}");
    assert!(e.message.contains("a streamed trace"), "{e}");
}

/// A teaching cache of one bucket runs, and the worst case the limit accepts (one chain of
/// 2,000 headers, 1,000,000 accesses: 2·10^9 compares) runs to its end, its work within the
/// bound.
#[test]
fn the_worst_chain_work_the_limit_accepts_runs_to_its_end() {
    let text = |accesses: u32| {
        format!(
            r#"{{"version":1,"title":"t","profile":"8.1.6","init":{{"db_block_buffers":2000,"_db_block_hash_buckets":1,"_db_block_hash_latches":1}},"objects":[{{"name":"T","type":"TABLE","blocks":4000}}],"workload":{{"kind":"random","accesses":{accesses}}}}}"#
        )
    };
    assert_eq!(
        refused(&text(1_000_001)).path,
        "init._db_block_hash_buckets"
    );
    let mut r = Run::from_json(&text(1_000_000)).unwrap();
    r.run_to_end();
    assert!(r.done());
    let h = r.report().hash_chains;
    let walked = h.avg_walk * h.lookups as f64;
    eprintln!("1 bucket, 2,000 buffers, 1M accesses: {walked:.3e} headers compared");
    // the bound is on the work (what a machine's speed does not change), not on the time
    assert!(walked <= cachesim::buffer::cache::config::MAX_CHAIN_WORK as f64);
}

/// Issue 29, finding 14: a 10 MB object name declared twice made a 10 MB message (the page's
/// alert and a share link took 31 s to open); its control characters came through raw. What
/// a message repeats is cut and escaped, whichever message it is.
#[test]
fn a_huge_hostile_name_is_cut_and_escaped_in_every_message() {
    let name = format!("\u{1b}[31m\u{7}{}", "N".repeat(10 << 20));
    let objects = format!(
        r#"[{{"name":{n},"type":"TABLE","blocks":10}},{{"name":{n},"type":"TABLE","blocks":10}}]"#,
        n = serde_json::to_string(&name).unwrap()
    );
    let dup = refused(&format!(
        r#"{{"version":1,"title":"t","profile":"8.0","objects":{objects},"workload":{{"kind":"random","accesses":1}}}}"#
    ));
    let unknown = refused(&format!(
        r#"{{"version":1,"title":"t","profile":"8.0","objects":[{{"name":"T","type":"TABLE","blocks":10}}],"workload":{{"kind":"scan","segment":{},"times":1}}}}"#,
        serde_json::to_string(&name).unwrap()
    ));
    let bad_profile = refused(&format!(
        r#"{{"version":1,"title":"t","profile":{},"objects":[{{"name":"T","type":"TABLE","blocks":10}}],"workload":{{"kind":"random","accesses":1}}}}"#,
        serde_json::to_string(&name).unwrap()
    ));
    for e in [dup, unknown, bad_profile] {
        let text = e.to_string();
        assert!(text.len() < 4_000, "{} bytes: {}", text.len(), &text[..200]);
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "{text}"
        );
        assert!(text.contains("\\x1b[31m\\x07NNN"), "{text}");
    }
}

/// Issue 29, finding 16: an `oltp_batch` at the 20M-access limit took 81 s in wasm. The job
/// that runs next was found by a scan of every job on every logical read, so 1,000 jobs cost
/// 17× what 15 did (2M accesses natively: 8.9 s against 0.53 s). A heap finds it now, with
/// the same choice (earliest ready, lowest job on ties; the goldens are unchanged). Measured
/// when it was fixed, not timed here (seed 002's 100,000-buffer scenario at 20M accesses and
/// 1,000 jobs: about 22 s natively, 27 s in wasm; it was about 90 s natively): a timed test
/// fails on a loaded machine, and CI runs these unoptimised and in parallel (it took over
/// 60 s there). This checks the 1,000-job run to its end.
#[test]
fn oltp_batch_with_the_most_jobs_runs_to_its_end() {
    let mut s: serde_json::Value = serde_json::from_str(include_str!(
        "../../../../scenarios/seed002-mvs-100000.json"
    ))
    .unwrap();
    s["workload"]["transactions"] = 18_181.into();
    s["workload"]["warmup_transactions"] = 1_000.into();
    s["workload"]["jobs"] = 1000.into();
    let mut r = Run::from_json(&s.to_string()).unwrap();
    assert_eq!(r.total_accesses(), 199_991);
    r.run_to_end();
    assert!(r.done() && r.fault().is_none());
}

/// Issue 44, item 3: seed002-mvs-75000 with `host.pga_kb` raised 1,000× (512,000 KB) printed
/// nothing for 150 s: each of its 100,000 transactions references all 128,000 pages of its
/// session's PGA, 1.3·10^10 page references. Refused before the run, naming the field, the
/// limit and the most PGA the run could have; the seed's own 512 KB still runs.
#[test]
fn a_pga_raised_a_thousandfold_is_refused_by_field() {
    let seed = common::bundled("seed002-mvs-75000");
    let raised = seed.replace(r#""pga_kb": 512,"#, r#""pga_kb": 512000,"#);
    assert_ne!(raised, seed);
    let e = common::hang_guard("the refusal", move || refused(&raised));
    assert_eq!(e.path, "host.pga_kb", "{e}");
    assert!(e.message.contains("512000 KB"), "{e}");
    assert!(e.message.contains("past the limit of 500000000"), "{e}");
    assert!(e.message.contains("at most 19996 KB"), "{e}");
    assert!(Run::from_json(&seed).is_ok());
}
