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
    fn every_library_bench_runs_its_statements() {
        for w in super::LIBRARY_WORKLOADS {
            let r = super::prepare_library(w).unwrap();
            assert_eq!(r.total_statements(), 50_000, "{w}");
        }
    }
}
