//! The engine's modules form layers that point one way (lib.rs's doc comment): a module may
//! refer only to modules on a lower layer, never to one on its own layer or above. This test
//! reads every `src/**/*.rs`, finds each `crate::<module>` path in code (comments are passed
//! over, so a doc link may name a module above) and each `super::…` that climbs out of its
//! top-level module, and fails naming the file and line of every reference that points
//! sideways or up. Paths through the root's re-exports (`crate::SimError`, `crate::Replayed`)
//! count as the module they come from. Test modules inside `src/` follow the same rule; the
//! integration tests in `tests/` and the programs in `src/bin/` are separate crates on top.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The layers, lowest first. Modules on one layer do not refer to each other.
const LAYERS: &[&[&str]] = &[
    &["error"],
    &["common"],
    &["replay"],
    &["profile"],
    &["init_ora"],
    &["scenario"],
    &["io", "host"],
    &["buffer", "library"],
    &["bench"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The source with comments blanked (strings and chars kept), lines kept in place.
fn code(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == '/' && b.get(i + 1) == Some(&'/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && b.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if b[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(b.get(i + 1), Some('"') | Some('#')) && !ident(&b, i) {
            // a raw string: r"…", r#"…"#
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|h| b.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.extend(&b[i..j.min(b.len())]);
            i = j;
        } else if c == '"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != '"' {
                j += if b[j] == '\\' { 2 } else { 1 };
            }
            out.extend(&b[i..(j + 1).min(b.len())]);
            i = j + 1;
        } else if c == '\'' && b.get(i + 2) == Some(&'\'') {
            out.extend(&b[i..i + 3]);
            i += 3;
        } else if c == '\'' && b.get(i + 1) == Some(&'\\') {
            // an escaped char: '\'', '\"', '\u{…}'
            let mut j = i + 3;
            while j < b.len() && b[j] != '\'' {
                j += 1;
            }
            out.extend(&b[i..(j + 1).min(b.len())]);
            i = j + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// `b[i]` continues an identifier (so an `r` there does not open a raw string).
fn ident(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// The root's re-exports: a name `crate::X` resolves to the module `lib.rs` takes it from.
fn root_names(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for stmt in code(lib).split(';') {
        let s = stmt.trim();
        let Some(rest) = s.strip_prefix("pub use ") else {
            continue;
        };
        let module = rest.split("::").next().unwrap().trim().to_string();
        let items = match (rest.find('{'), rest.rfind('}')) {
            (Some(a), Some(z)) => rest[a + 1..z].to_string(),
            _ => rest.rsplit("::").next().unwrap().to_string(),
        };
        for item in items.split(',') {
            let name = item.split(" as ").last().unwrap().trim();
            if !name.is_empty() {
                names.insert(name.to_string(), module.clone());
            }
        }
    }
    names
}

/// The identifiers a path names right after `crate::` (several for `crate::{a, b::c}`).
fn heads(rest: &str) -> Vec<String> {
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(inner) = rest.strip_prefix('{') {
        let mut out = Vec::new();
        let mut depth = 0;
        let mut start = true;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => start = true,
                c if start && !c.is_whitespace() => {
                    out.push(word(&inner[k..]));
                    start = false;
                }
                _ => {}
            }
        }
        out
    } else {
        vec![word(rest)]
    }
}

#[test]
fn modules_refer_only_to_lower_layers() {
    let src = src();
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let root = root_names(&lib);
    let declared: Vec<String> = code(&lib)
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';').trim().to_string())
        .collect();
    for m in &declared {
        assert!(
            layer_of(m).is_some(),
            "lib.rs declares `{m}`, which no layer of tests/layers.rs holds: add it to LAYERS"
        );
    }
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut wrong = Vec::new();
    for path in all {
        let rel = path.strip_prefix(&src).unwrap();
        let parts: Vec<String> = rel
            .with_extension("")
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if parts[0] == "bin" || parts[0] == "lib" {
            continue;
        }
        let own = &parts[0];
        let own_layer = layer_of(own).unwrap_or_else(|| panic!("{} is in no layer", rel.display()));
        // how deep this file's module is below the root (`a/mod.rs` is `a`)
        let depth = parts.len() - usize::from(parts.last().unwrap() == "mod");
        let text = code(&std::fs::read_to_string(&path).unwrap());
        for (n, line) in text.lines().enumerate() {
            let mut refs: Vec<String> = Vec::new();
            for (at, _) in line.match_indices("crate::") {
                if at > 0 && line[..at].ends_with('$') {
                    continue;
                }
                refs.extend(heads(&line[at + "crate::".len()..]));
            }
            // `super::super::x` from deep enough reaches the root
            for (at, _) in line.match_indices("super::") {
                if at > 0 && line[..at].ends_with("super::") {
                    continue;
                }
                let mut rest = &line[at..];
                let mut ups = 0;
                while let Some(r) = rest.strip_prefix("super::") {
                    ups += 1;
                    rest = r;
                }
                if ups >= depth {
                    refs.extend(heads(rest));
                }
            }
            for name in refs {
                let module = root.get(&name).cloned().unwrap_or(name);
                let Some(layer) = layer_of(&module) else {
                    continue;
                };
                if &module != own && layer >= own_layer {
                    wrong.push(format!(
                        "src/{}:{}: `{own}` refers to `{module}`, which is {} it",
                        rel.display(),
                        n + 1,
                        if layer == own_layer {
                            "on the layer of"
                        } else {
                            "above"
                        },
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "modules refer sideways or up ({} places; layers, lowest first: {:?}):\n{}",
        wrong.len(),
        LAYERS,
        wrong.join("\n")
    );
}

#[test]
fn the_checker_sees_comments_strings_and_groups() {
    let c = code("a // crate::buffer\n\"crate::x // y\" /* crate::io */ b");
    assert_eq!(c, "a \n\"crate::x // y\"  b");
    assert_eq!(heads("{buffer::A, io::{B, C}}"), vec!["buffer", "io"]);
    assert_eq!(heads("library::Run"), vec!["library"]);
    let names = root_names("pub use error::{Result, SimError};\npub use replay::Replayed;");
    assert_eq!(names["SimError"], "error");
    assert_eq!(names["Replayed"], "replay");
}
