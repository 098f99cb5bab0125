//! Statement texts: seed 001's SQLSlammer generator, the CURSOR_SHARING = FORCE rewrite, and
//! the handle hash.

use crate::common::Rng;

/// The handle hash: FNV-1a, 32 bits, over the bytes of the text (after any FORCE rewrite).
/// Oracle's own function is not public; any well-mixing hash gives the same chain shapes.
pub fn hash(text: &str) -> u32 {
    let mut h: u32 = 0x811C_9DC5;
    for b in text.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// CURSOR_SHARING = FORCE: every literal — a quoted string `'…'` (with `''` escapes) or a
/// number not part of a name or a bind — becomes `:"SYS_B_n"`, numbered from 0 in order.
/// Comments (`/* */`, `--`) and quoted identifiers (`"…"`) are kept as they are.
pub fn force_binds(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 16);
    let mut n = 0;
    let mut i = 0;
    let mut bind = |out: &mut String| {
        out.push_str(&format!(":\"SYS_B_{n}\""));
        n += 1;
    };
    // letters of any alphabet (non-ASCII bytes) count as name characters
    let name_char =
        |c: u8| c.is_ascii_alphanumeric() || c >= 0x80 || matches!(c, b'_' | b'$' | b'#' | b':');
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i = text[i + 2..].find("*/").map_or(b.len(), |k| i + 2 + k + 2);
            out.push_str(&text[start..i]);
        } else if c == b'-' && b.get(i + 1) == Some(&b'-') {
            i = text[i..].find('\n').map_or(b.len(), |k| i + k);
            out.push_str(&text[start..i]);
        } else if c == b'"' {
            i = text[i + 1..].find('"').map_or(b.len(), |k| i + 1 + k + 1);
            out.push_str(&text[start..i]);
        } else if c == b'\'' {
            i += 1;
            while i < b.len() {
                if b[i] == b'\'' {
                    if b.get(i + 1) == Some(&b'\'') {
                        i += 2;
                        continue;
                    }
                    i += 1;
                    break;
                }
                i += 1;
            }
            bind(&mut out);
        } else if c.is_ascii_digit() && (i == 0 || !name_char(b[i - 1])) {
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                i += 1;
            }
            // an exponent: 1e5, 2.5E-3
            if i < b.len() && matches!(b[i], b'e' | b'E') {
                let sign = usize::from(matches!(b.get(i + 1), Some(b'+' | b'-')));
                if b.get(i + 1 + sign).is_some_and(u8::is_ascii_digit) {
                    i += 1 + sign;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                }
            }
            bind(&mut out);
        } else if name_char(c) {
            // a whole name or bind (`:HV`, `T1`), so that its digits are not literals
            while i < b.len() && name_char(b[i]) {
                i += 1;
            }
            out.push_str(&text[start..i]);
        } else {
            let ch = text[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The literal generator of one SQLSlammer session: a full-period LCG modulo 2^20
/// (multiplier 214013, increment 433859 satisfy Hull–Dobell), so its cycle is 1,048,576
/// values, "over 1 million" as the seed says. Seeded with the job number + `seed`.
#[derive(Debug, Clone)]
pub struct Literals {
    state: u32,
}

pub const LCG_MODULUS: u32 = 1 << 20;

impl Literals {
    pub fn new(seed: u64) -> Self {
        Literals {
            state: (seed % u64::from(LCG_MODULUS)) as u32,
        }
    }
    pub fn next(&mut self) -> u32 {
        self.state = ((u64::from(self.state) * 214_013 + 433_859) % u64::from(LCG_MODULUS)) as u32;
        self.state
    }
}

/// What one session sends: generated SQLSlammer statements or typed ones round-robin.
#[derive(Debug, Clone)]
pub struct Stream {
    lits: Literals,
    rng: Rng,
    next_typed: usize,
}

/// The SQLSlammer options a text depends on.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    pub stmt_size: u32,
    pub rand_comment: bool,
    pub binds: bool,
}

impl Stream {
    /// Session `s` runs as job 100 + s (the script's `lowjob` is 100 and runs in foreground).
    pub fn new(session: u32, seed: u64) -> Self {
        let job = 100 + u64::from(session);
        Stream {
            lits: Literals::new(job.wrapping_add(seed)),
            rng: Rng::new(job.wrapping_add(seed).wrapping_mul(0x9E37_79B9)),
            next_typed: session as usize,
        }
    }

    /// The next statement: `SELECT /* comment: <pad> */ "DUMMY" FROM dual WHERE dummy = '<n>'`
    /// (or `= :HV` with binds). The comment is padded with `$` until the text is
    /// `stmt_size` long; a random comment adds 10 random characters, making the text unique.
    pub fn next(&mut self, shape: Shape, typed: &[String]) -> String {
        if !typed.is_empty() {
            let t = typed[self.next_typed % typed.len()].clone();
            self.next_typed += 1;
            return t;
        }
        let n = self.lits.next();
        let mut comment = String::new();
        if shape.rand_comment {
            const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
            for _ in 0..10 {
                comment.push(ALNUM[self.rng.below(ALNUM.len() as u64) as usize] as char);
            }
        }
        let tail = if shape.binds {
            ":HV".to_string()
        } else {
            format!("'{n}'")
        };
        let make =
            |c: &str| format!("SELECT /* comment: {c} */ \"DUMMY\" FROM dual WHERE dummy = {tail}");
        let len = make(&comment).len();
        for _ in len..shape.stmt_size as usize {
            comment.push('$');
        }
        make(&comment)
    }
}
