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
