//! The report's figures by name, as seed 001's Table 3 lists them: what a scenario's
//! `paper.metrics` may name and what the paper table shows.

use super::report::CacheReport;

/// (metric name, Table 3's row label).
pub const METRICS: &[(&str, &str)] = &[
    ("elapsed_s", "elapsed time (s)"),
    ("latch_free_wait_s", "latch free wait time (s)"),
    ("library_cache_impact", "library cache latch impact"),
    (
        "library_cache_sleep_rate_pct",
        "library cache latch sleep rate (%)",
    ),
    ("shared_pool_impact", "shared pool latch impact"),
    (
        "shared_pool_sleep_rate_pct",
        "shared pool latch sleep rate (%)",
    ),
    ("flushed_chunks", "flushed chunks"),
    ("pins_and_releases", "pins and releases"),
    ("execute_count", "executions"),
    ("parse_count_hard", "parse count (hard)"),
    ("cpu_used_s", "CPU used (s)"),
    ("cpu_with_recursive_s", "CPU used + recursive cpu usage (s)"),
    ("parse_time_cpu_s", "parse time CPU (s)"),
];

/// The value of a named metric in a report.
pub fn metric_value(r: &CacheReport, name: &str) -> Option<f64> {
    let latch = |n: &str| r.latches.iter().find(|l| l.name == n);
    Some(match name {
        "elapsed_s" => r.elapsed_s,
        "latch_free_wait_s" => r.latch_free_wait_s,
        "library_cache_impact" => latch("library cache")?.impact,
        "library_cache_sleep_rate_pct" => latch("library cache")?.sleep_rate * 100.0,
        "shared_pool_impact" => latch("shared pool")?.impact,
        "shared_pool_sleep_rate_pct" => latch("shared pool")?.sleep_rate * 100.0,
        "flushed_chunks" => r.shared_pool.flushed_chunks as f64,
        "pins_and_releases" => r.shared_pool.pins_and_releases as f64,
        "execute_count" => r.sysstat.execute_count as f64,
        "parse_count_hard" => r.sysstat.parse_count_hard as f64,
        "cpu_used_s" => r.sysstat.cpu_used_s,
        "cpu_with_recursive_s" => r.sysstat.cpu_with_recursive_s,
        "parse_time_cpu_s" => r.sysstat.parse_time_cpu_s,
        _ => return None,
    })
}
