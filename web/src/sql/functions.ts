// The Oracle functions translate.ts leaves as calls: TO_CHAR, TRUNC, ROUND, USERENV (other than
// 'Instance', which it makes a literal). Registered on each SQLite database.
import type { Database } from 'sql.js';

type Value = number | string | Uint8Array | null;

/**
 * TO_CHAR(n, fmt) for the number formats SQL*Plus scripts use: `9` and `0` digits, `,` group
 * separators, one `.`, an `FM` prefix (no padding). Without FM the result is right-aligned
 * in the format's width plus a sign position, as Oracle does; a number too wide gives `#`s.
 */
export function toCharNumber(n: number, fmt: string): string {
  let f = fmt.trim();
  const fm = /^fm/i.test(f);
  if (fm) f = f.slice(2);
  if (!/^[90,.]+$/.test(f)) return String(n);
  const dot = f.indexOf('.');
  const decimals = dot < 0 ? 0 : f.length - dot - 1;
  const intPart = (dot < 0 ? f : f.slice(0, dot)).replace(/,/g, '');
  const fixed = Math.abs(n).toFixed(decimals);
  const [whole, frac] = fixed.split('.');
  const minDigits = intPart.includes('0') ? intPart.length - intPart.indexOf('0') : 0;
  let digits =
    whole === '0' && minDigits === 0 && decimals > 0 ? '' : whole.padStart(minDigits, '0');
  if (digits.length > intPart.length) return '#'.repeat(f.length + 1);
  if (f.includes(',')) digits = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = (n < 0 ? '-' : '') + digits + (decimals > 0 ? '.' + frac : '');
  return fm ? body : body.padStart(f.length + 1, ' ');
}

function toChar(v: Value, fmt?: Value): string | null {
  if (v === null) return null;
  if (typeof v === 'number') {
    return typeof fmt === 'string' ? toCharNumber(v, fmt) : String(v);
  }
  return String(v);
}

function trunc(v: Value, places: Value = 0): number | null {
  if (typeof v !== 'number') return v === null ? null : Number(v);
  const p = 10 ** Number(places ?? 0);
  return Math.trunc(v * p) / p;
}

/** `x` × 10^k, shifted in its decimal writing (so 1.005 × 10^2 is 100.5, not 100.49999…). */
function shift(x: number, k: number): number {
  const [m, e = '0'] = String(x).split('e');
  return Number(`${m}e${Number(e) + k}`);
}

/**
 * Oracle's ROUND(n, d) on a NUMBER: half away from zero, at `d` places right of the decimal
 * point, or left of it for a negative `d` (`d` truncated to an integer): ROUND(2.5) = 3,
 * ROUND(2.5, -1) = 0, ROUND(5, -1) = 10, ROUND(-15, -1) = -20 (SQL Reference, ROUND
 * (number)). SQLite's own round() takes no negative places (it gave ROUND(2.5, -1) = 3).
 */
export function oraRound(v: Value, places: Value = 0): number | null {
  if (v === null || places === null) return null;
  const n = Number(oraNum(v));
  const d = Math.trunc(Number(oraNum(places)));
  if (!Number.isFinite(n) || Number.isNaN(d)) return n;
  const scaled = shift(Math.abs(n), d);
  // past a double's digits nothing is left to round (or, far left, everything is)
  if (!Number.isFinite(scaled)) return n;
  const r = Math.sign(n) * shift(Math.floor(scaled + 0.5), -d);
  return r === 0 ? 0 : r;
}

/** USERENV(option): the options a script run as SYS on one instance can ask. */
function userenv(option: Value): number | string | null {
  switch (String(option).toUpperCase()) {
    case 'INSTANCE':
    case 'SESSIONID':
      return 1;
    case 'LANGUAGE':
      return 'AMERICAN_AMERICA.US7ASCII';
    case 'TERMINAL':
      return 'SIMULATOR';
    default:
      return null;
  }
}

/**
 * A value as Oracle's implicit conversion to VARCHAR2 writes it, for DECODE's comparisons
 * (translate.ts): a number as TO_CHAR writes it (no trailing zeros, `.5` without its 0).
 */
export function oraChar(v: Value): Value {
  if (typeof v !== 'number') return v;
  return String(v).replace(/^(-?)0\./, '$1.');
}

/** A value converted to NUMBER; text that is no number is ORA-01722, as in Oracle. */
export function oraNum(v: Value): Value {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(t)) return Number(t);
  throw new Error('ORA-01722: invalid number');
}

/**
 * The instant the simulated instance started: SYSDATE is this plus the run's simulated
 * seconds at the snapshot (Capture.clock), never the machine's clock, so a query gives the
 * same answer in Node and in the browser, every time.
 */
export const STARTUP_MS = Date.UTC(2000, 0, 1);

/** SYSDATE as text, `YYYY-MM-DD HH:MM:SS` (a DATE holds whole seconds). */
export function sysdate(clockSeconds: number): string {
  const d = new Date(STARTUP_MS + Math.floor(clockSeconds) * 1000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export function registerFunctions(db: Database, clock: () => number = () => 0): void {
  db.create_function('ora_char', (v: Value) => oraChar(v));
  db.create_function('ora_num', (v: Value) => oraNum(v));
  db.create_function('ora_sysdate', () => sysdate(clock()));
  db.create_function('ora_to_char1', (v: Value) => toChar(v));
  db.create_function('ora_to_char2', (v: Value, f: Value) => toChar(v, f));
  db.create_function('ora_trunc1', (v: Value) => trunc(v));
  db.create_function('ora_trunc2', (v: Value, p: Value) => trunc(v, p));
  db.create_function('ora_round1', (v: Value) => oraRound(v));
  db.create_function('ora_round2', (v: Value, d: Value) => oraRound(v, d));
  db.create_function('ora_userenv', (o: Value) => userenv(o));
}
