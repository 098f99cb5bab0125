//! Native benchmark: accesses per second for each workload and profile, best of 3, one JSON
//! line each (the npm `bench` script prints them beside the wasm figures).

use cachesim::bench::{
    advice_stream, prepare, prepare_advice, prepare_library, ADVICE_WORKLOADS, LIBRARY_WORKLOADS,
    WORKLOADS,
};
use cachesim::buffer::advice::{self, stack::StackPass};
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
    // V$DB_CACHE_ADVICE: the stack-distance pass alone over the `stack` workload's accesses,
    // then whole runs with db_cache_advice = ON (the run's own work included).
    let stream = advice_stream();
    let mut best = f64::MAX;
    let mut far_misses = 0;
    for _ in 0..3 {
        let mut s = StackPass::new(&advice::sizes(1000, 1));
        let t = Instant::now();
        for &id in &stream {
            s.access(id);
        }
        best = best.min(t.elapsed().as_secs_f64());
        far_misses = s.misses(1000);
    }
    println!(
        "{{\"advice\":\"stack-pass\",\"accesses\":{},\"seconds\":{best:.6},\"accesses_per_s\":{:.0},\"physical_reads_at_current\":{far_misses}}}",
        stream.len(),
        stream.len() as f64 / best,
    );
    for workload in ADVICE_WORKLOADS {
        let mut best = f64::MAX;
        let mut accesses = 0;
        for _ in 0..3 {
            let mut run = prepare_advice(workload).expect("a known workload");
            let t = Instant::now();
            accesses = run.run_to_end();
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{{\"advice\":\"run-{workload}\",\"accesses\":{accesses},\"seconds\":{best:.6},\"accesses_per_s\":{:.0}}}",
            accesses as f64 / best,
        );
    }
}
