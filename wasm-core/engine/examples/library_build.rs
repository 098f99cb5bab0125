//! Build time of library cache scenarios (issue 14): for each scenario file, the seconds
//! `Run::new` takes (its dry run), the scheduler events the run takes and the time slices
//! merged. `cargo run --release --example library_build -- scenarios/*.json`
use cachesim::library::Run;
use cachesim::Replayed;
use std::time::Instant;

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let t = Instant::now();
        match Run::from_json(&text) {
            Ok(mut run) => {
                let build = t.elapsed().as_secs_f64();
                run.run_to_end();
                let sim = run.sim();
                println!(
                    "{path}: build {build:.3} s, {} statements, {} events, {} slices merged, elapsed {:.1} s",
                    run.statements_done(),
                    sim.ticks,
                    sim.c.merged_slices,
                    run.report().elapsed_s
                );
            }
            Err(e) => println!(
                "{path}: refused after {:.3} s: {e}",
                t.elapsed().as_secs_f64()
            ),
        }
    }
}
