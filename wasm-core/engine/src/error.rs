//! One error type for everything a user can get wrong: a scenario field, an init.ora
//! parameter, a workload. The message always names the place and the limit.

use std::fmt;

/// A user-facing error. `path` is the scenario field path (`init.db_block_buffers`,
/// `workload.csv line 4`, `objects[2].blocks`) and `message` says what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimError {
    pub path: String,
    pub message: String,
}

impl SimError {
    /// Every engine error is made here, so what it repeats of the user's input is bounded and
    /// printable whatever the call site did: control characters escaped ([`escape`]), and a
    /// path or message longer than [`MAX_PATH_CHARS`] / [`MAX_MESSAGE_CHARS`] cut in its
    /// middle, keeping its head and its tail (where the limit is named). A 10 MB object name
    /// made a 10 MB message (issue 29); call sites echo a value through [`echo`].
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        SimError {
            path: bounded(&path.into(), MAX_PATH_CHARS),
            message: bounded(&message.into(), MAX_MESSAGE_CHARS),
        }
    }

    /// An error about an init.ora parameter, found under the scenario's `init` object.
    pub fn param(name: &str, message: impl Into<String>) -> Self {
        SimError::new(format!("init.{name}"), message)
    }
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for SimError {}

/// The most characters of a user's value a message repeats ([`echo`]).
pub const ECHO_CHARS: usize = 80;
/// The most characters of an error's message and of its path; longer ones are cut in the middle.
pub const MAX_MESSAGE_CHARS: usize = 2_000;
pub const MAX_PATH_CHARS: usize = 300;

/// A user's value as a message repeats it: control characters escaped, and cut after
/// [`ECHO_CHARS`] characters with its length in bytes (`abc… (10485760 bytes)`).
pub fn echo(value: &str) -> String {
    let chars = value.chars().count();
    if chars <= ECHO_CHARS {
        return escape(value, false);
    }
    let head: String = value.chars().take(ECHO_CHARS).collect();
    format!("{}… ({} bytes)", escape(&head, false), value.len())
}

/// `text` with its control characters written out: C0 (newline and tab too, unless
/// `keep_lines`), DEL, C1, and the bidirectional overrides and isolates that reorder what a
/// terminal or a page shows (U+202A–U+202E, U+2066–U+2069). `\xNN` up to U+00FF, else `\u{N}`.
pub fn escape(text: &str, keep_lines: bool) -> String {
    let hidden = |c: char| {
        (c.is_control() && !(keep_lines && (c == '\n' || c == '\t')))
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    };
    if !text.chars().any(hidden) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c as u32 {
            _ if !hidden(c) => out.push(c),
            n @ 0..=0xff => out.push_str(&format!("\\x{n:02x}")),
            n => out.push_str(&format!("\\u{{{n:x}}}")),
        }
    }
    out
}

/// `text` escaped ([`escape`], lines kept) and, past `max` characters, cut in the middle:
/// its first two thirds and last third of `max`, with how many bytes were left out.
fn bounded(text: &str, max: usize) -> String {
    let text = escape(text, true);
    let chars = text.chars().count();
    if chars <= max {
        return text;
    }
    let head = max * 2 / 3;
    let tail = max - head;
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(chars - tail).collect();
    let cut = text.len() - start.len() - end.len();
    format!("{start} … ({cut} bytes cut) … {end}")
}

pub type Result<T> = std::result::Result<T, SimError>;

/// Marks a serde error message raised inside a value that deserializes by hand (a workload):
/// serde carries only a message up to the enclosing `serde_path_to_error`, so the path inside
/// travels in the message, between two U+0001, and [`split_nested`] joins it to the outer path.
pub(crate) fn nested(path: &str, message: &str) -> String {
    if path.is_empty() {
        message.to_string()
    } else {
        format!("\u{1}{path}\u{1}{message}")
    }
}

/// serde's message in a DBA's words: its Rust type names (`expected u32`) become what the
/// field takes (`expected a whole number from 0 to 4,294,967,295`).
pub(crate) fn plain_words(message: &str) -> String {
    const TYPES: [(&str, &str); 9] = [
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u16", "expected a whole number from 0 to 65,535"),
        (
            "expected u32",
            "expected a whole number from 0 to 4,294,967,295",
        ),
        ("expected u64", "expected a whole number ≥ 0"),
        ("expected usize", "expected a whole number ≥ 0"),
        ("expected i32", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        ("expected f32", "expected a number"),
        ("expected f64", "expected a number"),
    ];
    let mut out = message.to_string();
    for (rust, words) in TYPES {
        // whole words only: `expected u32` but not a longer name that starts so
        if let Some(at) = out.find(rust) {
            let end = at + rust.len();
            if !out[end..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                out.replace_range(at..end, words);
            }
        }
    }
    out
}

/// The full path and the plain message of an error found at `outer` whose message may carry a
/// path inside (see [`nested`]); serde's type names in words ([`plain_words`]).
pub(crate) fn split_nested(outer: &str, message: &str) -> (String, String) {
    let message = &plain_words(message);
    let inner = message
        .strip_prefix('\u{1}')
        .and_then(|rest| rest.split_once('\u{1}'));
    match inner {
        Some((inner, message)) => {
            let path = if outer.is_empty() {
                inner.to_string()
            } else if inner.starts_with('[') {
                format!("{outer}{inner}")
            } else {
                format!("{outer}.{inner}")
            };
            (path, message.to_string())
        }
        None => (outer.to_string(), message.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 29, finding 14: a message repeated the value in full (a 10 MB object name, a
    /// 10 MB alert) and its control characters raw.
    #[test]
    fn what_a_message_repeats_is_cut_and_escaped() {
        assert_eq!(echo("T1"), "T1");
        assert_eq!(echo("a\u{1b}[31m\u{7}b\nc"), "a\\x1b[31m\\x07b\\x0ac");
        assert_eq!(echo("x\u{202e}y"), "x\\u{202e}y");
        let big = "é".repeat(5_000_000);
        let shown = echo(&big);
        assert!(shown.starts_with(&"é".repeat(ECHO_CHARS)), "{shown}");
        assert!(shown.ends_with("… (10000000 bytes)"), "{shown}");
        // every message, whatever its call site did: its head and tail kept, controls escaped
        let e = SimError::new(
            format!("objects[0].{}", "k".repeat(1_000)),
            format!(
                "'{}\u{7}' is not an object: at most 30 characters",
                "N".repeat(10 << 20)
            ),
        );
        assert!(
            e.message.chars().count() < MAX_MESSAGE_CHARS + 40,
            "{}",
            e.message.len()
        );
        assert!(e.message.starts_with("'NNN"));
        assert!(e
            .message
            .ends_with("\\x07' is not an object: at most 30 characters"));
        assert!(e.message.contains("bytes cut"));
        assert!(e.path.chars().count() < MAX_PATH_CHARS + 40);
        // lines and tabs of a message stay
        assert_eq!(SimError::new("", "a\n\tb").message, "a\n\tb");
    }

    #[test]
    fn serde_type_names_read_as_what_the_field_takes() {
        assert_eq!(
            plain_words("invalid type: string \"abc\", expected u32"),
            "invalid type: string \"abc\", expected a whole number from 0 to 4,294,967,295"
        );
        assert_eq!(
            plain_words("invalid value: integer `-1`, expected u64"),
            "invalid value: integer `-1`, expected a whole number ≥ 0"
        );
        assert_eq!(plain_words("expected f64"), "expected a number");
        // a name that only starts like one is left alone
        assert_eq!(plain_words("expected u32x"), "expected u32x");
        let (path, message) = split_nested("workload", "\u{1}seed\u{1}expected u64");
        assert_eq!(
            (path.as_str(), message.as_str()),
            ("workload.seed", "expected a whole number ≥ 0")
        );
    }
}
