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
import { blockOf, conjuncts, insert, tidyWhere, whereEnd, type Block, type Plan } from './blocks';
import type { Token } from './tokens';
import { TranslateError } from './translate-error';

const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max', 'total', 'group_concat']);

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

/** Add a statement's ROWNUMs to `plan` (`all`: its query blocks). */
export function rownumPlan(toks: Token[], all: Block[], plan: Plan): void {
  const uses = toks.flatMap((t, k) => (t.text.toLowerCase() === 'rownum' ? [k] : []));
  if (!uses.length) return;
  const limits = new Map<Block, number>();
  for (const u of uses) {
    const t = toks[u];
    if (toks[u - 1]?.text === '.') continue; // a column named rownum (x.rownum)
    const block = blockOf(all, u);
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
    if (where === undefined || u < where || u > whereEnd(block) || !block.own.has(u)) {
      refuse(t, 'here (only in the select list or as a condition of WHERE: rownum <= n)');
    }
    // the conjunct: AND-separated at the block's depth; no OR at that depth
    const c = conjuncts(toks, block);
    if (c.or >= 0) refuse(t, 'under OR');
    const [lo, hi] = c.ranges.find(([a, b]) => a <= u && u < b) as [number, number];
    // rownum <op> [sign] number, or [sign] number <op> rownum
    const parts = toks.slice(lo, hi).map((x) => x.text);
    let op: string;
    let num: string[];
    if (u === lo) {
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
    for (let k2 = lo; k2 < hi; k2++) plan.skip.add(k2);
  }
  tidyWhere(toks, all, plan);
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
      insert(plan, block.end, `LIMIT ${k}`);
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
    insert(plan, (from as number) + 1, '(SELECT * FROM');
    // the WHERE clause (minus the ROWNUM conjuncts) stays inside the inline view
    const end = whereEnd(block);
    const kept = !plan.skip.has(where); // tidyWhere dropped WHERE when nothing is left
    plan.skip.add(where);
    if (kept) insert(plan, where, 'WHERE');
    // OFFSET 0 keeps the view a view: SQLite flattens a subquery with a LIMIT but no ORDER BY
    // into the outer query (any k rows are a legal answer there), and its LIMIT then came
    // after the outer ORDER BY (rownum <= 3 order by buf# desc gave 999, 998, 997); it does
    // not flatten one that uses OFFSET (https://sqlite.org/optoverview.html#flattening, 14)
    insert(plan, end, `LIMIT ${k} OFFSET 0)${alias}`);
  }
}
