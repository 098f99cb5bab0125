//! Run bundled scenarios natively and print their reports (`cargo run --release --example
//! host_run -- scenarios/seed002-mvs-50000.json …`): the time each takes, then the JSON.

use cachesim::buffer::Run;
use cachesim::Replayed;

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a scenario file");
        let t = std::time::Instant::now();
        let mut run = Run::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        run.run_to_end();
        eprintln!("{path}: {:.2?}", t.elapsed());
        let v = serde_json::json!({ "report": run.report(), "paper": run.paper() });
        println!("{}", serde_json::to_string_pretty(&v).unwrap());
    }
}
