// What the console's tables hold, taken from a run at one position: plain rows for the small
// tables, and copies of the per-buffer arrays for X$BH (written into SQLite only when a
// statement reads it: 100,000 buffers cost more to insert than to copy).
import { FLAG, type SimRun } from '../sim/engine';
import type * as library from '../sim/library';
import { POOL_COLUMNS } from '../sim/columns';
import { bufferInstance, libraryInstance } from './instance';
import { parameters } from './parameters';
import { hex, BP_ADDR, DS_ADDR, SQL_ADDR, BH_ADDR } from './schema';
import { absentFor, after8i } from './versions';

export type Cell = number | string | null;
export type Rows = Cell[][];

export interface BufferHeaders {
  dba: Uint32Array;
  tch: Uint32Array;
  flags: Uint8Array;
  /** `[set…, prev…, next…, tim…]` (SimRun.headerColumns). */
  cols: Float64Array;
  /** Each buffer's cache buffers chains child, −1 for a free one (SimRun.bufferLatches). */
  latches: Int32Array;
}

export interface Capture {
  kind: 'buffer' | 'library';
  /** The run's position (accesses, or phases of statements). */
  position: number;
  /** Rows of each table, in its schema's column order. */
  rows: Record<string, Rows>;
  headers: BufferHeaders | null;
  /** The run's simulated seconds at `position` (SYSDATE, functions.ts). */
  clock: number;
  /** Why a table has no rows, by table (V$DB_CACHE_ADVICE with db_cache_advice OFF). */
  empty: Record<string, string>;
  /** The columns of each table the profile's Oracle release did not have (versions.ts). */
  absent: Record<string, string[]>;
}

const POOLS = ['DEFAULT', 'KEEP', 'RECYCLE'] as const;
/** The model has one schema and one tablespace (USERS, ts# 4). */
export const OWNER = 'TEST';
export const TABLESPACE = 'USERS';

/** V$SYSSTAT names (Oracle's), their class, and where the model has them. */
const SYSSTAT: Array<[string, number]> = [
  ['session logical reads', 1],
  ['CPU used by this session', 1],
  ['db block gets', 8],
  ['consistent gets', 8],
  ['physical reads', 8],
  ['physical writes', 8],
  ['db block changes', 8],
  ['free buffer requested', 8],
  ['free buffer inspected', 8],
  ['dirty buffers inspected', 8],
  ['parse time cpu', 64],
  ['parse count (total)', 64],
  ['parse count (hard)', 64],
  ['execute count', 64],
];

function sysstat(values: Record<string, number>): Rows {
  return SYSSTAT.map(([name, cls], k) => [k, name, cls, values[name] ?? 0]);
}

/** Snapshot a buffer cache run. */
export function captureBuffer(run: SimRun): Capture {
  const report = run.report();
  const layout = run.layoutInfo();
  const { order, info } = run.order();
  const orderCopy = order.slice();
  const infoCopy = info.slice();
  const cols = run.headerColumns();
  const v = run.views();
  const headers: BufferHeaders = {
    dba: v.dba.slice(),
    tch: v.tch.slice(),
    flags: v.flags.slice(),
    cols,
    latches: run.bufferLatches(),
  };
  const sets = layout.sets;
  const blockSize = layout.config.db_block_size;

  // X$KCBWDS: one row per working set; its list's head and tail from the drawing order
  let at = 0;
  const kcbwds: Rows = sets.map((ws, k) => {
    const [len, hot, wl, writing, free] = Array.from(infoCopy.slice(k * 5, k * 5 + 5));
    const head = len > 0 ? hex(BH_ADDR + orderCopy[at] * 0x80) : '00';
    const tail = len > 0 ? hex(BH_ADDR + orderCopy[at + len - 1] * 0x80) : '00';
    at += len + wl + writing + free;
    return [
      hex(DS_ADDR + k * 0x100),
      k,
      1,
      k + 1,
      ws.dbwr,
      blockSize,
      ws.lo,
      ws.hi - 1,
      ws.hi - ws.lo,
      len + free,
      len - hot,
      hot,
      wl + writing,
      head,
      tail,
      ws.hot_max,
    ];
  });
  // X$KCBWBPD / V$BUFFER_POOL: every pool, size 0 when not configured
  const kcbwbpd: Rows = [];
  const bufferPool: Rows = [];
  POOLS.forEach((name, k) => {
    const mine = sets.map((s, i) => ({ s, i })).filter(({ s }) => s.pool === name);
    const size = mine.reduce((n, { s }) => n + s.hi - s.lo, 0);
    const loSid = mine.length ? mine[0].i + 1 : 0;
    const hiSid = mine.length ? mine[mine.length - 1].i + 1 : 0;
    const lo = mine.length ? mine[0].s.lo : 0;
    const hi = mine.length ? mine[mine.length - 1].s.hi - 1 : 0;
    kcbwbpd.push([
      hex(BP_ADDR + k * 0x40),
      k,
      1,
      k + 1,
      name,
      size,
      loSid,
      hiSid,
      mine.length,
      lo,
      hi,
    ]);
    bufferPool.push([k + 1, name, loSid, hiSid, mine.length, size, lo, hi]);
  });
  const stats = report.pools.map((p) => [
    p.id,
    p.name,
    blockSize,
    ...POOL_COLUMNS.map((c) => p[c]),
  ]);
  const sum = (f: (p: (typeof report.pools)[number]) => number) =>
    report.pools.reduce((n, p) => n + f(p), 0);
  const objects: Rows = layout.objects.map((o, k) => [
    OWNER,
    o.name,
    null,
    k + 1,
    k + 1,
    o.type,
    'VALID',
    'N',
  ]);
  const segments: Rows = layout.objects.map((o, k) => [
    OWNER,
    o.name,
    o.type,
    TABLESPACE,
    k + 1,
    1,
    o.blocks * blockSize,
    o.blocks,
    1,
    o.buffer_pool ?? 'DEFAULT',
    o.cache ? 'Y' : 'N',
  ]);
  // one extent a segment: blocks 1 … n of its file (block 0 is the file's header)
  const extents: Rows = layout.objects.map((o, k) => [
    OWNER,
    o.name,
    null,
    o.type,
    TABLESPACE,
    0,
    k + 1,
    1,
    o.blocks * blockSize,
    o.blocks,
    k + 1,
  ]);
  // V$DB_CACHE_ADVICE: the engine's rows (ON), none otherwise, as in Oracle ("OFF indicates
  // it is disabled", Database Reference 9.2, V$DB_CACHE_ADVICE,
  // https://docs.oracle.com/cd/B10500_01/server.920/a96536/ch345.htm)
  const advice = report.db_cache_advice ?? [];
  const adviceRows: Rows = advice.map((a) => [
    a.id,
    a.name,
    a.block_size,
    a.advice_status,
    a.size_for_estimate,
    a.size_factor,
    a.buffers_for_estimate,
    a.estd_physical_read_factor,
    a.estd_physical_reads,
    a.estd_physical_read_time,
    a.estd_pct_of_db_time_for_reads,
  ]);
  const adviceSet = String(run.scenario().init?.db_cache_advice ?? 'OFF').toUpperCase();
  const empty: Record<string, string> = {};
  if (!adviceRows.length) {
    empty['v$db_cache_advice'] =
      adviceSet === 'ON'
        ? 'V$DB_CACHE_ADVICE has no rows yet: db_cache_advice is ON but the advisory has not reported at this step.'
        : `V$DB_CACHE_ADVICE has no rows: db_cache_advice is ${adviceSet} in this scenario (set db_cache_advice = ON in init.ora to collect it).`;
  }
  return {
    kind: 'buffer',
    position: run.position,
    clock: report.elapsed_s,
    empty,
    absent: absentFor(report.profile),
    headers,
    rows: {
      ...bufferInstance(run),
      dba_extents: extents,
      x$kcbwds: kcbwds,
      x$kcbwbpd: kcbwbpd,
      v$buffer_pool: bufferPool,
      v$buffer_pool_statistics: stats,
      v$db_cache_advice: adviceRows,
      dba_objects: objects,
      dba_segments: segments,
      v$parameter: parameters(run.scenario(), after8i(report.profile)),
      v$sysstat: sysstat({
        'session logical reads': sum((p) => p.db_block_gets + p.consistent_gets),
        'db block gets': sum((p) => p.db_block_gets),
        'consistent gets': sum((p) => p.consistent_gets),
        'physical reads': sum((p) => p.physical_reads),
        'physical writes': sum((p) => p.physical_writes),
        'db block changes': sum((p) => p.db_block_change),
        'free buffer requested': sum((p) => p.buf_got),
        'free buffer inspected': sum((p) => p.free_buffer_inspected),
        'dirty buffers inspected': sum((p) => p.dirty_buffers_inspected),
        'execute count': report.executions,
      }),
    },
  };
}

/** Snapshot a library cache run. */
export function captureLibrary(run: library.Run): Capture {
  const report = run.report();
  const lc = report.library_cache;
  const a = lc.sql_area;
  const cs = (s: number) => Math.round(s * 100); // Oracle counts CPU in centiseconds
  const sql: Rows = run
    .sql()
    .map((r) => [
      hex(SQL_ADDR + r.obj * 0x400),
      r.hash_value,
      0,
      r.sql_text.slice(0, 1000),
      r.sharable_mem,
      r.loads,
      0,
      r.parse_calls,
      r.executions,
      r.users_executing,
      r.loaded_versions,
      r.kept ? 1 : 0,
    ]);
  return {
    kind: 'library',
    position: run.position,
    clock: report.elapsed_s,
    empty: {
      v$db_cache_advice:
        'V$DB_CACHE_ADVICE has no rows: a library cache run has no buffer cache to advise on.',
    },
    absent: absentFor(report.profile),
    headers: null,
    rows: {
      ...libraryInstance(run),
      v$librarycache: [
        [
          a.namespace,
          a.gets,
          a.gethits,
          a.gethitratio,
          a.pins,
          a.pinhits,
          a.pinhitratio,
          a.reloads,
          a.invalidations,
        ],
      ],
      v$sql: sql,
      v$parameter: parameters(run.scenario(), after8i(report.profile)),
      v$sysstat: sysstat({
        'CPU used by this session': cs(lc.sysstat.cpu_used_s),
        'parse time cpu': cs(lc.sysstat.parse_time_cpu_s),
        'parse count (total)': lc.sysstat.parse_count_total,
        'parse count (hard)': lc.sysstat.parse_count_hard,
        'execute count': lc.sysstat.execute_count,
      }),
    },
  };
}

/** Buffer flag bits X$BH's FLAG shows (seed 000 Table 2 and its Z$BUFFER_CACHE view). */
export const XBH_FLAG = { DIRTY: FLAG.DIRTY, SCAN: FLAG.SCAN } as const;
