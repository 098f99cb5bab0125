//! The read side: what the page, the report and the console read off a [`Cache`] without
//! changing it. `stats` makes V$BUFFER_POOL_STATISTICS rows of the pools' counters; `view`
//! (X$BH rows, the order the page draws each working set in, a policy's state), `layout` (the
//! resolved instance as the page lays it out) and `headers` (every buffer header as columns)
//! read the cache; `latches` the gets of the chains and LRU latches, child by child; `report` is the JSON report of a run and its comparison with a paper's
//! figures.
//!
//! [`Cache`]: crate::buffer::cache::Cache

mod headers;
pub mod latches;
pub mod layout;
pub mod report;
pub mod sampled;
pub mod stats;
pub mod view;

pub use headers::HEADER_COLUMNS;
