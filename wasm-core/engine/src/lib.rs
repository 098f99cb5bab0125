//! `cachesim`: a pure Rust model of Oracle's caches, as docs/model.md specifies them. Two
//! simulations share one house:
//!
//! - [`buffer`]: the buffer cache (docs/model.md §1, seed 000) — pools, working sets, the
//!   replacement rules of each [`Profile`], hash chains, DBWR; a miss goes to [`io`].
//! - [`library`]: the library cache and shared pool (docs/model.md §2, seed 001) — sessions on
//!   CPUs, latches, the hash table, the shared pool heap.
//!
//! What both share is named once at the root: [`scenario`] (the JSON document, the paper's
//! figures, segments, workloads and costs), [`init_ora`] (the parameters, their docs and
//! limits), [`profile`], [`replay`] (one recorder, cursor and seek for every run), [`common`]
//! (pool ids, the list sentinel and linked LRU lists, the seeded generator, shared limits) and
//! [`error`].
//!
//! The modules are layers, lowest first; each uses only those on lower layers, never one on
//! its own layer or above (`tests/engine/layers` checks every path a module names, and the rooms
//! inside [`buffer`] the same way):
//!
//! ```text
//! error < common < replay < profile < init_ora < scenario < {io, host} < {buffer, library} < bench
//! ```
//!
//! So the scenario document owns the types it holds (the workload specs, the library's
//! `sql_slammer` and costs, the host section) and the simulations read them; `io` takes the
//! few buffer cache sizes it needs as numbers; the batch jobs that drive the buffer cache on
//! the host's CPU live with the cache (`buffer::cache::host_path`).
//!
//! No wasm-bindgen types live here; the `cachesim-wasm` crate is a thin layer over
//! [`buffer::Run`] and [`library::Run`]. Start from [`Scenario::parse`].

pub mod bench;
pub mod buffer;
pub mod common;
pub mod error;
pub mod host;
pub mod init_ora;
pub mod io;
pub mod library;
pub mod profile;
pub mod replay;
pub mod scenario;

pub use error::{Result, SimError};
pub use profile::Profile;
pub use replay::Replayed;
pub use scenario::paper::PaperComparison;
pub use scenario::Scenario;
