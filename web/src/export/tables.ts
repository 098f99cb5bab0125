// The statistics a panel exports, as named tables of flat rows (one object per row, columns
// in a fixed order): the same rows go to CSV (one file per table) and JSON (one file). Pure:
// they read a report, a run or the narration, never the DOM.
import type { NarrationGroup } from '../shared/narration';
import type { PaperComparison, Report, SimRun } from '../sim/engine';
import type * as library from '../sim/library';
import type { ParamDifference } from '../store/paperScenario';

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;
/** Table name (a V$ view's name where there is one) → its rows. */
export type Tables = Record<string, Row[]>;

/** A value as a cell: nested objects and arrays as JSON text (a CSV cell holds one value). */
const cell = (v: unknown): Cell => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return Number(v);
  return JSON.stringify(v);
};

/** An object's fields as a row, in their own order. */
export function rowOf(o: object): Row {
  const row: Row = {};
  for (const [k, v] of Object.entries(o)) row[k] = cell(v);
  return row;
}

/** V$BUFFER_POOL_STATISTICS: one row per pool, every column of the report. */
export function poolTables(report: Report): Tables {
  return {
    V$BUFFER_POOL_STATISTICS: report.pools.map(rowOf),
    DBWR: report.dbwr.map(rowOf),
    hash_chains: [rowOf(report.hash_chains)],
  };
}

/** X$BH: one row per buffer (what the X$BH panel shows for one, for all of them). */
export function xbhTables(run: SimRun, buffers: number): Tables {
  const rows: Row[] = [];
  for (let b = 0; b < buffers; b++) {
    const r = run.xbh(b);
    if (r) rows.push(rowOf(r));
  }
  return { X$BH: rows };
}

/** The narration log: one row per line, with its step's position and title. */
export function narrationTables(groups: NarrationGroup[]): Tables {
  return {
    narration: groups.flatMap((g) =>
      g.lines.map((l) => ({
        position: g.position,
        step: g.title,
        kind: l.kind,
        text: l.text,
        why: l.why,
      })),
    ),
  };
}

/**
 * The paper table: each figure, the paper's, the simulator's and the difference — and
 * whether the configuration that made the simulator's figure is the paper's.
 */
export function paperTables(paper: PaperComparison, differences: ParamDifference[]): Tables {
  const edited = differences.map((d) => `${d.name} ${d.now} (paper ${d.paper})`).join('; ');
  return {
    paper_vs_simulator: paper.rows.map((r) => ({
      source: paper.source,
      pool: r.pool,
      metric: r.metric,
      paper: r.paper,
      simulator: r.sim,
      diff_pct: r.diff_pct,
      configuration: edited === '' ? "the paper's" : `edited: ${edited}`,
    })),
  };
}

/** The library cache's V$ views (seed 001): V$LIBRARYCACHE, V$SYSSTAT, V$LATCH. */
export function libraryTables(report: library.Report): Tables {
  const lc = report.library_cache;
  return {
    V$LIBRARYCACHE: [rowOf(lc.sql_area)],
    V$SYSSTAT: Object.entries(lc.sysstat).map(([name, value]) => ({ name, value: cell(value) })),
    V$LATCH: lc.latches.map(rowOf),
    shared_pool: [rowOf(lc.shared_pool)],
  };
}

/** The I/O path's statistics (10.2.0.5+ or an OS page cache). */
export function ioTables(report: Report): Tables {
  return report.io ? { io: [rowOf(report.io)] } : {};
}

const CSV_SPECIAL = /[",\r\n]/;

/** RFC 4180 text of one table: a header of the first row's columns, then every row. */
export function toCsv(rows: Row[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]);
  const quote = (v: Cell) => {
    const t = v === null ? '' : String(v);
    return CSV_SPECIAL.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  return [columns, ...rows.map((r) => columns.map((c) => r[c] ?? null))]
    .map((line) => line.map(quote).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/** Read toCsv's text back (header → keys; every cell a string, '' for null). */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  const [head, ...body] = records;
  return body.map((r) => Object.fromEntries((head ?? []).map((h, k) => [h, r[k] ?? ''])));
}
