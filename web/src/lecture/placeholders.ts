// A slide's numbers are never typed: `{{…}}` names a figure of the engine's report and the
// engine fills it, so a slide cannot contradict the simulator (issue 27 #1). Grammar:
//   {{ [run(<bundled scenario>).] <figure> [| <format>] }}
//   <figure>: POOL.column          a pool's V$BUFFER_POOL_STATISTICS column (DEFAULT.hit_ratio)
//             step(N).field        the N-th step of a script, counted from 1 as the page and the
//                                  papers number them (step(4).elapsed_s: the report's steps[index 3])
//             a.b[2].c             any figure of the report by its path (library_cache.sysstat.parse_count_hard)
//             setup.a.b            the scenario's own settings and paper figures (setup.init.db_block_buffers)
// The report is the slide's run at the slide's position; `run(id)` is that bundled scenario's
// run to its end (for a slide that compares two experiments). Pure: no engine here.

/** How a figure is written. The value itself is kept whole (`data-value`), only shown so. */
export const FORMATS = ['raw', 'int', 'pct', 'pct0', 'pct2', 'dp1', 'dp2', 'dp3'] as const;
export type Format = (typeof FORMATS)[number];

export interface Placeholder {
  /** The text between the braces, trimmed: the placeholder's name. */
  source: string;
  /** A bundled scenario run to its end, instead of the slide's run. */
  run?: string;
  /** The figure's path in the report, pools and steps already named as such. */
  path: PathPart[];
  format?: Format;
}

export type PathPart =
  | { key: string }
  | { index: number }
  /** A pool by its name (`DEFAULT`). */
  | { pool: string }
  /** A script step by its number, from 1. */
  | { step: number };

/** A piece of a text: literal text, or a placeholder. */
export type Piece = string | Placeholder;

const FIGURE = /^(?:run\(([A-Za-z0-9._-]+)\)\.)?(.+?)(?:\s*\|\s*([a-z0-9]+))?$/;
const SEGMENT = /^([A-Za-z_][A-Za-z0-9_]*)((?:\[\d+\])*)$/;

/** Read one placeholder's inside; a string says what is wrong. */
export function parseFigure(inside: string): Placeholder | string {
  const source = inside.trim();
  const m = FIGURE.exec(source);
  if (!m) return `{{${source}}}: empty placeholder`;
  const [, run, figure, format] = m;
  if (format !== undefined && !FORMATS.includes(format as Format))
    return `{{${source}}}: unknown format "${format}" (one of ${FORMATS.join(', ')})`;
  const path: PathPart[] = [];
  const parts = figure.trim().split('.');
  for (const [k, part] of parts.entries()) {
    const step = /^step\((\d+)\)$/.exec(part);
    if (step && k === 0) {
      path.push({ step: Number(step[1]) });
      continue;
    }
    const seg = SEGMENT.exec(part);
    if (!seg) return `{{${source}}}: "${part}" is not a figure's name`;
    if (k === 0 && parts.length > 1 && /^[A-Z][A-Z0-9_]*$/.test(seg[1]) && !seg[2])
      path.push({ pool: seg[1] });
    else path.push({ key: seg[1] });
    for (const i of seg[2].matchAll(/\[(\d+)\]/g)) path.push({ index: Number(i[1]) });
  }
  const p: Placeholder = { source, path };
  if (run) p.run = run;
  if (format) p.format = format as Format;
  return p;
}

/** Split a text into literal pieces and placeholders, with the problems found. */
export function parsePlaceholders(text: string): { pieces: Piece[]; errors: string[] } {
  const pieces: Piece[] = [];
  const errors: string[] = [];
  let at = 0;
  for (;;) {
    const open = text.indexOf('{{', at);
    if (open < 0) break;
    const close = text.indexOf('}}', open + 2);
    if (close < 0) {
      errors.push(`"{{" at character ${open} is never closed with "}}"`);
      break;
    }
    if (open > at) pieces.push(text.slice(at, open));
    const p = parseFigure(text.slice(open + 2, close));
    if (typeof p === 'string') {
      errors.push(p);
      pieces.push(text.slice(open, close + 2));
    } else pieces.push(p);
    at = close + 2;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return { pieces, errors };
}

/** Every placeholder of a text. */
export const placeholdersOf = (text: string): Placeholder[] =>
  parsePlaceholders(text).pieces.filter((p): p is Placeholder => typeof p !== 'string');

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A figure's value in a report: a number, a string, or null (Oracle's "no value yet"). */
export type Figure = number | string | boolean | null;

/** Look a placeholder's path up in a report; a string error says which part is missing. */
export function lookUp(report: unknown, path: PathPart[]): { value: Figure } | { error: string } {
  let v: unknown = report;
  let where = 'the report';
  for (const part of path) {
    if ('pool' in part) {
      const pools = isRecord(v) && Array.isArray(v.pools) ? v.pools : [];
      v = pools.find((p) => isRecord(p) && p.name === part.pool);
      where = `pool ${part.pool}`;
    } else if ('step' in part) {
      const steps = isRecord(v) && Array.isArray(v.steps) ? v.steps : [];
      v = steps.find((s) => isRecord(s) && s.index === part.step - 1);
      where = `step(${part.step})`;
    } else if ('index' in part) {
      v = Array.isArray(v) ? v[part.index] : undefined;
      where += `[${part.index}]`;
    } else {
      v = isRecord(v) ? v[part.key] : undefined;
      where += `.${part.key}`;
    }
    if (v === undefined) return { error: `${where} is not in the report` };
  }
  if (v === null || ['number', 'string', 'boolean'].includes(typeof v))
    return { value: v as Figure };
  return { error: `${where} is not a single figure` };
}

const group = (n: number, digits: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * A figure as a slide shows it. Without a format: a whole number grouped by thousands, any
 * other number exactly as the engine's JSON writes it.
 */
export function formatFigure(v: Figure, format?: Format): string {
  if (v === null) return '—';
  if (typeof v !== 'number') return String(v);
  switch (format) {
    case 'raw':
      return String(v);
    case 'int':
      return group(Math.round(v), 0);
    case 'pct':
      return `${group(v * 100, 1)} %`;
    case 'pct0':
      return `${group(v * 100, 0)} %`;
    case 'pct2':
      return `${group(v * 100, 2)} %`;
    case 'dp1':
      return group(v, 1);
    case 'dp2':
      return group(v, 2);
    case 'dp3':
      return group(v, 3);
    default:
      return Number.isInteger(v) ? group(v, 0) : String(v);
  }
}
