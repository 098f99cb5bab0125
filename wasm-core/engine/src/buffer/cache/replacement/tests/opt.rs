//! OPT against a brute-force textbook OPT, against libCacheSim's `Belady` on a trace of loops
//! and scans, and through the ways a run gets its future (trace replay, scenario pre-pass
//! with writes, DBWR, a flush and cache advice; a run that drifts from its stream).

use super::super::future::Future;
use crate::buffer::cache::events::{Event, Op};
use crate::buffer::cache::hash::dba;
use crate::buffer::cache::workload::{Access, Rng};
use crate::buffer::whatif::trace_feed::TraceFeed;
use crate::buffer::{Cache, Instance, PoolId, Run};
use crate::scenario::Scenario;
use crate::Replayed;
use std::sync::Arc;

/// A one-set cache of `buffers` (any number: the scenario's floor of 50 is for users) over one
/// table of `blocks`, zero costs, under OPT without a future.
fn cache(buffers: u32, blocks: u32) -> Cache {
    let text = format!(
        r#"{{ "version": 1, "title": "t", "profile": "8.1.6", "policy": "opt",
          "init": {{ "db_block_buffers": 50, "db_block_lru_latches": 1 }},
          "objects": [ {{ "name": "T", "type": "TABLE", "blocks": {blocks} }} ],
          "workload": {{ "kind": "random", "accesses": 1 }},
          "cost": {{ "logical_read_us": 0, "physical_read_ms": 0, "physical_write_ms": 1 }} }}"#
    );
    let c = Instance::build(&Scenario::parse(&text).unwrap())
        .unwrap()
        .cache;
    let mut cfg = c.cfg.clone();
    cfg.pools[0].buffers = buffers;
    Cache::new(cfg, c.segs.clone(), c.cost)
}

/// Misses of OPT with the trace's own future.
fn opt_misses(buffers: u32, blocks: u32, trace: &[u32]) -> u64 {
    let mut c = cache(buffers, blocks);
    let stream = trace.iter().map(|&b| dba(0, b)).collect();
    c.repl
        .opt_mut()
        .unwrap()
        .set_future(Arc::new(Future::build(stream)));
    for (pos, &block) in trace.iter().enumerate() {
        c.access(&Access::read(0, block, Op::Read), pos as u64, pos as u64);
    }
    c.counters[PoolId::Default.index()].physical_reads
}

/// Textbook OPT by brute force: on a miss with the cache full, look ahead for each resident
/// block and evict the one used again last (never: infinitely far).
fn textbook_opt(n: usize, trace: &[u32]) -> u64 {
    let (mut held, mut misses) = (Vec::<u32>::new(), 0);
    for (k, &x) in trace.iter().enumerate() {
        if held.contains(&x) {
            continue;
        }
        misses += 1;
        if held.len() == n {
            let next = |b: u32| {
                trace[k + 1..]
                    .iter()
                    .position(|&y| y == b)
                    .unwrap_or(usize::MAX)
            };
            let v = (0..held.len()).max_by_key(|&j| next(held[j])).unwrap();
            held.swap_remove(v);
        }
        held.push(x);
    }
    misses
}

/// Loops, a hot set among cold blocks, a scan of blocks never read again and a skewed mix,
/// 1,000 accesses each, three times: block of access `k`.
fn loops_and_scans(k: u64) -> u32 {
    let h = ((k * 2_654_435_761) % (1 << 32)) >> 16;
    (match (k / 1000) % 4 {
        0 => k % 150,
        1 if !h.is_multiple_of(4) => h % 20,
        1 => 200 + h % 500,
        2 => 1000 + k,
        _ => (h % 97) * (h % 5),
    }) as u32
}

/// The same trace in libCacheSim's oracleGeneral format (24-byte records; the next-access
/// field is not read here).
fn oracle_general(trace: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(trace.len() * 24);
    for (k, &id) in trace.iter().enumerate() {
        out.extend_from_slice(&(k as u32 / 100).to_le_bytes());
        out.extend_from_slice(&(id as u64).to_le_bytes());
        out.extend_from_slice(&4096u32.to_le_bytes());
        out.extend_from_slice(&(-1i64).to_le_bytes());
    }
    out
}

#[test]
fn opt_is_textbook_opt_on_random_traces_of_small_caches() {
    for (seed, blocks) in [(1, 12), (2, 60), (3, 200)] {
        let mut rng = Rng::new(seed);
        let trace: Vec<u32> = (0..3_000).map(|_| rng.below(blocks) as u32).collect();
        for n in [1, 2, 3, 10, 37] {
            assert_eq!(
                opt_misses(n, blocks as u32, &trace),
                textbook_opt(n as usize, &trace),
                "seed {seed}, {blocks} blocks, {n} buffers"
            );
        }
    }
}

#[test]
fn opt_misses_as_libcachesim_belady_on_loops_and_scans() {
    // libCacheSim (aa0fc40) `cachesim <trace> oracleGeneral Belady <N> --ignore-obj-size=true`
    // on this trace written by the same formula.
    const BELADY: [(u32, u64); 7] = [
        (1, 11_983),
        (2, 10_924),
        (3, 10_449),
        (10, 8_978),
        (37, 7_155),
        (100, 5_233),
        (500, 3_328),
    ];
    let trace: Vec<u32> = (0..12_000).map(loops_and_scans).collect();
    for (n, want) in BELADY {
        assert_eq!(opt_misses(n, 20_000, &trace), want, "{n} buffers");
        if n <= 37 {
            assert_eq!(
                textbook_opt(n as usize, &trace),
                want,
                "textbook, {n} buffers"
            );
        }
    }
    // The same through a trace replay, which builds the future itself.
    let bytes = oracle_general(&trace);
    for (n, want) in BELADY.into_iter().filter(|&(n, _)| n >= 50) {
        let scenario = format!(
            r#"{{ "version": 1, "title": "t", "profile": "8.1.6", "policy": "opt",
              "init": {{ "db_block_buffers": {n}, "db_block_lru_latches": 1 }},
              "objects": [ {{ "name": "T", "type": "TABLE", "blocks": 20000 }} ],
              "workload": {{ "kind": "random", "accesses": 1 }} }}"#
        );
        let mut f = TraceFeed::from_json(&scenario, r#"{"format":"oracleGeneral"}"#).unwrap();
        for c in bytes.chunks(1000) {
            f.feed(c).unwrap();
        }
        assert_eq!(f.report().accesses, 0, "nothing served before the end");
        assert_eq!(f.accesses(), 12_000, "held");
        f.finish().unwrap();
        let r = f.report();
        assert_eq!(r.total.physical_reads, want, "trace replay, {n} buffers");
        assert!(
            r.notes.iter().any(|n| n.contains("policy opt")),
            "{:?}",
            r.notes
        );
    }
}

#[test]
fn a_bad_record_serves_the_held_accesses_before_it() {
    let trace: Vec<u32> = (0..500).map(loops_and_scans).collect();
    let mut bytes = oracle_general(&trace);
    bytes.truncate(bytes.len() - 5);
    let scenario = r#"{ "version": 1, "title": "t", "profile": "8.1.6", "policy": "opt",
        "init": { "db_block_buffers": 50, "db_block_lru_latches": 1 },
        "objects": [ { "name": "T", "type": "TABLE", "blocks": 2000 } ],
        "workload": { "kind": "random", "accesses": 1 } }"#;
    let mut f = TraceFeed::from_json(scenario, r#"{"format":"oracleGeneral"}"#).unwrap();
    f.feed(&bytes).unwrap();
    assert!(f.finish().is_err());
    assert_eq!(f.report().accesses, 499);
    assert_eq!(
        f.report().total.physical_reads,
        textbook_opt(50, &trace[..499])
    );
}

/// A scenario with writes (DBWR has work), a flush between two parts and cache advice, under
/// `policy`.
fn busy_scenario(policy: &str) -> String {
    let part = r#"{ "run": { "kind": "random", "accesses": 6000, "distribution": "zipf",
        "zipf_s": 0.8, "write_pct": 30, "seed": SEED } }"#;
    format!(
        r#"{{ "version": 1, "title": "t", "profile": "8.1.6", "policy": "{policy}",
          "init": {{ "db_block_buffers": 200, "db_block_lru_latches": 2, "db_cache_advice": "ON" }},
          "objects": [ {{ "name": "T", "type": "TABLE", "blocks": 3000 }} ],
          "workload": {{ "kind": "script", "steps": [ {}, {{ "sql": "alter system flush buffer_cache" }}, {} ] }} }}"#,
        part.replace("SEED", "4"),
        part.replace("SEED", "5")
    )
}

#[test]
fn a_scenario_run_takes_its_future_from_a_first_run_with_writes_dbwr_and_a_flush() {
    let mut opt = Run::from_json(&busy_scenario("opt")).unwrap();
    let mut events = 0;
    opt.set_record(true);
    while opt.step(500) > 0 {
        events += opt.events().len();
    }
    assert!(events > 0);
    assert!(opt.fault().is_none());
    let o = opt.cache().repl.opt().unwrap();
    let f = o.future().expect("the run has a future");
    assert_eq!(f.len(), 12_000, "one reference an access");
    assert_eq!(o.references(), f.len());
    assert_eq!(o.drift(), 0, "the run followed its stream");
    let r = opt.report();
    let writes: u64 = opt.cache().counters.iter().map(|c| c.physical_writes).sum();
    assert!(writes > 0, "DBWR wrote");
    assert!(r.notes.iter().any(|n| n.contains("policy opt")));
    // OPT reads less than LRU on the same scenario (dirty buffers aside, it is optimal).
    let mut lru = Run::from_json(&busy_scenario("lru")).unwrap();
    lru.run_to_end();
    assert!(r.total.physical_reads < lru.report().total.physical_reads);
    // The shadow caches of the advice read ahead with the same future: their row at the
    // current size's neighbours is no worse than LRU's would be, and the rows exist.
    let advice = opt.advice().unwrap();
    assert!(advice.pools[0].available);
    assert_eq!(advice.rows.len(), 20);
    let reads: Vec<u64> = advice.rows.iter().map(|r| r.estd_physical_reads).collect();
    assert!(reads.windows(2).all(|w| w[0] >= w[1]), "{reads:?}");
}

#[test]
fn the_narration_names_the_victim_and_its_next_use() {
    let text = r#"{ "version": 1, "title": "t", "profile": "8.1.6", "policy": "opt",
        "init": { "db_block_buffers": 50, "db_block_lru_latches": 1 },
        "objects": [ { "name": "T", "type": "TABLE", "blocks": 400 } ],
        "workload": { "kind": "random", "accesses": 3000, "distribution": "zipf", "seed": 2 } }"#;
    let mut run = Run::from_json(text).unwrap();
    run.set_record(true);
    let mut rules = Vec::new();
    while run.step(1) > 0 {
        for e in run.events() {
            if let Event::Rule { text, .. } = e {
                rules.push(text.clone());
            }
        }
    }
    let victims: Vec<&String> = rules
        .iter()
        .filter(|t| t.starts_with("victim: buf "))
        .collect();
    assert!(!victims.is_empty());
    assert!(
        victims.iter().all(|t| t.ends_with("the farthest of 50")),
        "{victims:?}"
    );
    assert!(victims.iter().any(|t| t.contains("never used again")));
    assert!(rules.iter().any(|t| t.starts_with("hit → next use in ")));
    // The view: a mark per resident buffer, the stream's numbers.
    let c = run.cache();
    let s = c.repl.state(&c.b, &c.sets[0], 0);
    assert_eq!(s.mark_name, Some("next use in"));
    assert_eq!(s.marks.len(), c.sets[0].len as usize);
    assert!(
        s.marks.iter().all(|&(_, m)| m.is_none()),
        "the stream has ended"
    );
    assert_eq!(s.params[0].value, 3000.0);
    assert_eq!(s.params[1].value, 3000.0);
}

#[test]
fn a_run_that_drifts_from_its_stream_goes_on_without_panicking() {
    // The future of another trace: every reference is a drift.
    let trace: Vec<u32> = (0..4_000).map(loops_and_scans).collect();
    let other: Vec<u32> = trace.iter().rev().map(|&b| dba(0, b)).collect();
    let mut c = cache(37, 20_000);
    c.repl
        .opt_mut()
        .unwrap()
        .set_future(Arc::new(Future::build(other)));
    for (pos, &block) in trace.iter().enumerate() {
        let op = if pos % 3 == 0 { Op::Write } else { Op::Read };
        c.access(&Access::read(0, block, op), pos as u64, pos as u64);
    }
    assert!(c.fault.is_none());
    assert_eq!(c.repl.opt().unwrap().references(), 4_000);
    // A block missing from the future is never used again; a run past its end too.
    let s = c.repl.state(&c.b, &c.sets[0], 0);
    assert_eq!(s.marks.len(), c.sets[0].len as usize);
}

#[test]
fn oltp_batch_jobs_run_under_opt() {
    // Jobs interleave by their waits, which depend on the misses: the second run's stream may
    // drift from the first's.
    let text = r#"{ "version": 1, "title": "t", "profile": "8.0", "policy": "opt",
        "init": { "db_block_buffers": 300, "db_block_size": 4096 },
        "objects": [ { "name": "LARGE_TBL", "type": "TABLE", "blocks": 5000 },
                     { "name": "LARGE_TBL_PK", "type": "INDEX", "blocks": 800 },
                     { "name": "SEQ_TBL", "type": "TABLE", "blocks": 400 },
                     { "name": "RBS01", "type": "TABLE", "blocks": 300 } ],
        "workload": { "kind": "oltp_batch", "jobs": 4, "transactions": 800,
                      "warmup_transactions": 200, "table": "LARGE_TBL", "index": "LARGE_TBL_PK",
                      "rows_per_block": 37, "index_branch_blocks": 4, "insert_table": "SEQ_TBL",
                      "insert_rows_per_block": 37, "rollback_segment": "RBS01",
                      "undo_per_block": 20, "txn_cpu_us": 4000, "seed": 2 },
        "cost": { "logical_read_us": 40, "physical_read_ms": 25, "physical_write_ms": 0.78 } }"#;
    let mut run = Run::from_json(text).unwrap();
    run.run_to_end();
    assert!(run.fault().is_none());
    assert!(run.done());
    let o = run.cache().repl.opt().unwrap();
    assert!(o.drift() > 0, "the jobs interleaved otherwise");
    // Overdue next uses are looked up again, so the drifted future still beats LRU.
    let mut lru = Run::from_json(&text.replace(r#""opt""#, r#""lru""#)).unwrap();
    lru.run_to_end();
    let (opt, lru) = (
        run.report().total.physical_reads,
        lru.report().total.physical_reads,
    );
    assert!(opt < lru, "OPT {opt}, LRU {lru}");
}
