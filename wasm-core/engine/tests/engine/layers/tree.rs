//! The crate as modules for the layering test: the tree walked from `lib.rs` along its `mod`
//! declarations (a `#[path]` followed, inline modules and `#[cfg(test)]` noted), the names
//! each module binds with `use`, and every path a module names resolved to the module it
//! reaches.

use super::code::{blank, skip_ws, starts_word, tree as use_tree, word, Named};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`["buffer", "cache", "rules"]`; the root is empty).
pub type ModPath = Vec<String>;

/// A module: where its code is and whether it is a test module (declared under
/// `#[cfg(test)]`, or inside one).
#[derive(Debug, Clone)]
pub struct Module {
    pub file: usize,
    /// An inline module's body (`mod x { … }`), as byte offsets in its file.
    pub body: Option<(usize, usize)>,
    pub test: bool,
}

/// A source file: its text with comments blanked (`code`), with strings blanked too
/// (`shape`), and the module it holds.
pub struct File {
    pub rel: PathBuf,
    pub code: String,
    pub shape: String,
    pub module: ModPath,
}

pub struct Tree {
    pub files: Vec<File>,
    pub modules: BTreeMap<ModPath, Module>,
    /// The names each module binds with `use` (re-exports and imports), to their paths.
    pub bindings: BTreeMap<(ModPath, String), Vec<String>>,
}

impl Tree {
    /// The crate under `src`, from `lib.rs` along its `mod` declarations.
    pub fn read(src: &Path) -> Tree {
        let mut t = Tree {
            files: Vec::new(),
            modules: BTreeMap::new(),
            bindings: BTreeMap::new(),
        };
        t.modules.insert(
            Vec::new(),
            Module {
                file: 0,
                body: None,
                test: false,
            },
        );
        t.visit(
            src,
            &src.join("lib.rs"),
            Vec::new(),
            false,
            src.to_path_buf(),
        );
        for f in 0..t.files.len() {
            t.bind(f);
        }
        t
    }

    fn visit(&mut self, src: &Path, file: &Path, module: ModPath, test: bool, dir: PathBuf) {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let (code, shape) = (blank(&text, false), blank(&text, true));
        let f = self.files.len();
        self.files.push(File {
            rel: file.strip_prefix(src).unwrap().to_path_buf(),
            code: code.clone(),
            shape: shape.clone(),
            module: module.clone(),
        });
        self.modules.get_mut(&module).unwrap().file = f;
        let b = shape.as_bytes();
        let mut inline: Vec<(String, usize, usize, bool)> = Vec::new();
        let mut decls = Vec::new();
        for (at, _) in shape.match_indices("mod") {
            let name_at = skip_ws(b, at + 3);
            if !starts_word(b, at) || name_at == at + 3 || !b[name_at].is_ascii_alphabetic() {
                continue;
            }
            let name = word(b, name_at).to_string();
            let after = skip_ws(b, name_at + name.len());
            // the attributes since the previous item
            let from = shape[..at].rfind([';', '{', '}']).map_or(0, |k| k + 1);
            let attrs = &shape[from..at];
            let is_test = attrs.contains("#[cfg(test)]");
            let path_attr = attrs.find("#[path").map(|k| {
                let q = from + k + attrs[k..].find('"').unwrap() + 1;
                let len = code[q..].find('"').unwrap();
                code[q..q + len].to_string()
            });
            match b.get(after) {
                Some(b'{') => {
                    let end = close(b, after);
                    inline.push((name, after, end, is_test));
                }
                Some(b';') => decls.push((at, name, is_test, path_attr)),
                _ => {}
            }
        }
        // nest the inline modules in each other, outermost first
        inline.sort_by_key(|m| (m.1, std::cmp::Reverse(m.2)));
        let within = |at: usize, inline: &[(String, usize, usize, bool)]| {
            let mut m = module.clone();
            let mut t = test;
            for (name, start, end, is_test) in inline {
                if *start < at && at < *end {
                    m.push(name.clone());
                    t |= *is_test;
                }
            }
            (m, t)
        };
        for k in 0..inline.len() {
            let (path, t) = within(inline[k].1 + 1, &inline);
            self.modules.insert(
                path,
                Module {
                    file: f,
                    body: Some((inline[k].1, inline[k].2)),
                    test: t,
                },
            );
        }
        for (at, name, is_test, path_attr) in decls {
            let (parent, t) = within(at, &inline);
            let mut child = parent.clone();
            child.push(name.clone());
            let mut d = dir.clone();
            d.extend(&parent[module.len()..]);
            let (child_file, child_dir) = match path_attr {
                Some(p) => {
                    let cf = file.parent().unwrap().join(p);
                    let cd = cf.parent().unwrap().to_path_buf();
                    (cf, cd)
                }
                None if d.join(format!("{name}.rs")).exists() => {
                    (d.join(format!("{name}.rs")), d.join(&name))
                }
                None => (d.join(&name).join("mod.rs"), d.join(&name)),
            };
            let test = t || is_test;
            self.modules.insert(
                child.clone(),
                Module {
                    file: usize::MAX,
                    body: None,
                    test,
                },
            );
            self.visit(src, &child_file, child, test, child_dir);
        }
    }

    /// The module at byte `at` of file `f` (its own, or the inline module around `at`).
    pub fn module_at(&self, f: usize, at: usize) -> ModPath {
        let mut m = self.files[f].module.clone();
        loop {
            let inner = self.modules.iter().find(|(p, x)| {
                x.file == f
                    && p.len() == m.len() + 1
                    && p.starts_with(&m)
                    && x.body.is_some_and(|(s, e)| s < at && at < e)
            });
            match inner {
                Some((p, _)) => m = p.clone(),
                None => return m,
            }
        }
    }

    /// Whether `name` is a child module of `m`.
    pub fn has_child(&self, m: &ModPath, name: &str) -> bool {
        let mut c = m.clone();
        c.push(name.to_string());
        self.modules.contains_key(&c)
    }

    /// The paths that start at `at` in file `f`, made absolute (`crate::…`, `super::…`,
    /// `self::…`, or a child module's name), and where they end. None when no crate path
    /// starts there.
    pub fn paths_at(&self, f: usize, at: usize) -> Option<(Vec<Named>, usize)> {
        let b = self.files[f].code.as_bytes();
        if !starts_word(b, at) || !b[at].is_ascii_alphabetic() {
            return None;
        }
        let w = word(b, at);
        if b.get(at + w.len()..at + w.len() + 2) != Some(b"::") {
            return None;
        }
        // `pub(in crate::buffer)` is a visibility, not a reference
        if self.files[f].code[..at].trim_end().ends_with("(in") {
            return None;
        }
        let here = self.module_at(f, at);
        let mut i = at;
        let mut base = here.clone();
        match w {
            "crate" => {
                base.clear();
                i += 7;
            }
            "self" => i += 6,
            "super" => {
                while word(b, i) == "super" && b.get(i + 5..i + 7) == Some(b"::") {
                    base.pop()?;
                    i += 7;
                }
            }
            _ if self.has_child(&here, w) => {}
            _ => return None,
        }
        let mut out = Vec::new();
        let end = use_tree(b, i, base, false, &mut out);
        Some((out, end))
    }

    /// Record the names every `use` in file `f` binds.
    fn bind(&mut self, f: usize) {
        let shape = self.files[f].shape.clone();
        let b = shape.as_bytes();
        for (at, _) in shape.match_indices("use") {
            if !starts_word(b, at) || !b.get(at + 3).is_some_and(|c| c.is_ascii_whitespace()) {
                continue;
            }
            let start = skip_ws(b, at + 3);
            let module = self.module_at(f, at);
            for p in self.paths_at(f, start).map(|p| p.0).unwrap_or_default() {
                if let Some(name) = p.binds {
                    self.bindings.insert((module.clone(), name), p.segs);
                }
            }
        }
    }

    /// The module a path reaches: through child modules and the names modules bind (a
    /// re-export counts as the module it comes from), up to the first item.
    pub fn resolve(&self, segs: &[String]) -> ModPath {
        self.resolve_hops(segs, 0)
    }

    fn resolve_hops(&self, segs: &[String], hops: usize) -> ModPath {
        let mut m: ModPath = Vec::new();
        for (k, s) in segs.iter().enumerate() {
            if self.has_child(&m, s) {
                m.push(s.clone());
                continue;
            }
            if hops < 8 {
                if let Some(to) = self.bindings.get(&(m.clone(), s.clone())) {
                    if to.as_slice() != &segs[..=k] {
                        let mut p = to.clone();
                        p.extend(segs[k + 1..].iter().cloned());
                        return self.resolve_hops(&p, hops + 1);
                    }
                }
            }
            return m;
        }
        m
    }
}

/// The offset of the `}` that closes the `{` at `open`.
fn close(b: &[u8], open: usize) -> usize {
    let mut depth = 0;
    for (k, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    b.len()
}
