// Results as SQL*Plus prints them: numbers right-aligned (at most 12 significant digits, so
// binary fractions do not show), nulls empty, a dashed line under the headings.
import type { Cell } from './capture';
import type { OraError } from './errors';
import type { ResultSet } from './session';

export function cellText(v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'number')
    return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(12)));
  return String(v);
}

/** One result set as an aligned text table and its row count. */
export function formatResult(r: ResultSet): string {
  if (r.message !== null) return r.message;
  const texts = r.rows.map((row) => row.map(cellText));
  const numeric = r.columns.map(
    (_, k) =>
      r.rows.length > 0 && r.rows.every((row) => row[k] === null || typeof row[k] === 'number'),
  );
  // a loop, not Math.max(...lengths): a spread passes every row as an argument (RangeError
  // past about 130,000 rows)
  const widths = r.columns.map((c) => c.length);
  for (const t of texts)
    for (let k = 0; k < t.length; k++) widths[k] = Math.max(widths[k], t[k].length);
  const pad = (s: string, k: number) => (numeric[k] ? s.padStart(widths[k]) : s.padEnd(widths[k]));
  const lines = [
    r.columns.map(pad).join(' ').trimEnd(),
    widths.map((w) => '-'.repeat(w)).join(' '),
    ...texts.map((t) => t.map(pad).join(' ').trimEnd()),
  ];
  const n = r.rows.length;
  lines.push('', n === 0 ? 'no rows selected' : `${n} row${n === 1 ? '' : 's'} selected.`);
  if (r.note) lines.push(r.note);
  return lines.join('\n');
}

/** An error as SQL*Plus shows it, with where (line, column, byte offset) and SQLite's words. */
export function formatError(e: OraError): string {
  const head = `ERROR at line ${e.line}, column ${e.column} (offset ${e.offset}):`;
  const ora = e.code ? `${e.code}: ${e.message}` : e.message;
  return [head, ora, ...(e.sqlite ? [`(SQLite: ${e.sqlite})`] : [])].join('\n');
}
