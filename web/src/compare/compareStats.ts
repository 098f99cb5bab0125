// The comparison table's rows: each statistic of configuration A and B (the reports the two
// runs give at their common position), with B − A and B / A.
import type { Sim } from '../store/slot';

export interface CompareRow {
  /** A stable key: the statistic (and the pool). */
  id: string;
  label: string;
  stat: string;
  pool: string;
  a: number | null;
  b: number | null;
  /** How to print it. */
  kind: 'count' | 'ratio' | 'seconds';
}

const row = (
  stat: string,
  pool: string,
  label: string,
  a: number | null | undefined,
  b: number | null | undefined,
  kind: CompareRow['kind'] = 'count',
): CompareRow => ({ id: `${stat}:${pool}`, label, stat, pool, a: a ?? null, b: b ?? null, kind });

/** The rows for two slots of the same kind (null when the kinds differ). */
export function compareRows(a: Sim, b: Sim): CompareRow[] | null {
  if (a.kind === 'buffer' && b.kind === 'buffer') {
    const ra = a.report;
    const rb = b.report;
    const names = [...new Set([...ra.pools, ...rb.pools].map((p) => p.name))];
    const pool = (r: typeof ra, n: string) => r.pools.find((p) => p.name === n);
    const rows: CompareRow[] = [];
    for (const n of names) {
      const pa = pool(ra, n);
      const pb = pool(rb, n);
      rows.push(
        row('physical_reads', n, `${n} physical reads`, pa?.physical_reads, pb?.physical_reads),
      );
      rows.push(
        row('logical_reads', n, `${n} logical reads`, pa?.logical_reads, pb?.logical_reads),
      );
      rows.push(row('hit_ratio', n, `${n} hit ratio`, pa?.hit_ratio, pb?.hit_ratio, 'ratio'));
    }
    rows.push(
      row(
        'physical_reads',
        'TOTAL',
        'physical reads (all pools)',
        ra.total.physical_reads,
        rb.total.physical_reads,
      ),
      row(
        'logical_reads',
        'TOTAL',
        'logical reads (all pools)',
        ra.total.logical_reads,
        rb.total.logical_reads,
      ),
      row(
        'hit_ratio',
        'TOTAL',
        'hit ratio (all pools)',
        ra.total.hit_ratio,
        rb.total.hit_ratio,
        'ratio',
      ),
    );
    if (ra.io || rb.io)
      rows.push(
        row(
          'physical_reads_direct',
          '',
          'physical reads direct',
          ra.io?.physical_reads_direct,
          rb.io?.physical_reads_direct,
        ),
        row(
          'table_scans_direct',
          '',
          'table scans (direct read)',
          ra.io?.table_scans_direct,
          rb.io?.table_scans_direct,
        ),
      );
    rows.push(row('elapsed_s', '', 'elapsed time', ra.elapsed_s, rb.elapsed_s, 'seconds'));
    return rows;
  }
  if (a.kind === 'library' && b.kind === 'library') {
    const la = a.report.library_cache;
    const lb = b.report.library_cache;
    return [
      row(
        'parse_count_hard',
        '',
        'parse count (hard)',
        la.sysstat.parse_count_hard,
        lb.sysstat.parse_count_hard,
      ),
      row(
        'parse_count_total',
        '',
        'parse count (total)',
        la.sysstat.parse_count_total,
        lb.sysstat.parse_count_total,
      ),
      row(
        'gethitratio',
        'SQL AREA',
        'SQL AREA get hit ratio',
        la.sql_area.gethitratio,
        lb.sql_area.gethitratio,
        'ratio',
      ),
      row('reloads', 'SQL AREA', 'SQL AREA reloads', la.sql_area.reloads, lb.sql_area.reloads),
      row(
        'flushed_chunks',
        '',
        'shared pool: flushed chunks',
        la.shared_pool.flushed_chunks,
        lb.shared_pool.flushed_chunks,
      ),
      row(
        'latch_free_wait_s',
        '',
        'latch free wait',
        la.latch_free_wait_s,
        lb.latch_free_wait_s,
        'seconds',
      ),
      row('cpu_used_s', '', 'CPU used', la.sysstat.cpu_used_s, lb.sysstat.cpu_used_s, 'seconds'),
      row('elapsed_s', '', 'elapsed time', a.report.elapsed_s, b.report.elapsed_s, 'seconds'),
    ];
  }
  return null;
}

/** A value as the table prints it. */
export function show(v: number | null, kind: CompareRow['kind']): string {
  if (v === null || !Number.isFinite(v)) return '—';
  if (kind === 'ratio') return `${(v * 100).toFixed(2)} %`;
  if (kind === 'seconds') return `${v.toFixed(3)} s`;
  return Math.round(v).toLocaleString('en');
}

/** B − A as the table prints it (ratios in percentage points). */
export function showDelta(r: CompareRow): string {
  if (r.a === null || r.b === null) return '—';
  const d = r.b - r.a;
  const sign = d > 0 ? '+' : d < 0 ? '−' : '±';
  const m = Math.abs(d);
  if (r.kind === 'ratio') return `${sign}${(m * 100).toFixed(2)} pt`;
  if (r.kind === 'seconds') return `${sign}${m.toFixed(3)} s`;
  return `${sign}${Math.round(m).toLocaleString('en')}`;
}

/** B / A (— when A is 0 or missing). */
export function showRatio(r: CompareRow): string {
  if (r.a === null || r.b === null || r.a === 0) return '—';
  return `× ${(r.b / r.a).toFixed(3)}`;
}

/** The two differ (beyond floating-point noise). */
export const differs = (r: CompareRow) =>
  r.a !== r.b && !(r.a !== null && r.b !== null && Math.abs(r.a - r.b) < 1e-9);
