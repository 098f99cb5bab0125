//! Reading code for the layering test: comments blanked (and string contents, for the
//! shape of the code), and the paths a use tree or an expression names.

/// `text` with its comments blanked byte for byte (lines and offsets kept), and with
/// `strings`, the contents of its string and char literals too. A path in a string is code
/// (ts-rs reads `#[ts(as = "…")]`), so references are read with `strings` false; module
/// braces and attributes with it true.
pub fn blank(text: &str, strings: bool) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let wipe = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let at = |k: usize| b.get(k).copied().unwrap_or(0);
        match b[i] {
            b'/' if at(i + 1) == b'/' => {
                let end = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |n| i + n);
                wipe(&mut out, i, end);
                i = end;
            }
            b'/' if at(i + 1) == b'*' => {
                let (mut j, mut depth) = (i, 0);
                while j < b.len() {
                    if b[j] == b'/' && at(j + 1) == b'*' {
                        depth += 1;
                        j += 2;
                    } else if b[j] == b'*' && at(j + 1) == b'/' {
                        depth -= 1;
                        j += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        j += 1;
                    }
                }
                wipe(&mut out, i, j);
                i = j;
            }
            b'r' if matches!(at(i + 1), b'"' | b'#') && raw_start(b, i) => {
                let mut j = i + 1;
                while at(j) == b'#' {
                    j += 1;
                }
                if at(j) != b'"' {
                    i += 1;
                    continue;
                }
                let hashes = j - i - 1;
                let open = j + 1;
                let mut k = open;
                while k < b.len() && !(b[k] == b'"' && (1..=hashes).all(|h| at(k + h) == b'#')) {
                    k += 1;
                }
                if strings {
                    wipe(&mut out, open, k);
                }
                i = k + 1 + hashes;
            }
            b'"' => {
                let mut k = i + 1;
                while k < b.len() && b[k] != b'"' {
                    k += if b[k] == b'\\' { 2 } else { 1 };
                }
                if strings {
                    wipe(&mut out, i + 1, k);
                }
                i = k + 1;
            }
            b'\'' => {
                // a char literal ('x', '→', '\n', '\u{1F600}') or a lifetime ('a, 'static)
                let end = if at(i + 1) == b'\\' {
                    b[i + 2..]
                        .iter()
                        .position(|&c| c == b'\'')
                        .map(|n| i + 2 + n)
                } else {
                    let len = utf8_len(at(i + 1));
                    (at(i + 1 + len) == b'\'').then_some(i + 1 + len)
                };
                match end {
                    Some(e) => {
                        if strings {
                            wipe(&mut out, i + 1, e);
                        }
                        i = e + 1;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    String::from_utf8(out).expect("only whole characters are blanked")
}

fn utf8_len(lead: u8) -> usize {
    match lead {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// An `r` at `i` opens a raw string (`r"…"`, `r#"…"#`, `br"…"`), not an identifier's end.
fn raw_start(b: &[u8], i: usize) -> bool {
    match i.checked_sub(1).map(|k| b[k]) {
        None => true,
        Some(b'b') => i < 2 || !is_ident(b[i - 2]),
        Some(c) => !is_ident(c),
    }
}

/// The word at `i` is whole: no identifier character (nor `$`, `::` or `.`) before it.
pub fn starts_word(b: &[u8], i: usize) -> bool {
    if i == 0 {
        return true;
    }
    let c = b[i - 1];
    !(is_ident(c) || c == b'$' || c == b'.' || (c == b':' && i >= 2 && b[i - 2] == b':'))
}

pub fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

pub fn word(b: &[u8], i: usize) -> &str {
    let end = (i..b.len()).find(|&k| !is_ident(b[k])).unwrap_or(b.len());
    std::str::from_utf8(&b[i..end]).unwrap()
}

/// One path of a use tree or of code: its segments, and the name a `use` binds it to (its
/// last segment, its `as` name; none for a glob or `as _`).
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    pub segs: Vec<String>,
    pub binds: Option<String>,
}

/// The paths that start at `i` (`a::b::c`, `a::{b, c::{d, e as f}, self, *}`), each with
/// `prefix` before it.
pub fn paths(b: &[u8], i: usize, prefix: &[String]) -> Vec<Named> {
    let mut out = Vec::new();
    tree(b, i, prefix.to_vec(), false, &mut out);
    out
}

/// Parse one use tree at `i` after `prefix`; returns where it ends.
pub fn tree(
    b: &[u8],
    i: usize,
    prefix: Vec<String>,
    in_group: bool,
    out: &mut Vec<Named>,
) -> usize {
    let mut i = skip_ws(b, i);
    if b.get(i) == Some(&b'{') {
        i += 1;
        loop {
            i = skip_ws(b, i);
            match b.get(i) {
                None => return i,
                Some(b'}') => return i + 1,
                Some(b',') => i += 1,
                Some(_) => {
                    let end = tree(b, i, prefix.clone(), true, out);
                    if end == i {
                        return i; // not a use tree after all
                    }
                    i = end;
                }
            }
        }
    }
    if b.get(i) == Some(&b'*') {
        out.push(Named {
            segs: prefix,
            binds: None,
        });
        return i + 1;
    }
    if !b.get(i).is_some_and(|&c| is_ident(c)) {
        if !prefix.is_empty() && !in_group {
            let binds = prefix.last().cloned();
            out.push(Named {
                segs: prefix,
                binds,
            });
        }
        return i;
    }
    let w = word(b, i).to_string();
    let after = i + w.len();
    if in_group && w == "self" {
        let binds = prefix.last().cloned();
        out.push(Named {
            segs: prefix,
            binds,
        });
        return after;
    }
    let mut segs = prefix;
    segs.push(w);
    if b.get(after..after + 2) == Some(b"::") {
        let next = skip_ws(b, after + 2);
        if b.get(next)
            .is_some_and(|&c| is_ident(c) || c == b'{' || c == b'*')
        {
            return tree(b, next, segs, false, out);
        }
    }
    // `as name`
    let k = skip_ws(b, after);
    let mut binds = segs.last().cloned();
    let mut end = after;
    if word(b, k) == "as" && starts_word(b, k) {
        let n = skip_ws(b, k + 2);
        let alias = word(b, n);
        binds = (alias != "_").then(|| alias.to_string());
        end = n + alias.len();
    }
    out.push(Named { segs, binds });
    end
}
