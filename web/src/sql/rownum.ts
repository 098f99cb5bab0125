// ROWNUM, as Oracle numbers rows: "For each row returned by a query, the ROWNUM pseudocolumn
// returns a number indicating the order in which Oracle selects the row from a table or set
// of joined rows"; it is given as rows pass the WHERE clause, before ORDER BY in the same
// query block ("If an ORDER BY clause follows ROWNUM in the same query, then the rows will be
// reordered by the ORDER BY clause"), and "Conditions testing for ROWNUM values greater than a
// positive integer are always false" (SQL Reference 10g, ROWNUM Pseudocolumn,
// https://docs.oracle.com/cd/B13789_01/server.101/b10759/pseudocolumns008.htm).
//
// SQLite has no ROWNUM. The translation (translate.ts) takes this plan:
// - in a query block's select list, `row_number() OVER ()`: a window without ORDER BY numbers
//   rows as the query produces them, before the block's ORDER BY sorts them;
// - `WHERE … rownum <op> n …` (a conjunct of the block's WHERE): the rows that pass are a
//   prefix 1..k of the rows the rest of the WHERE passes (k = 0 when row 1 fails, as for
//   rownum > 1), so the conjunct goes and the block keeps k rows: `LIMIT k` at the block's end
//   when nothing after WHERE regroups or reorders rows, else the one table of its FROM becomes
//   `(SELECT * FROM table alias WHERE rest LIMIT k) alias` (ORDER BY, GROUP BY and aggregates
//   then see the k rows, as in Oracle);
// - anything else (ROWNUM in ORDER BY, against a column, under OR, a limited join that is
//   grouped or ordered) is refused at the ROWNUM.
import { TranslateError } from './translate-error';
import type { Token } from './tokens';

export interface RownumPlan {
  /** Tokens not written. */
  skip: Set<number>;
  /** Text written instead of a token. */
  replace: Map<number, string>;
  /** Text written before a token (toks.length: at the end). */
  before: Map<number, string[]>;
}

const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max', 'total', 'group_concat']);
const SET_OPS = new Set(['union', 'intersect', 'minus', 'except']);
const CLAUSES = new Set(['from', 'where', 'group', 'having', 'order']);

interface Block {
  select: number;
  /** The token ending the block (its `)`, a set operator, or toks.length). */
  end: number;
  /** First index of each clause at the block's own depth. */
  at: Map<string, number>;
  /** Token indexes at the block's own depth. */
  own: Set<number>;
}

function blocks(toks: Token[], match: Int32Array): Block[] {
  const out: Block[] = [];
  toks.forEach((t, s) => {
    if (t.text.toLowerCase() !== 'select') return;
    const at = new Map<string, number>();
    const own = new Set<number>();
    let k = s + 1;
    for (; k < toks.length; k++) {
      const w = toks[k].text.toLowerCase();
      if (w === ')' || SET_OPS.has(w)) break;
      own.add(k);
      if (w === '(') {
        if (match[k] < 0) {
          k = toks.length;
          break;
        }
        k = match[k];
      } else if (CLAUSES.has(w) && !at.has(w)) at.set(w, k);
    }
    out.push({ select: s, end: k, at, own });
  });
  return out;
}

/** The rows `rownum <op> n` lets through: k (a prefix 1..k), or Infinity. */
function prefix(op: string, n: number): number {
  switch (op) {
    case '<=':
      return n >= 1 ? Math.floor(n) : 0;
    case '<':
      return n > 1 ? Math.ceil(n) - 1 : 0;
    case '=':
      return n === 1 ? 1 : 0;
    case '>=':
      return n <= 1 ? Infinity : 0;
    case '>':
      return n < 1 ? Infinity : 0;
    default: // <> and !=
      return Number.isInteger(n) && n >= 1 ? n - 1 : Infinity;
  }
}

const FLIP: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
const COMPARE = new Set(['<', '>', '<=', '>=', '=', '<>', '!=']);

function refuse(t: Token, why: string): never {
  throw new TranslateError(null, `ROWNUM ${why}: not supported by the console`, t.start);
}

/** The plan for a statement's ROWNUMs, or null when it has none. */
export function rownumPlan(toks: Token[], match: Int32Array): RownumPlan | null {
  const uses = toks.flatMap((t, k) => (t.text.toLowerCase() === 'rownum' ? [k] : []));
  if (!uses.length) return null;
  const plan: RownumPlan = { skip: new Set(), replace: new Map(), before: new Map() };
  const insert = (k: number, text: string) =>
    plan.before.set(k, [...(plan.before.get(k) ?? []), text]);
  const all = blocks(toks, match);
  const limits = new Map<Block, number>();
  for (const u of uses) {
    const t = toks[u];
    if (toks[u - 1]?.text === '.') continue; // a column named rownum (x.rownum)
    let block: Block | null = null;
    for (const b of all)
      if (b.select < u && u < b.end && (!block || b.select > block.select)) block = b;
    if (!block) refuse(t, 'outside a query');
    const from = block.at.get('from') ?? block.end;
    const where = block.at.get('where');
    if (u < from) {
      // a bare item keeps Oracle's heading, ROWNUM
      const bare =
        /^(select|,)$/i.test(toks[u - 1]?.text ?? '') &&
        (toks[u + 1]?.text === ',' || u + 1 === from);
      plan.replace.set(u, `row_number() OVER ()${bare ? ' AS rownum' : ''}`);
      continue;
    }
    const whereEnd = Math.min(
      ...['group', 'having', 'order'].map((c) => block.at.get(c) ?? block.end),
      block.end,
    );
    if (where === undefined || u < where || u > whereEnd || !block.own.has(u)) {
      refuse(t, 'here (only in the select list or as a condition of WHERE: rownum <= n)');
    }
    // the conjunct: AND-separated at the block's depth; no OR at that depth
    const conj: number[] = [];
    for (let k = where + 1; k < whereEnd; k++) {
      if (!block.own.has(k)) continue;
      const w = toks[k].text.toLowerCase();
      if (w === 'or') refuse(t, 'under OR');
      if (w === 'and' && toks[k - 2]?.text.toLowerCase() !== 'between') conj.push(k);
    }
    const lo = [where, ...conj].filter((k) => k < u).pop() as number;
    const hi = conj.find((k) => k > u) ?? whereEnd;
    // rownum <op> [sign] number, or [sign] number <op> rownum
    const parts = toks.slice(lo + 1, hi).map((x) => x.text);
    let op: string;
    let num: string[];
    if (u === lo + 1) {
      op = parts[1];
      num = parts.slice(2);
    } else {
      op = FLIP[parts[parts.length - 2]] ?? parts[parts.length - 2];
      num = parts.slice(0, -2);
    }
    const literal = num.join('');
    if (!COMPARE.has(op) || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(literal)) {
      refuse(t, 'compared with anything but a number');
    }
    const k = prefix(op, Number(literal));
    limits.set(block, Math.min(limits.get(block) ?? Infinity, k));
    // drop the conjunct and one AND beside it (or WHERE itself when it was the only one)
    for (let k2 = lo + 1; k2 < hi; k2++) plan.skip.add(k2);
    if (lo !== where) plan.skip.add(lo);
    else if (hi !== whereEnd) plan.skip.add(hi);
    else if ([where, ...conj].every((c) => c === where || plan.skip.has(c))) plan.skip.add(where);
  }
  for (const [block, k] of limits) {
    if (k === Infinity) continue;
    const where = block.at.get('where') as number;
    const after = ['group', 'having', 'order'].some((c) => block.at.has(c));
    const list = toks.slice(block.select + 1, block.at.get('from') ?? block.end);
    const aggregate = list.some(
      (x, i) => AGGREGATES.has(x.text.toLowerCase()) && list[i + 1]?.text === '(',
    );
    const distinct = /^(distinct|unique)$/i.test(toks[block.select + 1]?.text ?? '');
    if (!after && !aggregate && !distinct) {
      insert(block.end, `LIMIT ${k}`);
      continue;
    }
    // the FROM clause's one table (name, sys.name, an inline view) and its alias
    const from = block.at.get('from');
    const item = from === undefined ? [] : toks.slice(from + 1, where).map((x) => x.text);
    const one =
      from !== undefined &&
      !item.includes(',') &&
      !item.some((w) => /^(join|natural|cross|on|using)$/i.test(w)) &&
      item.length > 0;
    if (!one) refuse(toks[block.select], 'limiting a join that is grouped or ordered');
    const last = item[item.length - 1];
    const alias = last === ')' ? '' : ` ${last}`;
    insert((from as number) + 1, '(SELECT * FROM');
    // the WHERE clause (minus the ROWNUM conjuncts) stays inside the inline view
    const whereEnd = Math.min(
      ...['group', 'having', 'order'].map((c) => block.at.get(c) ?? block.end),
    );
    const kept = [...Array(whereEnd - where).keys()].some(
      (i) => i > 0 && !plan.skip.has(where + i),
    );
    plan.skip.add(where);
    if (kept) insert(where, 'WHERE');
    // OFFSET 0 keeps the view a view: SQLite flattens a subquery with a LIMIT but no ORDER BY
    // into the outer query (any k rows are a legal answer there), and its LIMIT then came
    // after the outer ORDER BY (rownum <= 3 order by buf# desc gave 999, 998, 997); it does
    // not flatten one that uses OFFSET (https://sqlite.org/optoverview.html#flattening, 14)
    insert(whereEnd, `LIMIT ${k} OFFSET 0)${alias}`);
  }
  return plan;
}
