use super::*;
use crate::buffer::advice::stack::tests::{lru_misses as brute_lru, trace};
use crate::buffer::whatif::trace_feed::{ObjectMap, TraceFormat, TraceOptions};
use crate::scenario::Scenario;
use std::collections::HashMap;

/// Belady's MIN with `k` blocks, by its definition: on a miss with the cache full, evict the
/// block whose next reference is furthest (never again first).
fn brute_opt(stream: &[u32], k: usize) -> u64 {
    let mut cached: HashMap<u32, usize> = HashMap::new(); // block → its next reference
    let mut misses = 0;
    for (t, &b) in stream.iter().enumerate() {
        let next = stream[t + 1..]
            .iter()
            .position(|&x| x == b)
            .map_or(usize::MAX, |p| t + 1 + p);
        if let Some(n) = cached.get_mut(&b) {
            *n = next;
            continue;
        }
        misses += 1;
        if cached.len() == k {
            let (&victim, _) = cached.iter().max_by_key(|(&blk, &n)| (n, blk)).unwrap();
            cached.remove(&victim);
        }
        cached.insert(b, next);
    }
    misses
}

#[test]
fn opt_by_hand() {
    // 1 2 3 1 2 4 1 2: OPT with 2 keeps 1 across the 3 and the 4, and misses 2 thrice
    let s = [1, 2, 3, 1, 2, 4, 1, 2];
    assert_eq!(opt_misses(&s, &[1, 2, 3]), vec![8, 6, 4]);
    assert_eq!(brute_opt(&s, 2), 6);
}

#[test]
fn every_point_equals_a_plain_simulation_of_that_size() {
    for (seed, span, n) in [(1, 40, 3000), (2, 300, 4000), (3, 8, 500), (4, 2000, 3000)] {
        let s = trace(n, span, seed);
        let sizes: Vec<u32> = (1..=20).map(|k| k * (span as u32 / 16).max(1)).collect();
        let lru = stack_curve("lru", &s, &sizes).unwrap();
        let opt = stack_curve("opt", &s, &sizes).unwrap();
        assert_eq!(lru.accesses, n as u64);
        for (i, &k) in sizes.iter().enumerate() {
            assert_eq!(
                lru.misses[i],
                brute_lru(&s, k as usize),
                "LRU seed {seed} size {k}"
            );
            assert_eq!(
                opt.misses[i],
                brute_opt(&s, k as usize),
                "OPT seed {seed} size {k}"
            );
            assert!(opt.misses[i] <= lru.misses[i]);
        }
    }
}

#[test]
fn a_loop_one_larger_than_the_cache() {
    // LRU misses every reference; OPT misses only once per lap past the first
    let s: Vec<u32> = (0..50).flat_map(|_| 0..11).collect();
    assert_eq!(lru_misses(&s, &[10]), vec![550]);
    assert_eq!(opt_misses(&s, &[10])[0], brute_opt(&s, 10));
    assert!(opt_misses(&s, &[10])[0] < 110);
}

#[test]
fn other_policies_have_no_one_pass_curve() {
    let e = stack_curve("fifo", &[1, 2], &[1]).unwrap_err();
    assert!(e.message.contains("simulate it"), "{e}");
    assert!(stack_curve("lru", &[1], &[]).is_err());
}

fn scenario(extra_init: &str, workload: &str) -> Scenario {
    Scenario::parse(&format!(
        r#"{{ "version": 1, "title": "mrc", "profile": "8.0",
          "init": {{ "db_block_buffers": 200, "db_block_lru_latches": 1 {extra_init} }},
          "objects": [ {{ "name": "T", "type": "TABLE", "blocks": 600 }},
                       {{ "name": "U", "type": "TABLE", "blocks": 300 }} ],
          "workload": {workload} }}"#
    ))
    .unwrap()
}

const RANDOM: &str = r#"{ "kind": "random", "accesses": 6000, "distribution": "zipf" }"#;

#[test]
fn a_scenario_stream_is_its_cached_references_and_lru_simulation_equals_the_stack() {
    let s = scenario("", RANDOM);
    let st = scenario_stream(&s).unwrap();
    assert_eq!(st.blocks.len(), 6000);
    assert_eq!(st.current_buffers, 200);
    let sum = st.summary();
    assert!(sum.distinct > 100 && sum.distinct <= 900, "{sum:?}");
    let sizes = [50, 120, 300];
    let lru = stack_curve("lru", &st.blocks, &sizes).unwrap();
    for (i, &n) in sizes.iter().enumerate() {
        let p = simulate_scenario(&s, "lru", n).unwrap();
        assert_eq!(p.accesses, 6000);
        assert_eq!(p.misses, lru.misses[i], "size {n}");
    }
    // another policy runs too, and misses no less than OPT
    let opt = stack_curve("opt", &st.blocks, &sizes).unwrap();
    let fifo = simulate_scenario(&s, "fifo", 120).unwrap();
    assert!(fifo.misses >= opt.misses[1]);
}

#[test]
fn a_trace_stream_is_its_mapped_blocks() {
    let s = scenario("", RANDOM);
    let bytes: Vec<u8> = trace(5000, 700, 9)
        .iter()
        .map(|b| format!("{b}\n"))
        .collect::<String>()
        .into_bytes();
    let opts = TraceOptions {
        format: TraceFormat::Txt,
        params: None,
        map: Some(ObjectMap::Direct),
    };
    let st = trace_stream(&s, &opts, &bytes).unwrap();
    assert_eq!(st.blocks, trace(5000, 700, 9));
    let lru = stack_curve("lru", &st.blocks, &[64, 256]).unwrap();
    let p = simulate_trace(&s, &opts, &bytes, "lru", 256).unwrap();
    assert_eq!((p.misses, p.accesses), (lru.misses[1], 5000));
}

#[test]
fn at_size_keeps_the_scenario_spelling_and_one_working_set() {
    let mut s = scenario("", RANDOM);
    s.init.insert(
        "buffer_pool_keep".into(),
        "(buffers:100,lru_latches:1)".into(),
    );
    s.init.insert("db_block_buffers".into(), 400.into());
    s.init.insert("db_block_lru_latches".into(), 3.into());
    let t = at_size(&s, "fifo", 80).unwrap();
    assert_eq!(t.policy.as_deref(), Some("fifo"));
    assert_eq!(t.init["db_block_buffers"], 180);
    assert_eq!(t.init["db_block_lru_latches"], 2);
    let mut b = scenario("", RANDOM);
    b.profile = crate::profile::Profile::V10_2_0_5;
    b.init.remove("db_block_buffers");
    b.init.insert("db_cache_size".into(), "8M".into());
    let t = at_size(&b, "lru", 300).unwrap();
    assert!(t.init["db_cache_size"].is_u64());
    let run = crate::buffer::Run::new(t).unwrap();
    let default = run
        .cache()
        .cfg
        .pool(crate::buffer::PoolId::Default)
        .unwrap();
    assert_eq!((default.buffers, default.lru_latches), (300, 1));
    // below the model's smallest pool: the engine's refusal
    assert!(simulate_scenario(&s, "lru", 20).is_err());
}

#[test]
fn every_registered_policy_and_opt_can_be_drawn() {
    let names = curve_policies();
    for n in crate::buffer::cache::replacement::NAMES {
        assert!(names.contains(n), "{n}");
    }
    assert!(names.contains(&"opt") && names.contains(&"lru"));
    assert_eq!(names.iter().filter(|&&n| n == "opt").count(), 1);
}

#[test]
fn examinations_count_as_references() {
    // 8i's index probes are examinations, not pool gets: the curve counts them all the same
    let s =
        Scenario::parse(&std::fs::read_to_string("../../scenarios/seed000-8i-hot50.json").unwrap())
            .unwrap();
    let st = scenario_stream(&s).unwrap();
    let p = simulate_scenario(&s, "touch-count", 13000).unwrap();
    let distinct = st.summary().distinct as u64;
    assert_eq!((p.misses, p.accesses), (distinct, st.blocks.len() as u64));
}
