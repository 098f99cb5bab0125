//! Golden reports: every bundled scenario (`scenarios/*.json`) run to its end must give the
//! report and paper comparison committed in `scenarios/golden/<id>.json`, byte for byte.
//! A change that means to alter the model rewrites them in a commit of its own:
//! `UPDATE_GOLDEN=1 cargo test -p cachesim --test engine golden::`.

use cachesim::buffer;
use cachesim::library::{self, is_library};
use cachesim::Replayed;
use cachesim::Scenario;
use std::fs;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenarios")
}

/// `{ "report": …, "paper": … }` of one scenario run to its end, pretty-printed.
fn golden_of(text: &str) -> String {
    let scenario = Scenario::parse(text).unwrap();
    let value = if is_library(&scenario) {
        let mut run = library::Run::new(scenario).unwrap();
        run.run_to_end();
        serde_json::json!({ "report": run.report(), "paper": run.paper() })
    } else {
        let mut run = buffer::Run::new(scenario).unwrap();
        run.run_to_end();
        serde_json::json!({ "report": run.report(), "paper": run.paper() })
    };
    serde_json::to_string_pretty(&value).unwrap() + "\n"
}

#[test]
fn every_bundled_scenario_matches_its_golden_report() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut names: Vec<String> = fs::read_dir(root())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 20, "bundled scenarios: {names:?}");
    let mut stale = Vec::new();
    for name in &names {
        let text = fs::read_to_string(root().join(name)).unwrap();
        let got = golden_of(&text);
        let path = root().join("golden").join(name);
        if update {
            fs::write(&path, &got).unwrap();
            continue;
        }
        let want = fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("no golden report {}: UPDATE_GOLDEN=1", path.display()));
        if got != want {
            stale.push(name.clone());
        }
    }
    assert!(
        stale.is_empty(),
        "reports differ from scenarios/golden/ for {stale:?}"
    );
}
