//! Issue 14, the other half of the fuzz suite (`fuzz.rs`): the bundled scenarios, mutated (a
//! number made a string, a field dropped, an unknown field added), are refused by field path.

use crate::common;

use cachesim::Scenario;
use serde_json::{json, Value};

fn bundled() -> Vec<(String, Value)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            let text = std::fs::read_to_string(&p).unwrap();
            Scenario::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            out.push((
                p.display().to_string(),
                serde_json::from_str(&text).unwrap(),
            ));
        }
    }
    assert!(out.len() >= 20, "bundled scenarios: {}", out.len());
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Every value's path as `Scenario::parse` writes it, with the value.
fn walk<'a>(v: &'a Value, path: String, out: &mut Vec<(String, &'a Value)>) {
    out.push((path.clone(), v));
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                walk(x, p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                walk(x, format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

fn at<'a>(root: &'a mut Value, path: &str) -> &'a mut Value {
    let mut v = root;
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (key, idx) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        v = &mut v[key];
        for i in idx.split(['[', ']']).filter(|s| !s.is_empty()) {
            v = &mut v[i.parse::<usize>().unwrap()];
        }
    }
    v
}

fn refused(text: &str) -> cachesim::SimError {
    common::refused(Scenario::parse(text), text)
}

#[test]
fn mutated_bundled_scenarios_are_refused_by_path() {
    let mut n = 0;
    for (file, doc) in bundled() {
        let mut paths = Vec::new();
        walk(&doc, String::new(), &mut paths);
        let paths: Vec<(String, Value)> = paths.into_iter().map(|(p, v)| (p, v.clone())).collect();
        for (path, v) in &paths {
            // `init` holds parameters as Oracle writes them: "1000" is as good as 1000.
            if path == "init" || path.starts_with("init.") || path == "version" {
                continue;
            }
            if v.is_number() {
                let mut m = doc.clone();
                *at(&mut m, path) = json!(v.to_string());
                let e = refused(&m.to_string());
                assert_eq!(&e.path, path, "{file}: {path} as a string: {e}");
                n += 1;
            }
            if let Value::Object(o) = v {
                if path == "paper" || path.starts_with("paper.") && o.is_empty() {
                    continue;
                }
                let mut m = doc.clone();
                at(&mut m, path)["zz_unknown"] = json!(1);
                let e = refused(&m.to_string());
                let want = if path.is_empty() {
                    "zz_unknown".to_string()
                } else {
                    format!("{path}.zz_unknown")
                };
                assert_eq!(e.path, want, "{file}: unknown field in {path:?}: {e}");
                assert!(e.message.contains("unknown field"), "{file}: {e}");
                n += 1;
                for k in o.keys() {
                    let mut m = doc.clone();
                    at(&mut m, path).as_object_mut().unwrap().remove(k);
                    if let Err(e) = Scenario::parse(&m.to_string()) {
                        assert!(
                            !e.path.is_empty() || e.message.contains(&format!("`{k}`")),
                            "{file}: {path}.{k} dropped: {e}"
                        );
                    }
                    n += 1;
                }
            }
        }
    }
    eprintln!("fuzz: {n} mutations of the bundled scenarios");
}
