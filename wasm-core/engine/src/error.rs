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

/// The full path and the plain message of an error found at `outer` whose message may carry a
/// path inside (see [`nested`]).
pub(crate) fn split_nested(outer: &str, message: &str) -> (String, String) {
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
