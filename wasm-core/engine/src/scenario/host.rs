//! The `host` section of a scenario (docs/model.md §3, seed 002), as the document writes it;
//! `host::config` checks it and turns it into pages.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The host's memory and paging, as a scenario writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export, export_to = "host/")]
pub struct HostSpec {
    /// Real memory the processor addresses: MVS central storage, elsewhere RAM (MB).
    pub central_storage_mb: f64,
    /// MVS expanded storage (MB): paged-out pages go here first and come back in
    /// `page_in_us` of CPU. 0: a plain RAM + swap host.
    #[serde(default)]
    #[ts(as = "Option<f64>", optional)]
    pub expanded_storage_mb: f64,
    /// Auxiliary storage for pages beyond central + expanded: MVS local page data sets,
    /// elsewhere swap (MB). Absent: unlimited. A page there comes back with a disk read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub auxiliary_storage_mb: Option<f64>,
    /// Page size, KB (MVS and most hosts: 4).
    #[serde(default = "default_page_kb")]
    #[ts(as = "Option<u32>", optional)]
    pub page_size_kb: u32,
    /// CPU time to bring one page back from expanded storage, µs (seed 002: "less than 100
    /// microseconds", synchronous).
    #[serde(default = "default_page_in_us")]
    #[ts(as = "Option<f64>", optional)]
    pub page_in_us: f64,
    /// The rest of the SGA besides the buffers (shared pool or dictionary cache, log buffer,
    /// fixed SGA), MB. One of its pages is referenced per transaction, in turn.
    #[serde(default)]
    #[ts(as = "Option<f64>", optional)]
    pub sga_other_mb: f64,
    /// PGA of each session (each job of an `oltp_batch` workload; one session otherwise),
    /// KB. All of it is referenced at the start of each of its transactions.
    #[serde(default)]
    #[ts(as = "Option<f64>", optional)]
    pub pga_kb: f64,
    /// Pageable memory of the other address spaces (operating system, other programs), MB.
    #[serde(default)]
    #[ts(as = "Option<f64>", optional)]
    pub other_mb: f64,
    /// The other address spaces reference all their pages, in turn, once every this many
    /// seconds of simulated time. 0: their pages are fixed in central storage.
    #[serde(default)]
    #[ts(as = "Option<f64>", optional)]
    pub other_cycle_s: f64,
    /// CPU path length of one I/O in the operating system (MVS: EXCP and IOS), µs: charged
    /// to the CPU for every disk read, DBWR write and paging I/O. 0 by default.
    #[serde(default)]
    #[ts(as = "Option<f64>", optional)]
    pub io_cpu_us: f64,
}

fn default_page_kb() -> u32 {
    4
}
fn default_page_in_us() -> f64 {
    100.0
}
