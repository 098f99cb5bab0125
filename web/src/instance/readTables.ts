// The report's tables: Buffer Pool Statistics, the Buffer Pool Advisory (V$DB_CACHE_ADVICE at
// the end snapshot: Oracle Database Reference, "V$DB_CACHE_ADVICE"), Segments by Logical and
// Physical Reads, the instance activity statistics for direct reads (Reference, "Statistics
// Descriptions": physical reads, physical reads cache, physical reads direct), Library Cache
// Activity (V$LIBRARYCACHE), Latch Activity (V$LATCH) and the Shared Pool Advisory
// (V$SHARED_POOL_ADVICE). Columns are found by their headings, which vary by release ("Size
// Factor" / "Size Factr", "%Total" / "Pct Total").
import { column, key, squash, type Section, type Table } from './doc';
import { numOrRefuse } from './numbers';
import { Refused, tablesWith, tableWith } from './readSummary';
import type { AdvisoryRow, PoolRead, ReadReport, SegmentRead } from './types';

const POOLS: Record<string, PoolRead['pool']> = { D: 'DEFAULT', K: 'KEEP', R: 'RECYCLE' };

export function readPoolStatistics(sections: Section[], out: ReadReport): void {
  const t = tableWith(sections, ['buffer gets'], ['physical', 'reads']);
  if (!t) throw new Refused('no table with "Buffer Gets" and "Physical Reads" columns');
  const c = {
    p: 0,
    buffers: column(t, 'buffers'),
    hit: column(t, 'hit'),
    gets: column(t, 'buffer gets'),
    reads: column(t, 'physical', 'reads'),
  };
  for (const row of t.rows) {
    const pool = POOLS[squash(row[c.p] ?? '')];
    if (!pool) continue;
    out.pools.push({
      pool,
      buffers: numOrRefuse(row[c.buffers], 1000),
      hit_pct: numOrRefuse(row[c.hit]),
      buffer_gets: numOrRefuse(row[c.gets], 1000),
      physical_reads: numOrRefuse(row[c.reads], 1000),
    });
  }
  if (out.pools.length === 0) throw new Refused('no D, K or R pool row');
}

/** The advisory's DEFAULT rows of one block size: the first run of D rows, sizes rising. */
export function readAdvisory(sections: Section[], out: ReadReport): string {
  const t = tableWith(sections, ['size', 'est'], ['reads']);
  if (!t) throw new Refused('no table with "Size for Est" and "Estimated Phys Reads" columns');
  const size = column(t, 'size', 'est');
  const factor = column(t, 'size', 'fact');
  const reads = t.header.findIndex((h) => /reads/i.test(h) && !/time/i.test(h));
  const thousands = /thousands/i.test(t.header[reads] ?? '');
  const rows: { size: number; printed: number | null; reads: number }[] = [];
  let skipped = 0;
  for (const row of t.rows) {
    if (squash(row[0] ?? '') !== 'D') {
      if (rows.length > 0) break;
      continue;
    }
    const s = numOrRefuse(row[size]);
    const r = numOrRefuse(row[reads]);
    if (s === null || r === null) {
      skipped++;
      continue;
    }
    if (rows.length > 0 && s <= rows[rows.length - 1].size) break;
    rows.push({ size: s, printed: numOrRefuse(row[factor]), reads: r * (thousands ? 1000 : 1) });
  }
  if (rows.length < 3) throw new Refused(`${rows.length} DEFAULT pool rows (at least 3 needed)`);
  // today's row: the printed size factor nearest 1 (the first of equals)
  let today = rows[0];
  for (const r of rows)
    if (Math.abs((r.printed ?? 0) - 1) < Math.abs((today.printed ?? 0) - 1)) today = r;
  out.advisory = rows.map((r): AdvisoryRow => ({
    size_mb: r.size,
    size_factor: Math.round((r.size / today.size) * 10000) / 10000,
    phys_reads: r.reads,
  }));
  return skipped > 0 ? `${skipped} rows with unreadable cells (e.g. #######) left out` : '';
}

/** Top segments by one statistic, with their share of the interval's total. */
function readSegments(sections: Section[], stat: string): SegmentRead[] {
  const t = tableWith(sections, ['object', 'name'], [stat]);
  if (!t) throw new Refused(`no table with "Object Name" and "${stat}" columns`);
  const c = {
    owner: column(t, 'owner'),
    name: column(t, 'object', 'name'),
    sub: column(t, 'subobject'),
    type: column(t, 'type'),
    value: column(t, stat),
    pct: column(t, 'total'),
  };
  const out: SegmentRead[] = [];
  for (const row of t.rows) {
    const value = numOrRefuse(row[c.value]);
    const name = squash(row[c.name] ?? '');
    if (value === null || name === '') continue;
    const sub = c.sub >= 0 && c.sub !== c.name ? squash(row[c.sub] ?? '') : '';
    const pct = c.pct >= 0 ? numOrRefuse(row[c.pct]) : null;
    out.push({
      owner: squash(row[c.owner] ?? ''),
      name: sub ? `${name}.${sub}` : name,
      type: squash(row[c.type] ?? ''),
      value,
      share: pct === null ? null : pct / 100,
    });
  }
  if (out.length === 0) throw new Refused('no segment rows');
  return out;
}

export function readSegmentsLogical(sections: Section[], out: ReadReport): void {
  out.segments_logical = readSegments(sections, 'logical reads');
}

export function readSegmentsPhysical(sections: Section[], out: ReadReport): void {
  out.segments_physical = readSegments(sections, 'physical reads');
}

/** physical reads, physical reads cache and physical reads direct (totals over the interval). */
export function readActivity(sections: Section[], out: ReadReport): void {
  const tables = tablesWith(sections, ['statistic'], ['total']);
  if (tables.length === 0) throw new Refused('no table with "Statistic" and "Total" columns');
  const want: Record<string, keyof ReadReport['io']> = {
    'physical reads': 'physical_reads',
    'physical reads cache': 'physical_reads_cache',
    'physical reads direct': 'physical_reads_direct',
  };
  for (const t of tables) {
    const total = column(t, 'total');
    for (const row of t.rows) {
      const field = want[key(row[0] ?? '')];
      if (field) out.io[field] = numOrRefuse(row[total]);
    }
  }
  if (out.io.physical_reads === null)
    throw new Refused('no "physical reads" statistic in the activity tables');
}

export function readLibrary(sections: Section[], out: ReadReport): void {
  const t = tableWith(sections, ['namespace'], ['get', 'requests']);
  if (!t) throw new Refused('no table with "Namespace" and "Get Requests" columns');
  const c = {
    ns: column(t, 'namespace'),
    gets: column(t, 'get', 'requests'),
    miss: column(t, 'miss'),
    pins: column(t, 'pin', 'requests'),
    reloads: column(t, 'reloads'),
  };
  for (const row of t.rows)
    out.library.push({
      namespace: squash(row[c.ns] ?? ''),
      get_requests: numOrRefuse(row[c.gets]),
      get_pct_miss: numOrRefuse(row[c.miss]),
      pin_requests: numOrRefuse(row[c.pins]),
      reloads: numOrRefuse(row[c.reloads]),
    });
  if (!out.library.some((r) => /^sql area$/i.test(r.namespace)))
    throw new Refused('no SQL AREA namespace row');
}

const LATCHES = new Set([
  'library cache',
  'shared pool',
  'cache buffers chains',
  'cache buffers lru chain',
]);

export function readLatches(sections: Section[], out: ReadReport): void {
  // "Latch Name" (AWR) or "Latch" (Statspack)
  const tables: Table[] = tablesWith(sections, ['latch'], ['get', 'requests']);
  if (tables.length === 0)
    throw new Refused('no table with "Latch Name" and "Get Requests" columns');
  for (const t of tables) {
    const c = {
      name: column(t, 'latch'),
      gets: column(t, 'get', 'requests'),
      miss: column(t, 'get', 'miss'),
    };
    for (const row of t.rows) {
      const name = key(row[c.name] ?? '');
      if (!LATCHES.has(name)) continue;
      out.latches.push({
        name,
        get_requests: numOrRefuse(row[c.gets]),
        pct_get_miss: numOrRefuse(row[c.miss]),
      });
    }
  }
}

export function readSharedPoolAdvisory(sections: Section[], out: ReadReport): void {
  const t = tableWith(sections, ['shared pool', 'size'], ['load time']);
  if (!t) throw new Refused('no table with "Shared Pool Size" and "Est LC Load Time" columns');
  const c = {
    size: column(t, 'shared pool', 'size'),
    factor: column(t, 'size', 'fact'),
    load: column(t, 'load time'),
  };
  for (const row of t.rows) {
    const size = numOrRefuse(row[c.size]);
    const factor = numOrRefuse(row[c.factor]);
    if (size === null || factor === null) continue;
    out.shared_pool_advisory.push({
      size_mb: size,
      size_factor: factor,
      est_lc_load_time_s: numOrRefuse(row[c.load]),
    });
  }
  if (out.shared_pool_advisory.length === 0) throw new Refused('no rows');
}
