//! The buffer cache: pools of working sets, hash chains, replacement rules, DBWR. Five rooms,
//! each a layer that uses only the rooms below it (`tests/engine/layers` checks them, and that no
//! two modules in here name each other):
//!
//! - [`cache`]: the cache's core. [`Cache::access`] serves one logical read and emits the
//!   events that explain it; a miss reads through [`crate::io`]. The replacement policy is a
//!   trait with one file per policy (`cache/replacement/`, the profile's row names Oracle's),
//!   what the cache does around it in `cache/rules.rs` (with the index probe rules of
//!   `cache/probes.rs`), DBWR in `cache/dbwr/`; [`Instance`] turns a scenario into a cache
//!   and a workload. DBWR is a room of the core, not beside it: the core posts it and lets
//!   it run, and its writes go back through the policy.
//! - [`advice`]: V$DB_CACHE_ADVICE, computed in the run's own pass: the run feeds it every
//!   access and the report carries its rows.
//! - [`read`]: what the page, the report and the console read off the cache without changing
//!   it: X$BH rows and the drawing order, the laid-out instance, V$BUFFER_POOL_STATISTICS,
//!   the report.
//! - [`run`]: the [`Run`] the page steps, seeks and replays.
//! - [`whatif`]: the tools built on whole runs: a streamed trace through a scenario's cache,
//!   and miss-ratio curves.
//!
//! The names the rest of the crate, the bindings and the tests use most are re-exported
//! here.

pub mod advice;
pub mod cache;
pub mod read;
pub mod run;
pub mod whatif;

pub use cache::config::{CacheConfig, PoolId};
pub use cache::events::Event;
pub use cache::instance::Instance;
pub use cache::Cache;
pub use read::layout::{Constants, Layout, SetInfo};
pub use read::report::Report;
pub use read::HEADER_COLUMNS;
pub use run::Run;
