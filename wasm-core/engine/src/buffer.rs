//! The buffer cache: pools of working sets, hash chains, replacement rules, DBWR.
//!
//! [`cache`] is the cache's core ([`Cache::access`] serves one logical read and emits the
//! events that explain it); what the UI reads (X$BH, statistics, drawing order) is in
//! `view.rs`, the report in `report.rs`; [`advice`] is V$DB_CACHE_ADVICE, [`run::Run`] the
//! run the page steps; [`trace_feed`] and [`mrc`] replay a trace and draw miss-ratio curves.

pub mod advice;
pub mod cache;
mod headers;
pub mod layout;
pub mod mrc;
pub mod report;
pub mod run;
pub mod stats;
pub mod trace_feed;
pub mod view;

pub use cache::config::{CacheConfig, PoolId};
pub use cache::events::Event;
pub use cache::instance::Instance;
pub use cache::Cache;
pub use headers::HEADER_COLUMNS;
pub use layout::{Constants, Layout, SetInfo};
pub use report::Report;
pub use run::Run;
