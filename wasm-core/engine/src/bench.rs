//! Benchmark workloads shared by the native `bench` binary and the wasm build, so both run
//! exactly the same accesses. Each cache has 1,000 buffers (the seed's size; about 40 KB of
//! buffer headers, which fits in L2).

use crate::buffer::Run;
use crate::profile::Profile;
use crate::scenario::Scenario;

/// Accesses in each benchmark run.
pub const BENCH_ACCESSES: u64 = 2_000_000;

/// The benchmark workloads: `seed000` is seed 000's BUFFER_STUFFER run on its Table 9
/// objects, 500,000 executions without sleeps; `zipf-rw` is Zipf-skewed random access over
/// 3,000 blocks with 10 % writes, 2 LRU latches and 2 DBWRs, so that DBWR works too.
pub const WORKLOADS: [&str; 2] = ["seed000", "zipf-rw"];

pub fn scenario(workload: &str, profile: Profile) -> Option<Scenario> {
    let p = profile.name();
    let json = match workload {
        "seed000" => format!(
            r#"{{ "version": 1, "title": "bench seed000 {p}", "profile": "{p}",
              "init": {{ "db_block_buffers": 1000 }},
              "objects": [ {{ "name": "LARGE_TBL", "type": "TABLE", "blocks": 14409 }},
                           {{ "name": "LARGE_TBL_PK", "type": "INDEX", "blocks": 67 }},
                           {{ "name": "LOOKUP_TBL", "type": "TABLE", "blocks": 504 }},
                           {{ "name": "LOOKUP_TBL_PK", "type": "INDEX", "blocks": 2 }} ],
              "workload": {{ "kind": "buffer_stuffer", "buffs_per_stuff": 100, "sleep_secs": 0,
                            "total_stuffs": {stuffs}, "lookup_rows": 500 }} }}"#,
            stuffs = BENCH_ACCESSES / 400
        ),
        "zipf-rw" => format!(
            r#"{{ "version": 1, "title": "bench zipf-rw {p}", "profile": "{p}",
              "init": {{ "db_block_buffers": 1000, "db_block_lru_latches": 2, "cpu_count": 2,
                        "db_writer_processes": 2 }},
              "objects": [ {{ "name": "HOT", "type": "TABLE", "blocks": 1000 }},
                           {{ "name": "BIG", "type": "TABLE", "blocks": 2000 }} ],
              "workload": {{ "kind": "random", "accesses": {n}, "distribution": "zipf",
                            "zipf_s": 0.8, "write_pct": 10, "seed": 7 }},
              "cost": {{ "logical_read_us": 50, "physical_read_ms": 9.4, "physical_write_ms": 2 }} }}"#,
            n = BENCH_ACCESSES
        ),
        _ => return None,
    };
    Some(Scenario::parse(&json).expect("the bench scenarios are valid"))
}

/// The V$DB_CACHE_ADVICE benchmarks (`db_cache_advice = ON`): `stack` is the `seed000`
/// workload under 8.0 made plain LRU (one working set, `index_hit_relink = TRUE`,
/// `probe_examination = FALSE`), so its advice is the stack-distance pass; `shadow` is the same
/// workload under 8.1.6 (touch counts: 19 shadow caches), on a tenth of the accesses.
pub const ADVICE_WORKLOADS: [&str; 2] = ["stack", "shadow"];

pub fn advice_scenario(workload: &str) -> Option<Scenario> {
    let (profile, stuffs) = match workload {
        "stack" => (Profile::V8_0, BENCH_ACCESSES / 400),
        "shadow" => (Profile::V8_1_6, BENCH_ACCESSES / 4000),
        _ => return None,
    };
    let mut s = scenario("seed000", profile)?;
    if let crate::buffer::cache::workload::WorkloadSpec::BufferStuffer { total_stuffs, .. } =
        &mut s.workload
    {
        *total_stuffs = stuffs as u32;
    }
    for (k, v) in [
        ("db_cache_advice", "ON"),
        ("index_hit_relink", "TRUE"),
        ("probe_examination", "FALSE"),
    ] {
        s.init.insert(k.into(), v.into());
    }
    Some(s)
}

/// A ready advice benchmark run, or None for an unknown name.
pub fn prepare_advice(workload: &str) -> Option<Run> {
    advice_scenario(workload).map(|s| Run::new(s).expect("the bench scenarios build"))
}

/// The dense block ids (segment base + block) of the `stack` advice benchmark's accesses,
/// for timing the stack-distance pass alone.
pub fn advice_stream() -> Vec<u32> {
    let s = advice_scenario("stack").expect("a known workload");
    let inst = crate::buffer::Instance::build(&s).expect("the bench scenarios build");
    let mut g = inst.generator;
    let (mut q, mut out) = (Vec::new(), Vec::new());
    while g.next_exec(&mut q) {
        out.extend(
            q.drain(..)
                .map(|a| crate::buffer::cache::hash::dba(a.seg, a.block)),
        );
    }
    out
}

/// The library cache benchmarks: seed 001's Table 2 volume (10 sessions × 5 statements ×
/// 1,000 slams = 50,000 statements, 15M shared pool, `_kgl_bucket_count` 4) with literal SQL
/// (test 1: every statement a hard parse), bind variables (test 2) and CURSOR_SHARING = FORCE
/// (test 3).
pub const LIBRARY_WORKLOADS: [&str; 3] = ["literal", "binds", "force"];

pub fn library_scenario(workload: &str) -> Option<Scenario> {
    let (binds, sharing) = match workload {
        "literal" => (false, "EXACT"),
        "binds" => (true, "EXACT"),
        "force" => (false, "FORCE"),
        _ => return None,
    };
    let json = format!(
        r#"{{ "version": 1, "title": "bench library {workload}", "profile": "8.1.6",
          "init": {{ "shared_pool_size": "15M", "_kgl_bucket_count": 4, "cursor_sharing": "{sharing}" }},
          "workload": {{ "kind": "sql_slammer", "use_bindvars": {binds}, "use_nds": true }} }}"#
    );
    Some(Scenario::parse(&json).expect("the bench scenarios are valid"))
}

/// A ready library cache run (its dry run done outside the timed part).
pub fn prepare_library(workload: &str) -> Option<crate::library::Run> {
    library_scenario(workload)
        .map(|s| crate::library::Run::new(s).expect("the bench scenarios build"))
}

/// A ready run of a benchmark (built outside the timed part), or None for an unknown name.
pub fn prepare(workload: &str, profile: Profile) -> Option<Run> {
    scenario(workload, profile).map(|s| Run::new(s).expect("the bench scenarios build"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_bench_workload_builds_with_its_access_count() {
        for w in super::WORKLOADS {
            for p in crate::profile::Profile::ALL {
                let r = super::prepare(w, p).unwrap();
                assert_eq!(r.total_accesses(), super::BENCH_ACCESSES);
            }
        }
    }

    #[test]
    fn advice_benches_use_their_methods() {
        use crate::buffer::advice::AdviceMethod;
        for (w, m) in super::ADVICE_WORKLOADS
            .iter()
            .zip([AdviceMethod::StackDistance, AdviceMethod::ShadowCaches])
        {
            let r = super::prepare_advice(w).unwrap();
            assert!(
                r.advice().unwrap().pools.iter().all(|p| p.method == m),
                "{w}"
            );
        }
        assert_eq!(super::advice_stream().len() as u64, super::BENCH_ACCESSES);
    }

    #[test]
    fn every_library_bench_runs_its_statements() {
        for w in super::LIBRARY_WORKLOADS {
            let r = super::prepare_library(w).unwrap();
            assert_eq!(r.total_statements(), 50_000, "{w}");
        }
    }
}
