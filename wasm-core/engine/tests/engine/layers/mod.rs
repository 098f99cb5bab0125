//! The engine's modules form layers that point one way (lib.rs's doc comment): a module may
//! refer only to modules on a lower layer, never to one on its own layer or above. The same
//! holds inside the rooms of `buffer/` ([`ROOMS`]). This test reads the crate from `lib.rs`
//! along its `mod` declarations, finds every path a module names in code — `crate::…`,
//! `super::…`, `self::…`, a child module's name; comments are passed over, so a doc link may
//! name a module above — resolves it to the module it reaches (a re-export or an import counts
//! as the module it comes from: `crate::SimError` is `error`, `crate::buffer::Cache` is
//! `buffer::cache`), and fails naming the file and line of every reference that points
//! sideways or up in the room where the two modules part.
//!
//! A room's own file (`buffer.rs`, a `mod.rs`) stands above its children, unless its layers
//! name it `""`: then it is on that layer. Modules on one layer do not refer to each other,
//! except on a layer that is one unit: the files of one type split by topic, which call each
//! other (the Cache's struct and its methods).
//!
//! Test modules follow the crate's layers. Inside a room they may name any module: a unit
//! test builds the whole cache from a scenario (`Instance`, `Run`) to check one rule where the
//! rule lives, and a `#[cfg(test)]` module is not part of the library, so it makes no cycle in
//! it. The integration tests in `tests/` and the programs in `src/bin/` are separate crates on
//! top.

mod code;
mod tree;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tree::{ModPath, Tree};

/// One layer of a room: modules that do not refer to each other, or (`unit`) one type's
/// files, which do.
struct Layer {
    modules: &'static [&'static str],
    unit: bool,
}

const fn layer(modules: &'static [&'static str]) -> Layer {
    Layer {
        modules,
        unit: false,
    }
}

const fn unit(modules: &'static [&'static str]) -> Layer {
    Layer {
        modules,
        unit: true,
    }
}

/// The rooms whose modules form layers, each with its child modules' layers, lowest first
/// (`""` is the crate; in a room's layers, its own file).
const ROOMS: &[(&str, &[Layer])] = &[
    (
        "",
        &[
            layer(&["error"]),
            layer(&["common"]),
            layer(&["replay"]),
            layer(&["profile"]),
            layer(&["init_ora"]),
            layer(&["scenario"]),
            layer(&["io", "host"]),
            layer(&["buffer", "library"]),
            layer(&["bench"]),
        ],
    ),
    // The buffer cache: its core; the advisory a run feeds access by access (its rows are the
    // report's); what is read off the cache; the run; the tools built on whole runs.
    (
        "buffer",
        &[
            layer(&["cache"]),
            layer(&["advice"]),
            layer(&["read"]),
            layer(&["run"]),
            layer(&["whatif"]),
        ],
    ),
    // The core: plain parts, what is built on them, the policies, the Cache (its struct in
    // cache/mod.rs and its methods by topic, which call each other), the instance.
    (
        "buffer::cache",
        &[
            layer(&["config", "events", "lists", "counters"]),
            layer(&["hash", "probes", "workload"]),
            layer(&["replacement"]),
            unit(&[
                "",
                "rules",
                "dbwr",
                "io_path",
                "host_path",
                "plain_read",
                "script",
            ]),
            layer(&["instance"]),
        ],
    ),
    (
        "buffer::read",
        &[
            layer(&["stats"]),
            layer(&["headers", "latches", "layout", "view", "sampled"]),
            layer(&["report"]),
        ],
    ),
    ("buffer::whatif", &[layer(&["trace_feed"]), layer(&["mrc"])]),
];

fn path_of(room: &str) -> ModPath {
    room.split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "the crate".into()
    } else {
        format!("`{}`", m.join("::"))
    }
}

/// Where `module` is among `layers`, and whether its layer is one unit; a room's own file
/// (`""`), when its layers do not name it, is above them all.
fn position(layers: &[Layer], module: &str) -> (usize, bool) {
    layers
        .iter()
        .position(|l| l.modules.contains(&module))
        .map_or((layers.len(), false), |k| (k, layers[k].unit))
}

/// Why a reference from module `from` to module `to` points sideways or up, if it does.
fn wrong(from: &[String], to: &[String], from_test: bool) -> Option<String> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if common == from.len() && common == to.len() {
        return None;
    }
    if common > 0 && from_test {
        return None;
    }
    let room = &from[..common];
    let (_, layers) = ROOMS.iter().find(|(r, _)| path_of(r) == room)?;
    let s = from.get(common).map_or("", String::as_str);
    let t = to.get(common).map_or("", String::as_str);
    let ((ls, unit), (lt, _)) = (position(layers, s), position(layers, t));
    if lt < ls || (lt == ls && unit) {
        return None;
    }
    let own = |m: &str| {
        if m.is_empty() {
            "its own file".to_string()
        } else {
            format!("`{m}`")
        }
    };
    Some(format!(
        "{} refers to {}: in {}, {} is {} {}",
        name(from),
        name(to),
        name(room),
        own(t),
        if lt == ls { "on the layer of" } else { "above" },
        own(s),
    ))
}

/// A path a module names: the module it is named in, the module it reaches, whether the
/// first is a test module, and where (`src/…:line`).
struct Reference {
    from: ModPath,
    to: ModPath,
    test: bool,
    place: String,
}

/// Every path every module of the crate names.
fn references(tree: &Tree) -> Vec<Reference> {
    let mut out = Vec::new();
    for (f, file) in tree.files.iter().enumerate() {
        let b = file.code.as_bytes();
        let mut at = 0;
        while at < b.len() {
            let Some((paths, end)) = tree.paths_at(f, at) else {
                at += 1;
                continue;
            };
            let from = tree.module_at(f, at);
            let line = file.code[..at].matches('\n').count() + 1;
            for p in paths {
                out.push(Reference {
                    to: tree.resolve(&p.segs),
                    from: from.clone(),
                    test: tree.modules[&from].test,
                    place: format!("src/{}:{line}", file.rel.display()),
                });
            }
            at = end.max(at + 1);
        }
    }
    out
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn modules_refer_only_to_lower_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let tree = Tree::read(&src);

    // the walk reached every file but the programs
    let mut all = Vec::new();
    rs_files(&src, &mut all);
    for p in all {
        let rel = p.strip_prefix(&src).unwrap();
        assert!(
            rel.starts_with("bin") || tree.files.iter().any(|f| f.rel == rel),
            "src/{} is declared by no `mod` the test can see (one inside a macro?)",
            rel.display()
        );
    }

    // the rooms' layers name exactly their modules
    for (room, layers) in ROOMS {
        let r = path_of(room);
        assert!(
            tree.modules.contains_key(&r),
            "ROOMS names {}, which is no module",
            name(&r)
        );
        for (m, module) in &tree.modules {
            if m.len() == r.len() + 1 && m.starts_with(&r) && !module.test {
                let child = m.last().unwrap().as_str();
                assert!(
                    layers.iter().any(|l| l.modules.contains(&child)),
                    "{} declares `{child}`, which no layer of tests/engine/layers holds: add it to ROOMS",
                    name(&r)
                );
            }
        }
        for l in layers.iter().flat_map(|l| l.modules) {
            let mut m = r.clone();
            m.push(l.to_string());
            assert!(
                l.is_empty() || tree.modules.contains_key(&m),
                "ROOMS names {}, which is no module",
                name(&m)
            );
        }
    }

    let mut found: Vec<String> = references(&tree)
        .iter()
        .filter_map(|r| Some(format!("{}: {}", r.place, wrong(&r.from, &r.to, r.test)?)))
        .collect();
    found.dedup();
    assert!(
        found.is_empty(),
        "modules refer sideways or up ({} places; the layers are ROOMS in tests/engine/layers):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_checker_reads_code_and_judges_references() {
    let text = "a // crate::buffer\n\"crate::x // y\" /* crate::io */ '\"' b r#\"\"z\"# 'a";
    let code = code::blank(text, false);
    assert_eq!(code.len(), text.len());
    assert!(code.contains("\"crate::x // y\"") && !code.contains("crate::io"));
    assert!(code.ends_with("'\"' b r#\"\"z\"# 'a"), "{code}");
    let shape = code::blank(text, true);
    assert!(!shape.contains('x') && !shape.contains('z'), "{shape}");
    let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let got = code::paths(b"{buffer::A, io::{B, C as D, self}, e::*}", 0, &[]);
    let segs: Vec<_> = got.iter().map(|p| p.segs.join("::")).collect();
    assert_eq!(segs, ["buffer::A", "io::B", "io::C", "io", "e"]);
    assert_eq!(got[2].binds.as_deref(), Some("D"));
    // up, sideways, down; a unit; a test module inside a room and at the crate's level
    let cache = |m: &str| v(&["buffer", "cache", m]);
    assert!(wrong(&cache("config"), &cache("replacement"), false).is_some());
    assert!(wrong(&cache("config"), &cache("events"), false).is_some());
    assert!(wrong(&cache("replacement"), &cache("config"), false).is_none());
    assert!(wrong(&cache("rules"), &v(&["buffer", "cache"]), false).is_none());
    assert!(wrong(&cache("replacement"), &v(&["buffer", "cache"]), false).is_some());
    assert!(wrong(&v(&["buffer", "cache"]), &cache("instance"), false).is_some());
    assert!(wrong(&v(&["buffer"]), &v(&["buffer", "whatif"]), false).is_none());
    assert!(wrong(&cache("tests"), &v(&["buffer", "run"]), true).is_none());
    assert!(wrong(&cache("tests"), &v(&["bench"]), true).is_some());
    assert!(wrong(&v(&["common"]), &v(&["error"]), false).is_none());
}

/// No two modules with one parent inside `buffer/` name each other, directly or round a loop
/// (outside test modules). A module and its parent are the tree itself, not a cycle: the
/// parent declares and re-exports its children, and a child names the parent's items (the
/// Cache's methods live in the files beside its struct).
#[test]
fn buffer_has_no_import_cycle() {
    let tree = Tree::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    // parent → (child → child it names → the first place it does)
    let mut graph: BTreeMap<ModPath, BTreeMap<String, BTreeMap<String, String>>> = BTreeMap::new();
    for r in references(&tree) {
        let common = r.from.iter().zip(&r.to).take_while(|(a, b)| a == b).count();
        if r.test || r.from.first().map(String::as_str) != Some("buffer") {
            continue;
        }
        if let (Some(a), Some(b)) = (r.from.get(common), r.to.get(common)) {
            let parent = r.from[..common].to_vec();
            let next = graph
                .entry(parent)
                .or_default()
                .entry(a.clone())
                .or_default();
            next.entry(b.clone()).or_insert(r.place);
        }
    }
    let mut cycles = Vec::new();
    for (parent, edges) in &graph {
        // depth first from each child; a child met again on the path closes a cycle
        fn walk(
            at: &str,
            edges: &BTreeMap<String, BTreeMap<String, String>>,
            path: &mut Vec<String>,
            done: &mut BTreeSet<String>,
            out: &mut Vec<Vec<String>>,
        ) {
            if let Some(k) = path.iter().position(|p| p == at) {
                out.push(path[k..].to_vec());
                return;
            }
            if !done.insert(at.to_string()) {
                return;
            }
            path.push(at.to_string());
            for next in edges.get(at).into_iter().flat_map(|e| e.keys()) {
                walk(next, edges, path, done, out);
            }
            path.pop();
        }
        let mut found = Vec::new();
        let mut done = BTreeSet::new();
        for start in edges.keys() {
            walk(start, edges, &mut Vec::new(), &mut done, &mut found);
        }
        for c in found {
            let steps: Vec<String> = (0..c.len())
                .map(|k| {
                    let (a, b) = (&c[k], &c[(k + 1) % c.len()]);
                    format!("`{a}` → `{b}` ({})", edges[a][b])
                })
                .collect();
            cycles.push(format!("in {}: {}", name(parent), steps.join(", ")));
        }
    }
    assert!(
        cycles.is_empty(),
        "import cycles among buffer's modules:\n{}",
        cycles.join("\n")
    );
}
