//! Spatial sampling (docs/model.md §3.4, issue 43): the filter, the sampled cache's size, the
//! figures scaled back, the limits of exact and sampled runs and their messages.

use cachesim::buffer::Run;
use cachesim::{Replayed, Scenario};
use serde_json::{json, Value};

/// A Zipf(0.9) workload over one 200,000-block table through `buffers` buffers.
fn zipf(buffers: u64, accesses: u64, policy: &str, rate: Option<f64>) -> Value {
    let mut s = json!({ "version": 1, "title": "zipf", "profile": "8.1.5", "policy": policy,
        "init": { "db_block_buffers": buffers },
        "objects": [ { "name": "T", "type": "TABLE", "blocks": 200000 } ],
        "workload": { "kind": "random", "distribution": "zipf", "accesses": accesses, "zipf_s": 0.9 } });
    if let Some(r) = rate {
        s["sampling"] = json!({ "rate": r });
    }
    s
}

fn run(v: &Value) -> Run {
    let mut r = Run::new(Scenario::parse(&v.to_string()).unwrap()).unwrap();
    r.run_to_end();
    r
}

fn exact_miss_ratio(r: &Run) -> f64 {
    let p = &r.report().pools[0];
    p.buf_got as f64 / (p.consistent_gets + p.db_block_gets) as f64
}

#[test]
fn the_sampled_cache_is_the_full_one_times_r_and_the_report_says_so() {
    let r = run(&zipf(20_000, 50_000, "lru", Some(0.01)));
    assert_eq!(r.cache().cfg.total_buffers(), 200);
    let s = r.report().sampling.expect("a sampling block");
    assert_eq!((s.buffers, s.sampled_buffers), (20_000, 200));
    assert_eq!(s.accesses, 50_000);
    assert!((s.expected - 500.0).abs() < 1.0, "{}", s.expected);
    // the cache served the kept accesses and no others
    let p = &r.report().pools[0];
    assert_eq!(p.consistent_gets + p.db_block_gets, s.kept);
    // the scaled figures are the sample's × 1/rate
    let up = |n: u64| (n as f64 / s.effective_rate).round() as u64;
    assert_eq!(s.pools[0].misses, up(p.buf_got));
    assert_eq!(s.pools[0].physical_reads, up(p.physical_reads));
    assert_eq!(s.pools[0].logical_reads, up(s.kept));
    assert_eq!(
        s.pools[0].miss_ratio,
        Some(p.buf_got as f64 / s.pools[0].expected)
    );
    assert!(r
        .report()
        .notes
        .iter()
        .any(|n| n.starts_with("sampled at 0.01")));
    // an exact run has no block
    assert!(run(&zipf(20_000, 1_000, "lru", None))
        .report()
        .sampling
        .is_none());
}

#[test]
fn rate_one_is_the_exact_run() {
    let a = run(&zipf(5_000, 30_000, "touch-count", None)).report();
    let b = run(&zipf(5_000, 30_000, "touch-count", Some(1.0))).report();
    assert_eq!(a.pools, b.pools);
}

/// The sampled miss ratio is near the exact one for every kind of policy (a stack policy,
/// Oracle's touch count, a scan-resistant one): the rule that a spatial sample through a
/// cache of C·R stands for the cache of C.
#[test]
fn a_sampled_run_estimates_the_exact_miss_ratio() {
    for policy in ["lru", "touch-count", "arc"] {
        for buffers in [10_000u64, 40_000] {
            let exact = exact_miss_ratio(&run(&zipf(buffers, 400_000, policy, None)));
            let s = run(&zipf(buffers, 400_000, policy, Some(0.1))).report();
            let est = s.sampling.unwrap().pools[0].miss_ratio.unwrap();
            assert!(
                (est - exact).abs() < 0.02,
                "{policy} at {buffers}: sampled {est:.4}, exact {exact:.4}"
            );
        }
    }
}

#[test]
fn an_exact_run_past_the_limit_is_refused_with_the_rate_that_fits() {
    let big = json!({ "version": 1, "title": "big", "profile": "10.2.0.5",
        "init": { "db_cache_size": "512G", "db_block_size": 8192 },
        "objects": [ { "name": "T", "type": "TABLE", "blocks": 4194302 } ],
        "workload": { "kind": "random", "accesses": 1000 } });
    let e = Run::new(Scenario::parse(&big.to_string()).unwrap())
        .err()
        .expect("refused");
    assert_eq!(e.path, "init.db_cache_size");
    assert!(
        e.message.contains("67108864 buffers")
            && e.message.contains("above the maximum 1048576")
            && e.message
                .contains("use sampling.rate ≤ 0.0156 (--sample 0.01)"),
        "{e}"
    );
    // sampled at 0.01 it fits: 671,089 buffers simulated
    let mut sampled = big.clone();
    sampled["sampling"] = json!({ "rate": 0.01 });
    let r = run(&sampled);
    assert_eq!(r.cache().cfg.total_buffers(), 671_089);
    assert_eq!(r.report().sampling.unwrap().buffers, 1 << 26);
    // sampled at 0.1 it does not, and the message names the rate that would
    sampled["sampling"] = json!({ "rate": 0.1 });
    let e = Run::new(Scenario::parse(&sampled.to_string()).unwrap())
        .err()
        .expect("refused");
    assert!(
        e.message.contains("sampled at 0.1 is 6710886 buffers"),
        "{e}"
    );
    // db_block_buffers the same way; past 2^27 even a sampled run refuses
    let old = |n: u64, rate: Option<f64>| {
        let mut v = zipf(n, 10, "lru", rate);
        v["profile"] = json!("8.1.5");
        Run::new(Scenario::parse(&v.to_string()).unwrap()).err()
    };
    let e = old(2_000_000, None).expect("refused");
    assert_eq!(e.path, "init.db_block_buffers");
    assert!(e.message.contains("(--sample 0.5)"), "{e}");
    assert!(old(2_000_000, Some(0.5)).is_none());
    let e = old(1 << 28, Some(0.001)).expect("refused");
    assert!(e.message.contains("even sampled"), "{e}");
}

#[test]
fn sampling_is_refused_where_it_cannot_stand_for_the_run() {
    let mut v = zipf(1_000, 10, "lru", Some(0.5));
    v["sampling"] = json!({ "rate": 0 });
    let e = Scenario::parse(&v.to_string())
        .and_then(|s| Run::new(s).map(drop))
        .unwrap_err();
    assert_eq!(e.path, "sampling.rate");
    v["sampling"] = json!({ "rate": 0.5, "size": 3 });
    assert_eq!(
        Scenario::parse(&v.to_string()).unwrap_err().path,
        "sampling.size"
    );
    let mut h = zipf(1_000, 10, "lru", Some(0.5));
    h["host"] = json!({ "central_storage_mb": 64 });
    let e = Run::new(Scenario::parse(&h.to_string()).unwrap())
        .err()
        .unwrap();
    assert_eq!(e.path, "sampling");
}

/// Advice by sampling (issue 43 item 3): a pool small enough for exact shadow caches, advised
/// both ways. With the limit forced below its shadows' size the advisory samples (rate 0.1
/// here, the largest round rate that fits) and says so; every row is within 2 % of the exact
/// one (the 1.0 row is the real cache's, so exactly).
#[test]
fn sampled_advice_rows_are_within_2_percent_of_the_exact_ones() {
    use cachesim::buffer::advice::{Advisor, CURRENT};
    use cachesim::buffer::Instance;
    let v = zipf(20_000, 1_000_000, "touch-count", None);
    let s = Scenario::parse(&v.to_string()).unwrap();
    let init = s.init_ora().unwrap();
    let advise = |limit: u64| {
        let inst = Instance::build(&s).unwrap();
        let mut ad = Advisor::with_limit(&inst.cache, &init, &inst.generator, None, limit).unwrap();
        let (mut c, mut g) = (inst.cache, inst.generator);
        let (mut q, mut pos, mut exec) = (Vec::new(), 0, 0);
        while g.next_exec(&mut q) {
            exec += 1;
            for a in q.drain(..) {
                c.access(&a, pos, exec);
                ad.feed(&a, pos, exec, &c);
                pos += 1;
            }
        }
        ad.advice(&c)
    };
    let exact = advise(u64::MAX);
    let sampled = advise(60_000);
    assert_eq!(exact.pools[0].sample_rate, None);
    assert_eq!(sampled.pools[0].sample_rate, Some(0.1));
    assert!(
        sampled.pools[0].reason.contains("sampled at 0.1"),
        "{}",
        sampled.pools[0].reason
    );
    assert_eq!(sampled.rows.len(), 20);
    let mut worst: f64 = 0.0;
    for (e, m) in exact.rows.iter().zip(&sampled.rows) {
        assert_eq!(e.buffers_for_estimate, m.buffers_for_estimate);
        let err = (m.estd_physical_reads as f64 - e.estd_physical_reads as f64).abs()
            / e.estd_physical_reads as f64;
        worst = worst.max(err);
        eprintln!(
            "{:>6} buffers: exact {:>7}, sampled {:>7} ({:+.2} %)",
            e.buffers_for_estimate,
            e.estd_physical_reads,
            m.estd_physical_reads,
            err * 100.0
        );
    }
    assert_eq!(
        exact.rows[CURRENT].estd_physical_reads,
        sampled.rows[CURRENT].estd_physical_reads
    );
    assert!(worst <= 0.02, "worst row {:.2} %", worst * 100.0);
}

/// A sampled run's own advice: its rows are written for the full pool (sizes and reads).
#[test]
fn a_sampled_run_advises_the_full_pool() {
    let mut v = zipf(20_000, 200_000, "touch-count", Some(0.1));
    v["init"]["db_cache_advice"] = json!("ON");
    v["profile"] = json!("10.2.0.5");
    let r = run(&v);
    let a = r.advice().unwrap();
    assert_eq!(a.pools[0].sample_rate, Some(0.1));
    assert_eq!(a.pools[0].current_buffers, 20_000);
    assert_eq!(a.rows.len(), 20);
    assert_eq!(a.rows[9].buffers_for_estimate, 20_000);
    assert_eq!(a.rows[19].buffers_for_estimate, 40_000);
    let s = r.report().sampling.unwrap();
    // the 1.0 row is the sampled cache's reads scaled back
    assert_eq!(a.rows[9].estd_physical_reads, s.pools[0].physical_reads);
}
