// The names and formats of the figures a paper comparison lists (the engine's metric names:
// the buffer pool rows of seed 000, the Table 3 rows of seed 001, the script steps of seeds
// 003 and 004, the host figures of seed 002).
import type { Compared } from './engine';

export const METRIC_LABELS: Record<string, string> = {
  elapsed_s: 'elapsed time',
  rows_per_s: 'rows per second',
  physical_reads: 'physical reads',
  logical_reads: 'logical reads',
  hit_ratio: 'hit ratio',
  latch_free_wait_s: 'latch free wait time',
  library_cache_impact: 'library cache latch impact',
  library_cache_sleep_rate_pct: 'library cache latch sleep rate',
  shared_pool_impact: 'shared pool latch impact',
  shared_pool_sleep_rate_pct: 'shared pool latch sleep rate',
  flushed_chunks: 'flushed chunks',
  pins_and_releases: 'pins and releases',
  execute_count: 'executions',
  parse_count_hard: 'parse count (hard)',
  cpu_used_s: 'CPU used',
  cpu_with_recursive_s: 'CPU used + recursive cpu usage',
  parse_time_cpu_s: 'parse time CPU',
  tps: 'transactions per second',
  page_ins_per_s: 'page-ins from expanded storage',
  disk_page_ins_per_s: 'page faults from disk',
  pages_to_expanded_per_s: 'pages moved to expanded storage',
  migrations_per_s: 'page migration',
};

export const metricLabel = (metric: string) => METRIC_LABELS[metric] ?? metric;

/** A figure as the paper writes it: seconds, percent, a rate or a whole count. */
export function formatMetric(metric: string, v: number): string {
  if (metric === 'hit_ratio') return `${(v * 100).toFixed(1)} %`;
  if (metric.endsWith('_pct')) return `${v.toFixed(2)} %`;
  if (metric.endsWith('_per_s')) return `${Math.round(v).toLocaleString('en')} /s`;
  // Sub-second steps (a scan from the cache) need the second decimal.
  if (metric.endsWith('_s')) return `${v.toFixed(Math.abs(v) < 10 ? 2 : 1)} s`;
  return Math.round(v).toLocaleString('en');
}

/** The difference: percent, or percentage points for a hit ratio. */
export function formatDiff(r: Compared): string {
  const sign = r.diff_pct > 0 ? '+' : r.diff_pct < 0 ? '−' : '±';
  const v = Math.abs(r.diff_pct).toFixed(1);
  return r.metric === 'hit_ratio' ? `${sign}${v} pp` : `${sign}${v} %`;
}
