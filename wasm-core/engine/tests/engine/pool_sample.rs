//! The charts' sample (issue 26 #12): `Run::pool_statistics` is the report's `pools`, exactly,
//! at any position — the page samples it instead of the whole report, which walks every hash
//! bucket.

use crate::common;

use cachesim::buffer::Run;
use cachesim::Replayed;
use common::bundled;

#[test]
fn pool_statistics_are_the_reports_pools_anywhere_in_a_run() {
    for name in [
        "seed000-8.0-test4",
        "seed003-db-cache",
        "seed004-10.2.0.5-keep",
    ] {
        let mut run = Run::from_json(&bundled(name)).unwrap();
        for n in [0, 1, 997, 20_000] {
            run.step(n);
            let sample = serde_json::to_value(run.pool_statistics()).unwrap();
            let whole = serde_json::to_value(&run.report().pools).unwrap();
            assert_eq!(sample, whole, "{name} at {}", run.position());
        }
    }
}
