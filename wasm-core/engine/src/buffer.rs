//! The buffer cache: pools of working sets, hash chains, replacement rules, DBWR.
//!
//! [`cache`] is the cache's core ([`Cache::access`] serves one logical read and emits the
//! events that explain it); what the UI reads (X$BH, statistics, drawing order) is in
//! `view.rs`, the report in `report.rs`; [`advice`] is V$DB_CACHE_ADVICE, [`run::Run`] the
//! run the page steps; [`trace_feed`] and [`mrc`] replay a trace and draw miss-ratio curves.

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
