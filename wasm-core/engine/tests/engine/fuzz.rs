//! Issue 14: our own fuzz suite. Scenarios generated inside the documented limits either build
//! and run to their end with a consistent report, or are refused with a message that names
//! where (the bundled scenarios, mutated, are `tests/engine/mutations.rs`). The buffer view's layout
//! is checked under every registered replacement policy at random positions (issue 44).
//!
//! `cargo test --test fuzz` runs 64 cases; `FUZZ_CASES=10000 cargo test --release --test fuzz`
//! a long run.

use cachesim::buffer::Run;
use cachesim::{Replayed, Scenario};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{json, Map, Value};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

static RAN: AtomicU64 = AtomicU64::new(0);
static REFUSED: AtomicU64 = AtomicU64::new(0);

fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

const PROFILES: [&str; 6] = ["8.0", "8.1.5", "8.1.6", "10.2.0.5", "11.2.0.1", "11.2.0.2"];

fn init() -> impl Strategy<Value = (usize, Map<String, Value>)> {
    (
        0..PROFILES.len(),
        50u32..3000,
        prop::option::of(0u32..400),
        1u32..32,
        prop::option::of(0u32..8),
        prop::option::of((prop::bool::ANY, 0u32..4096)),
    )
        .prop_map(|(p, buffers, keep, cache_mb, keep_mb, os)| {
            let mut m = Map::new();
            if p < 3 {
                m.insert("db_block_buffers".into(), json!(buffers));
                if let Some(k) = keep {
                    m.insert("db_block_lru_latches".into(), json!(2));
                    m.insert(
                        "buffer_pool_keep".into(),
                        json!(format!("(buffers:{k},lru_latches:1)")),
                    );
                }
            } else {
                m.insert("db_cache_size".into(), json!(format!("{cache_mb}M")));
                if let Some(k) = keep_mb {
                    m.insert("db_keep_cache_size".into(), json!(format!("{k}M")));
                }
            }
            if let Some((direct, host_mb)) = os {
                let fio = if direct { "SETALL" } else { "NONE" };
                m.insert("filesystemio_options".into(), json!(fio));
                m.insert("host_memory".into(), json!(format!("{host_mb}M")));
            }
            (p, m)
        })
}

fn objects() -> impl Strategy<Value = Vec<Value>> {
    (1u32..3000, 2u32..300, prop::bool::ANY, prop::bool::ANY).prop_map(|(tb, ib, keep, cache)| {
        let pool = if keep { "KEEP" } else { "DEFAULT" };
        vec![
            json!({"name":"T","type":"TABLE","blocks":tb,"buffer_pool":pool,"cache":cache}),
            json!({"name":"I","type":"INDEX","blocks":ib}),
            json!({"name":"U","type":"TABLE","blocks":tb / 3 + 1}),
        ]
    })
}

fn leaf_workload() -> impl Strategy<Value = Value> {
    prop_oneof![
        (
            0u64..3000,
            0u8..2,
            0.0f64..3.0,
            0.0f64..100.0,
            0.0f64..1000.0,
            any::<u64>()
        )
            .prop_map(|(accesses, d, zipf_s, write_pct, think_us, seed)| json!({
                "kind":"random","accesses":accesses,
                "distribution": if d == 0 { "uniform" } else { "zipf" },
                "zipf_s":zipf_s,"write_pct":write_pct,"think_us":think_us,"seed":seed})),
        (
            0u8..3,
            0u32..4,
            prop::option::of(any::<bool>()),
            0.0f64..10.0
        )
            .prop_map(|(s, times, hint, sleep_ms)| {
                let seg = ["T", "I", "U"][s as usize];
                let mut w = json!({"kind":"scan","segment":seg,"times":times,"sleep_ms":sleep_ms});
                if let Some(h) = hint {
                    w["cache_hint"] = json!(h);
                }
                w
            }),
        (0u64..200, 1u32..20, 1u32..50, any::<bool>(), any::<u64>()).prop_map(
            |(ranges, rows_per_range, rows_per_block, clustered, seed)| json!({
                "kind":"index_range","table":"T","index":"I","ranges":ranges,
                "rows_per_range":rows_per_range,"rows_per_block":rows_per_block,
                "clustered":clustered,"seed":seed})
        ),
        prop::collection::vec((0.0f64..100.0, 0u8..3, 0u32..100, 0u8..3), 0..40).prop_map(|rows| {
            let mut t = 0.0;
            let mut csv = String::from("time_ms,object,block,op\n");
            for (dt, s, b, op) in rows {
                t += dt;
                let seg = ["T", "I", "U"][s as usize];
                let op = ["r", "w", "s"][op as usize];
                csv.push_str(&format!("{t:.3},{seg},{b},{op}\n"));
            }
            json!({"kind":"trace","csv":csv})
        }),
        (1u32..20, 0.0f64..0.01, 1u32..30, any::<u64>()).prop_map(
            |(buffs, sleep, total, seed)| json!({
                "kind":"buffer_stuffer","buffs_per_stuff":buffs,"sleep_secs":sleep,
                "total_stuffs":total,"seed":seed,
                "large_table":"T","large_index":"I","lookup_table":"U","lookup_index":"I"})
        ),
    ]
}

fn workload() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => leaf_workload(),
        1 => (0u64..300, any::<u64>(), prop::collection::vec((0.0f64..10.0, leaf_workload()), 0..4))
            .prop_map(|(executions, seed, parts)| json!({
                "kind":"mix","executions":executions,"seed":seed,
                "parts": parts.into_iter().map(|(w, l)| json!({"weight":w,"workload":l})).collect::<Vec<_>>()})),
        1 => prop::collection::vec(
            prop_oneof![
                Just(json!({"sql":"alter system flush buffer_cache"})),
                Just(json!({"sql":"select /*+ full(t) */ count(*) from T t"})),
                Just(json!({"sql":"alter session set events '10949 trace name context forever, level 1'"})),
                Just(json!({"sql":"alter table T storage (buffer_pool keep)"})),
                Just(json!({"sql":"alter session set \"_serial_direct_read\" = never"})),
                leaf_workload().prop_map(|w| json!({"run":w,"label":"a run"})),
            ],
            0..6,
        )
        .prop_map(|steps| json!({"kind":"script","steps":steps})),
    ]
}

fn scenario() -> impl Strategy<Value = String> {
    (init(), objects(), workload()).prop_map(|((p, init), objects, workload)| {
        json!({
            "version": 1,
            "title": "fuzz",
            "profile": PROFILES[p],
            "init": init,
            "objects": objects,
            "workload": workload,
            "cost": {"logical_read_us": 1, "physical_read_ms": 5},
        })
        .to_string()
    })
}

fn check(text: &str) -> Result<(), TestCaseError> {
    let run = Scenario::parse(text).and_then(Run::new);
    let mut run = match run {
        Ok(r) => r,
        Err(e) => {
            count_refusal(&e, &REFUSED);
            prop_assert!(
                !e.path.is_empty() || !e.message.is_empty(),
                "refused without saying where or why: {text}"
            );
            return Ok(());
        }
    };
    run.run_to_end();
    RAN.fetch_add(1, Relaxed);
    match run.fault() {
        Some(f) => prop_assert!(!f.message.is_empty(), "fault without a message: {text}"),
        None => prop_assert!(run.done(), "not at its end after run_to_end: {text}"),
    }
    let r = run.report();
    let pools: u64 = r.pools.iter().map(|p| p.physical_reads).sum();
    prop_assert_eq!(pools, r.total.physical_reads, "pool sums: {}", text);
    for h in r
        .pools
        .iter()
        .map(|p| p.hit_ratio)
        .chain([r.total.hit_ratio])
        .flatten()
    {
        prop_assert!((0.0..=1.0).contains(&h), "hit ratio {h}: {text}");
    }
    prop_assert!(
        r.elapsed_s >= 0.0 && r.elapsed_s.is_finite(),
        "elapsed {}: {text}",
        r.elapsed_s
    );
    let steps: f64 = r.steps.iter().map(|s| s.elapsed_s).sum();
    prop_assert!(
        steps <= r.elapsed_s + 1e-9,
        "steps {steps} > elapsed {}: {text}",
        r.elapsed_s
    );
    Ok(())
}

/// Count a refused case (and show it with `FUZZ_SHOW` set).
fn count_refusal(e: &cachesim::SimError, refused: &AtomicU64) {
    refused.fetch_add(1, Relaxed);
    if std::env::var("FUZZ_SHOW").is_ok() {
        eprintln!("refused: {e}");
    }
}

/// Run `check` on `cases()` texts from `strategy` and print how many ran and were refused.
fn run_generated(
    what: &str,
    strategy: impl Strategy<Value = String>,
    check: fn(&str) -> Result<(), TestCaseError>,
    ran: &AtomicU64,
    refused: &AtomicU64,
) {
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&strategy, |text| check(&text))
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "fuzz: {} generated {what}: {} ran to their end, {} refused",
        cases(),
        ran.load(Relaxed),
        refused.load(Relaxed)
    );
}

#[test]
fn generated_scenarios_run_or_are_refused() {
    run_generated("scenarios", scenario(), check, &RAN, &REFUSED);
}

// ---- library cache scenarios (seed 001's SQLSlammer) ----

static LIB_RAN: AtomicU64 = AtomicU64::new(0);
static LIB_REFUSED: AtomicU64 = AtomicU64::new(0);

/// A cost in µs spread over orders of magnitude, 0 to 10^`max_exp` (the documented range
/// is 0..=1e9; work under a latch is kept below 10 ms a step so that a case stays cheap).
fn cost_us(max_exp: u32) -> impl Strategy<Value = f64> {
    (0..=max_exp, 0.0f64..1.0).prop_map(|(e, f)| {
        if e == 0 {
            0.0
        } else {
            f * 10f64.powi(e as i32)
        }
    })
}

fn library_scenario() -> impl Strategy<Value = String> {
    (
        (
            prop::bool::ANY,
            1u32..64,
            0u32..9,
            0u32..6,
            prop::bool::ANY,
            1u32..5,
            prop::option::of(0u32..5000),
        ),
        (
            1u32..10,
            1u32..6,
            1u32..30,
            0.0f64..0.05,
            0u32..400,
            (prop::bool::ANY, prop::bool::ANY, prop::bool::ANY),
            any::<u32>(),
        ),
        (
            cost_us(9),
            cost_us(9),
            cost_us(4),
            cost_us(3),
            prop::option::of(0.0f64..100.0),
        ),
    )
        .prop_map(
            |(
                (v816, pool_mb, buckets, latches, force, cpus, spin),
                (jobs, stmts, slams, sleep, size, (rand, binds, nds), seed),
                (execute, hard, latch_op, chunk, spin_ns),
            )| {
                let mut init = json!({
                    "shared_pool_size": format!("{pool_mb}M"),
                    "_kgl_bucket_count": buckets,
                    "_kgl_latch_count": latches,
                    "cursor_sharing": if force { "FORCE" } else { "EXACT" },
                    "cpu_count": cpus,
                });
                if let Some(n) = spin {
                    init["_spin_count"] = json!(n);
                }
                let mut cost = json!({
                    "execute_us": execute, "hard_parse_us": hard,
                    "latch_op_us": latch_op, "chunk_examined_us": chunk,
                });
                if let Some(n) = spin_ns {
                    cost["spin_iteration_ns"] = json!(n);
                }
                json!({
                    "version": 1,
                    "title": "fuzz",
                    "profile": if v816 { "8.1.6" } else { "8.1.5" },
                    "init": init,
                    "workload": {
                        "kind": "sql_slammer", "jobs": jobs, "stmts_per_slam": stmts,
                        "total_slams": slams, "slam_sleeptime": sleep, "stmt_size": size,
                        "use_rand_comment": rand, "use_bindvars": binds, "use_nds": nds,
                        "seed": seed,
                    },
                    "cost": { "library": cost },
                })
                .to_string()
            },
        )
}

fn check_library(text: &str) -> Result<(), TestCaseError> {
    let run = Scenario::parse(text).and_then(cachesim::library::Run::new);
    let mut run = match run {
        Ok(r) => r,
        Err(e) => {
            count_refusal(&e, &LIB_REFUSED);
            prop_assert!(
                !e.path.is_empty() && !e.message.is_empty(),
                "refused without saying where or why: {text}"
            );
            return Ok(());
        }
    };
    run.run_to_end();
    LIB_RAN.fetch_add(1, Relaxed);
    let sim = run.sim();
    prop_assert!(
        sim.ticks <= cachesim::library::MAX_EVENTS,
        "{} events: {text}",
        sim.ticks
    );
    prop_assert!(run.done() || sim.clock_stopped, "not at its end: {text}");
    let v: Value = serde_json::from_str(text).unwrap();
    let w = &v["workload"];
    let n = |k: &str| w[k].as_u64().unwrap();
    let statements = n("jobs") * n("stmts_per_slam") * n("total_slams");
    let r = run.report();
    let lc = &r.library_cache;
    if run.done() {
        prop_assert_eq!(r.statements, statements, "statements: {}", text);
        let sleeps = n("total_slams") as f64 * w["slam_sleeptime"].as_f64().unwrap();
        prop_assert!(
            r.elapsed_s >= sleeps * (1.0 - 1e-9) - 1e-9,
            "elapsed {} < sleeps {sleeps}: {text}",
            r.elapsed_s
        );
        prop_assert!(lc.makespan_s >= r.elapsed_s, "makespan: {text}");
    }
    let (a, st) = (&lc.sql_area, &lc.sysstat);
    prop_assert!(a.gethits <= a.gets && a.pinhits <= a.pins, "hits: {text}");
    for h in [a.gethitratio, a.pinhitratio] {
        prop_assert!((0.0..=1.0).contains(&h), "hit ratio {h}: {text}");
    }
    prop_assert!(
        st.parse_count_hard <= st.parse_count_total,
        "hard parses: {text}"
    );
    prop_assert!(
        st.execute_count <= st.parse_count_total,
        "executions: {text}"
    );
    prop_assert!(
        st.parse_time_cpu_s <= st.cpu_used_s + 1e-9,
        "parse cpu: {text}"
    );
    let cpus = v["init"]["cpu_count"].as_u64().unwrap() as f64;
    prop_assert!(
        st.cpu_used_s <= lc.makespan_s * cpus * (1.0 + 1e-9) + 1e-9,
        "CPU {} on {cpus} CPUs in {} s: {text}",
        st.cpu_used_s,
        lc.makespan_s
    );
    for l in &lc.latches {
        prop_assert!(
            l.misses <= l.gets && l.spin_gets <= l.misses,
            "{}: {text}",
            l.name
        );
        prop_assert!((0.0..=1.0).contains(&l.sleep_rate) || l.sleeps > l.gets);
    }
    let sp = &lc.shared_pool;
    let free: u64 = sp.free_lists.iter().map(|f| f.bytes).sum();
    prop_assert_eq!(free, sp.free_bytes, "free lists: {}", text);
    prop_assert!(sp.free_bytes <= sp.size, "free bytes: {text}");
    prop_assert_eq!(sp.pins_and_releases, sp.lru_pins + sp.lru_releases);
    prop_assert!(r.elapsed_s.is_finite() && r.elapsed_s >= 0.0);
    Ok(())
}

#[test]
fn generated_library_scenarios_run_or_are_refused() {
    run_generated(
        "library scenarios",
        library_scenario(),
        check_library,
        &LIB_RAN,
        &LIB_REFUSED,
    );
}

// ---- streamed traces (issue 29): the dense and direct maps, every format, hostile bytes ----

static TRACE_RAN: AtomicU64 = AtomicU64::new(0);
static TRACE_REFUSED: AtomicU64 = AtomicU64::new(0);

/// One line of a text trace: mostly ids (small, huge, 64-bit random), and odd lines: empty,
/// comments, CRLF, a BOM in the middle, garbage, control characters, a long token.
fn trace_line() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (0u64..300).prop_map(|k| k.to_string()),
        2 => any::<u64>().prop_map(|k| k.to_string()),
        1 => Just(String::new()),
        1 => Just("# a comment".to_string()),
        1 => (0u64..300).prop_map(|k| format!("{k}\r")),
        1 => (0u64..300).prop_map(|k| format!("\u{feff}{k}")),
        1 => "[ -~]{0,12}",
        1 => Just("\u{1b}[31m\u{7}".to_string()),
        1 => Just(format!("1{}", "9".repeat(300))),
        1 => Just("18446744073709551616".to_string()),
    ]
}

/// (scenario, options, trace bytes, chunk size): a small cache (sometimes few hash buckets),
/// a format and a map, and a trace with or without a BOM.
fn trace_case() -> impl Strategy<Value = (String, String, Vec<u8>, usize)> {
    (
        0..PROFILES.len(),
        50u32..400,
        prop::option::of(1u32..64),
        prop::collection::vec(1u32..200, 1..4),
        0usize..4,
        prop::bool::ANY,
        prop::bool::ANY,
        prop::collection::vec(trace_line(), 0..120),
        1usize..300,
    )
        .prop_map(
            |(p, buffers, buckets, blocks, format, dense, bom, lines, chunk)| {
                let mut init = Map::new();
                init.insert("db_block_buffers".into(), json!(buffers));
                if let Some(b) = buckets {
                    init.insert("_db_block_hash_buckets".into(), json!(b));
                    init.insert("_db_block_hash_latches".into(), json!(1));
                }
                let objects: Vec<Value> = blocks
                    .iter()
                    .enumerate()
                    .map(|(k, b)| json!({ "name": format!("T{k}"), "type": "TABLE", "blocks": b }))
                    .collect();
                let scenario = json!({
                    "version": 1, "title": "fuzzed trace", "profile": PROFILES[p], "init": init,
                    "objects": objects, "workload": { "kind": "random", "accesses": 1 },
                })
                .to_string();
                let map = if dense { "dense" } else { "direct" };
                let (format, params, body) = match format {
                    0 => ("txt", None, lines.join("\n")),
                    1 => (
                        "csv",
                        Some("time-col=1, obj-id-col=2, delimiter=,, has-header=true"),
                        std::iter::once("time,obj".to_string())
                            .chain(lines.iter().enumerate().map(|(k, l)| format!("{k},{l}")))
                            .collect::<Vec<_>>()
                            .join("\n"),
                    ),
                    2 => (
                        "project",
                        None,
                        std::iter::once("time_ms,object,block,op".to_string())
                            .chain(
                                lines
                                    .iter()
                                    .enumerate()
                                    .map(|(k, l)| format!("{k},T0,{l},r")),
                            )
                            .collect::<Vec<_>>()
                            .join("\n"),
                    ),
                    _ => ("oracleGeneral", None, String::new()),
                };
                let mut bytes = if bom {
                    b"\xEF\xBB\xBF".to_vec()
                } else {
                    Vec::new()
                };
                if format == "oracleGeneral" {
                    for (k, l) in lines.iter().enumerate() {
                        let id = l.trim().parse::<u64>().unwrap_or(k as u64 * 7919);
                        bytes.extend_from_slice(&(k as u32).to_le_bytes());
                        bytes.extend_from_slice(&id.to_le_bytes());
                        bytes.extend_from_slice(&[0u8; 12]);
                    }
                    // sometimes a record cut short
                    if lines.len() % 5 == 1 {
                        bytes.truncate(bytes.len().saturating_sub(7));
                    }
                } else {
                    bytes.extend_from_slice(body.as_bytes());
                }
                let options = match params {
                    Some(p) => json!({ "format": format, "params": p, "map": map }),
                    None => json!({ "format": format, "map": map }),
                }
                .to_string();
                (scenario, options, bytes, chunk)
            },
        )
}

/// A clean error: it says where and why, bounded and without raw control characters.
fn clean(e: &cachesim::SimError) -> Result<(), TestCaseError> {
    prop_assert!(!e.path.is_empty() || !e.message.is_empty(), "silent error");
    let text = e.to_string();
    prop_assert!(text.len() < 4_000, "a {}-byte message", text.len());
    prop_assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "raw control character in {text:?}"
    );
    Ok(())
}

fn check_trace(
    (scenario, options, bytes, chunk): &(String, String, Vec<u8>, usize),
) -> Result<(), TestCaseError> {
    use cachesim::buffer::whatif::trace_feed::TraceFeed;
    let mut feed = match TraceFeed::from_json(scenario, options) {
        Ok(f) => f,
        Err(e) => {
            count_refusal(&e, &TRACE_REFUSED);
            return clean(&e);
        }
    };
    let mut stopped = None;
    for c in bytes.chunks(*chunk) {
        if let Err(e) = feed.feed(c) {
            stopped = Some(e);
            break;
        }
    }
    if stopped.is_none() {
        stopped = feed.finish().err();
    }
    TRACE_RAN.fetch_add(1, Relaxed);
    let r = feed.report();
    prop_assert_eq!(r.accesses, feed.accesses());
    match &stopped {
        Some(e) => {
            clean(e)?;
            prop_assert!(!r.done, "done after {e}");
            prop_assert!(feed.feed(b"1\n").is_err(), "fed after it stopped");
        }
        None => prop_assert!(r.done, "not done after finish"),
    }
    let pools: u64 = r.pools.iter().map(|p| p.physical_reads).sum();
    prop_assert_eq!(pools, r.total.physical_reads);
    Ok(())
}

#[test]
fn generated_traces_replay_or_stop_cleanly() {
    let mut runner = TestRunner::new(Config {
        cases: cases() * 16,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&trace_case(), |case| check_trace(&case))
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "fuzz: {} generated traces: {} replayed (to their end or a clean stop), {} refused",
        cases() * 16,
        TRACE_RAN.load(Relaxed),
        TRACE_REFUSED.load(Relaxed)
    );
}

// ---- the buffer view's layout under every policy (issue 44) ----

/// (scenario, positions): one table read and written at random by a cache under no policy yet
/// (each case runs under every registered one), small (a `teaching.small_cache` of 8 to 40
/// buffers, one or two working sets) or large (50 to 1,000 buffers, one to four sets, often a
/// KEEP pool), DBWR slow enough that buffers wait on the write list; and positions to look at,
/// in any order (back is a replay from a snapshot).
fn layout_case() -> impl Strategy<Value = (Value, Vec<u64>)> {
    (
        prop::bool::ANY,
        (8u32..=40, 1u32..=2),
        (50u32..=1000, 1u32..=4, prop::option::of(50u32..=200)),
        (10u32..2000, 0u32..=80, 0u8..2, 0.0f64..20.0, any::<u64>()),
        (200u64..3000, prop::collection::vec(0.0f64..=1.0, 1..6)),
    )
        .prop_map(
            |(small, (sb, sl), (lb, ll, keep), (blocks, writes, d, write_ms, seed), (n, at))| {
                let mut init = Map::new();
                if small {
                    init.insert("db_block_buffers".into(), json!(sb));
                    init.insert("db_block_lru_latches".into(), json!(sl));
                } else {
                    let keep = keep.filter(|&k| lb >= k + 50 * ll);
                    let latches = (lb - keep.unwrap_or(0)) / 50;
                    init.insert("db_block_buffers".into(), json!(lb));
                    init.insert("cpu_count".into(), json!(4));
                    let mut sets = ll.min(latches);
                    if let Some(k) = keep {
                        let v = format!("(buffers:{k},lru_latches:1)");
                        init.insert("buffer_pool_keep".into(), json!(v));
                        sets += 1;
                    }
                    init.insert("db_block_lru_latches".into(), json!(sets));
                }
                let pool = if keep.is_some() && blocks % 2 == 0 { "KEEP" } else { "DEFAULT" };
                let mut s = json!({
                    "version": 1, "title": "layout", "profile": "8.1.6", "init": init,
                    "objects": [{ "name": "T", "type": "TABLE", "blocks": blocks, "buffer_pool": pool }],
                    "workload": { "kind": "random", "accesses": n, "write_pct": writes,
                                  "distribution": if d == 0 { "uniform" } else { "zipf" },
                                  "seed": seed },
                    "cost": { "logical_read_us": 1, "physical_read_ms": 1,
                              "physical_write_ms": write_ms },
                });
                if small {
                    s["teaching"] = json!({ "small_cache": true });
                }
                let at = at.iter().map(|f| (f * n as f64) as u64).collect();
                (s, at)
            },
        )
}

/// At each position, `layout` lists every buffer once, working set by working set, and the
/// lengths it gives (the policy's regions, the write list, the buffers being written, the
/// never-used ones) cut each set's part into buffers that are where the lengths say.
fn check_layout(policy: &str, run: &mut Run, at: &[u64], text: &str) -> Result<(), TestCaseError> {
    let (mut order, mut info) = (Vec::new(), Vec::new());
    for &pos in at {
        run.seek(pos);
        prop_assert!(
            run.fault().is_none(),
            "{policy} at {pos}: {:?}: {text}",
            run.fault()
        );
        let c = run.cache();
        c.layout(&mut order, &mut info);
        let mut seen = vec![0u32; c.b.len()];
        for &i in &order {
            seen[i as usize] += 1;
        }
        prop_assert!(
            seen.iter().all(|&n| n == 1),
            "{policy} at {pos}: layout {order:?} (counts {seen:?}): {text}"
        );
        let width = c.set_info_width() as usize;
        prop_assert_eq!(info.len(), c.sets.len() * width, "{} at {}", policy, pos);
        let mut names: Vec<&str> = c.repl.regions().iter().map(|r| r.name).collect();
        names.extend(["write_list", "writing", "free"]);
        let mut k = 0;
        for (s, ws) in c.sets.iter().enumerate() {
            let lens = &info[s * width..(s + 1) * width];
            prop_assert_eq!(lens.iter().sum::<u32>(), ws.size(), "{} at {}", policy, pos);
            for (name, &n) in names.iter().zip(lens) {
                let part = order.get(k..k + n as usize);
                prop_assert!(
                    part.is_some(),
                    "{policy} at {pos}: lengths {info:?}: {text}"
                );
                for &i in part.unwrap_or_default() {
                    prop_assert_eq!(c.b.set[i as usize], s as u32, "{} at {}", policy, pos);
                    prop_assert_eq!(c.region(i), *name, "{} at {}: buf {}", policy, pos, i);
                }
                k += n as usize;
            }
        }
    }
    Ok(())
}

/// Issue 44: the view's layout traps under SIEVE and S3-FIFO (its list walk never ended).
/// Every registered policy, small and large caches, random positions.
#[test]
fn layout_lists_every_buffer_once_under_every_policy() {
    let mut runner = TestRunner::new(Config {
        cases: cases() / 2,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&layout_case(), |(mut scenario, at)| {
            for &policy in cachesim::buffer::cache::replacement::NAMES {
                scenario["policy"] = json!(policy);
                let text = scenario.to_string();
                let mut run = Run::from_json(&text)
                    .map_err(|e| TestCaseError::fail(format!("{policy}: {e}: {text}")))?;
                check_layout(policy, &mut run, &at, &text)?;
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "fuzz: {} generated caches × {} policies, layouts checked",
        cases() / 2,
        cachesim::buffer::cache::replacement::NAMES.len(),
    );
}
