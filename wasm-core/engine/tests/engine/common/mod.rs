//! What the seed tests share: a bundled scenario's text, and a buffer cache run of it to its
//! end with its paper comparison printed (`cargo test -- --nocapture` shows it).
#![allow(dead_code)] // each test module uses its part

use cachesim::buffer::Run;
use cachesim::Replayed;

/// The text of `scenarios/<name>` (`.json` may be left out).
pub fn bundled(name: &str) -> String {
    let file = if name.ends_with(".json") {
        name.to_string()
    } else {
        format!("{name}.json")
    };
    let path = format!("{}/../../scenarios/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A bundled buffer cache scenario run to its end; its figures beside the paper's go to stderr.
pub fn run_to_end(name: &str) -> Run {
    let mut run = Run::from_json(&bundled(name)).unwrap();
    run.run_to_end();
    if let Some(c) = run.paper() {
        for row in &c.rows {
            eprintln!(
                "{name:28} {:8} {:15} paper {:>10.3} sim {:>10.3} {:+6.1}%",
                row.pool, row.metric, row.paper, row.sim, row.diff_pct
            );
        }
    }
    run
}

/// The error of a scenario the engine must refuse (`result` is its attempt on `text`).
pub fn refused<T>(result: cachesim::Result<T>, text: &str) -> cachesim::SimError {
    result.err().unwrap_or_else(|| panic!("accepted: {text}"))
}

/// `f`'s result, or a failure if it has not answered within five minutes: a hang guard, not a
/// target (a test that asserts a time turns a busy machine into a red CI; how fast a thing is
/// is a figure `npm run bench` prints). `cargo test` itself has no timeout, so a run that never
/// ends would otherwise hold CI until its limit.
pub fn hang_guard<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    const LIMIT: std::time::Duration = std::time::Duration::from_secs(300);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        // the receiver may have given up: nothing to tell then
        let _ = tx.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
    });
    match rx.recv_timeout(LIMIT) {
        Ok(Ok(v)) => v,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => panic!("{what}: no answer within {LIMIT:?} (a hang)"),
    }
}

/// Knuth's MMIX linear congruential generator from `seed`: each call the next state's top 31
/// bits (the traces the tests make up and compare against a textbook).
pub fn lcg(seed: u64) -> impl FnMut() -> u32 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as u32
    }
}
