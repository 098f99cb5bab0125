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
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        SimError {
            path: path.into(),
            message: message.into(),
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
