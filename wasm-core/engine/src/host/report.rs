//! The `host` section of a buffer cache report: throughput, CPU, paging (docs/model.md §3).

use super::Host;
use serde::Serialize;
use ts_rs::TS;

/// Where one address space's pages are now.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "host/")]
pub struct AreaUsage {
    /// `buffers`, `sga_other`, `pga` or `other`.
    pub name: String,
    pub pages: u32,
    pub central: u32,
    pub expanded: u32,
    /// In auxiliary storage (migrated, or swapped out).
    pub auxiliary: u32,
    /// Never referenced yet (no frame).
    pub untouched: u32,
}

/// The host's memory and its paging over the measurement interval.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "host/")]
pub struct MemoryStatistics {
    pub page_size: u32,
    pub central_pages: u32,
    pub expanded_pages: u32,
    /// None: unlimited.
    pub auxiliary_pages: Option<u32>,
    pub central_used: u32,
    pub expanded_used: u32,
    pub auxiliary_used: u32,
    pub lock_sga: bool,
    pub pre_page_sga: bool,
    pub areas: Vec<AreaUsage>,
    /// Page faults served from expanded storage (CPU-synchronous page-ins).
    #[ts(type = "number")]
    pub page_ins: u64,
    pub page_ins_per_s: f64,
    /// Page faults served from auxiliary storage: a disk read each.
    #[ts(type = "number")]
    pub disk_page_ins: u64,
    pub disk_page_ins_per_s: f64,
    /// Pages moved from central to expanded storage (seed 002: 140/s at 50,000 buffers).
    #[ts(type = "number")]
    pub pages_to_expanded: u64,
    pub pages_to_expanded_per_s: f64,
    /// Pages moved to auxiliary storage: migration from expanded storage (MVS), or page-outs
    /// to swap without expanded storage (seed 002: about 100/s at 100,000 buffers).
    #[ts(type = "number")]
    pub migrations: u64,
    pub migrations_per_s: f64,
    /// Buffer-cache hits whose page had been paged out: hits to Oracle, page faults to the
    /// host.
    #[ts(type = "number")]
    pub hits_paged_out: u64,
    /// Page faults of a miss's victim buffer, and of DBWR's writes.
    #[ts(type = "number")]
    pub faults_by_reads: u64,
    #[ts(type = "number")]
    pub faults_by_dbwr: u64,
    /// CPU spent paging (page-ins, paging I/O), seconds.
    pub paging_cpu_s: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "host/")]
pub struct HostStatistics {
    /// Concurrent jobs sharing the CPU (`oltp_batch`), 1 otherwise.
    pub jobs: u32,
    /// Transactions committed in the measurement interval, and per second.
    #[ts(type = "number")]
    pub transactions: u64,
    pub tps: Option<f64>,
    /// The measurement interval (after the warm-up), seconds.
    pub measured_s: f64,
    /// Share of the interval the CPU was busy.
    pub cpu_busy: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub memory: Option<MemoryStatistics>,
}

fn rate(n: u64, s: f64) -> f64 {
    if s > 0.0 {
        n as f64 / s
    } else {
        0.0
    }
}

impl HostStatistics {
    pub fn new(h: &Host, now_ns: u64) -> HostStatistics {
        let ns = now_ns.saturating_sub(h.measured_from_ns);
        let s = ns as f64 / 1e9;
        let n = &h.n;
        HostStatistics {
            jobs: h.jobs,
            transactions: n.transactions,
            tps: (s > 0.0 && h.concurrent).then(|| n.transactions as f64 / s),
            measured_s: s,
            cpu_busy: (ns > 0 && h.concurrent).then(|| 1.0 - n.idle_ns.min(ns) as f64 / ns as f64),
            memory: h.paging.as_ref().map(|p| {
                let a = p.areas;
                let area = |name: &str, (first, count): (u32, u32)| {
                    let [central, expanded, auxiliary, untouched] =
                        p.mem.census(first..first + count);
                    AreaUsage {
                        name: name.into(),
                        pages: count,
                        central,
                        expanded,
                        auxiliary,
                        untouched,
                    }
                };
                MemoryStatistics {
                    page_size: p.cfg.page_bytes as u32,
                    central_pages: p.cfg.central_pages as u32,
                    expanded_pages: p.cfg.expanded_pages as u32,
                    auxiliary_pages: p.cfg.aux_pages.map(|x| x as u32),
                    central_used: p.mem.central_len(),
                    expanded_used: p.mem.expanded_len(),
                    auxiliary_used: p.mem.aux_len,
                    lock_sga: p.lock_sga,
                    pre_page_sga: p.pre_page_sga,
                    areas: vec![
                        area("buffers", (0, a.buffer_pages)),
                        area("sga_other", a.sga_other),
                        area("pga", a.pga),
                        area("other", a.other),
                    ],
                    page_ins: n.page_ins,
                    page_ins_per_s: rate(n.page_ins, s),
                    disk_page_ins: n.disk_page_ins,
                    disk_page_ins_per_s: rate(n.disk_page_ins, s),
                    pages_to_expanded: n.pages_to_expanded,
                    pages_to_expanded_per_s: rate(n.pages_to_expanded, s),
                    migrations: n.migrations,
                    migrations_per_s: rate(n.migrations, s),
                    hits_paged_out: n.hits_paged_out,
                    faults_by_reads: n.faults_by_reads,
                    faults_by_dbwr: n.faults_by_dbwr,
                    paging_cpu_s: n.paging_cpu_ns as f64 / 1e9,
                }
            }),
        }
    }

    /// A figure of this section by its name (paper comparisons): `tps`, `page_ins_per_s`,
    /// `pages_to_expanded_per_s`, `migrations_per_s`, `disk_page_ins_per_s`.
    pub fn figure(&self, name: &str) -> Option<f64> {
        let m = self.memory.as_ref();
        match name {
            "tps" => self.tps,
            "page_ins_per_s" => m.map(|m| m.page_ins_per_s),
            "disk_page_ins_per_s" => m.map(|m| m.disk_page_ins_per_s),
            "pages_to_expanded_per_s" => m.map(|m| m.pages_to_expanded_per_s),
            "migrations_per_s" => m.map(|m| m.migrations_per_s),
            _ => None,
        }
    }
}
