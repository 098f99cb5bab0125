//! Native benchmark: accesses per second for each workload and profile, best of 3, one JSON
//! line each (the npm `bench` script prints them beside the wasm figures).

use cachesim::bench::{prepare, prepare_library, LIBRARY_WORKLOADS, WORKLOADS};
use cachesim::Profile;
use cachesim::Replayed;
use std::time::Instant;

fn main() {
    for workload in WORKLOADS {
        for profile in Profile::ALL {
            let mut best = f64::MAX;
            let (mut accesses, mut hit_ratio) = (0, 0.0);
            for _ in 0..3 {
                let mut run = prepare(workload, profile).expect("a known workload");
                let t = Instant::now();
                accesses = run.run_to_end();
                best = best.min(t.elapsed().as_secs_f64());
                hit_ratio = run.report().total.hit_ratio.unwrap_or(0.0);
            }
            println!(
                "{{\"workload\":\"{workload}\",\"profile\":\"{}\",\"accesses\":{accesses},\"seconds\":{best:.6},\"accesses_per_s\":{:.0},\"hit_ratio\":{hit_ratio:.6}}}",
                profile.name(),
                accesses as f64 / best,
            );
        }
    }
    for workload in LIBRARY_WORKLOADS {
        let mut best = f64::MAX;
        let (mut statements, mut hard) = (0, 0);
        for _ in 0..3 {
            let mut run = prepare_library(workload).expect("a known workload");
            let t = Instant::now();
            run.run_to_end();
            best = best.min(t.elapsed().as_secs_f64());
            statements = run.statements_done();
            hard = run.report().library_cache.sysstat.parse_count_hard;
        }
        println!(
            "{{\"library\":\"{workload}\",\"statements\":{statements},\"seconds\":{best:.6},\"statements_per_s\":{:.0},\"hard_parses\":{hard}}}",
            statements as f64 / best,
        );
    }
}
