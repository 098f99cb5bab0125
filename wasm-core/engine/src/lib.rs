//! `cachesim`: a pure Rust model of Oracle's buffer cache, as MODEL.md specifies it.
//!
//! No wasm-bindgen types live here; the `cachesim-wasm` crate is a thin layer over [`Run`].
//! Start from [`Scenario::parse`] and [`Run::new`].

pub mod bench;
pub mod cache;
pub mod config;
pub mod error;
pub mod events;
pub mod library;
pub mod params;
pub mod report;
pub mod run;
pub mod scenario;
pub mod segment;
pub mod stats;
pub mod workload;

pub use error::{Result, SimError};
pub use report::{PaperComparison, Report};
pub use run::Run;
pub use scenario::Scenario;
