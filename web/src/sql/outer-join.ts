// Oracle's outer join operator: `a.x = b.y(+)` keeps every row of a, with nulls for b where no
// row of b matches (SQL Reference 10g, Joins, "Outer Joins",
// https://docs.oracle.com/cd/B19306_01/server.102/b14200/queries006.htm). SQLite has LEFT JOIN:
// the table whose columns carry (+) leaves the FROM list and joins after the others as
// `LEFT JOIN table alias ON <its (+) conditions>`, every condition of the WHERE clause whose
// column carries (+) for that table (`b.y(+) = a.x AND b.kind(+) = 'X'`) going into its ON
// (so a constant condition on b filters b before the join, as in Oracle). Refused as Oracle
// refuses them: (+) outside WHERE (ORA-30563), under OR or IN (ORA-01719), on two tables in
// one condition (ORA-01468), a table outer-joined to two others (ORA-01417), tables
// outer-joined to each other (ORA-01416), against a subquery (ORA-01799)
// (https://docs.oracle.com/en/error-help/db/ora-01417 and its neighbours); and by the console:
// a (+) column without its table's alias, (+) beside JOIN in the same FROM.
import { blockOf, conjuncts, insert, whereEnd, type Block, type Plan } from './blocks';
import type { Token } from './tokens';
import { TranslateError } from './translate-error';

interface Mark {
  at: number;
  alias: string;
  conj: [number, number];
}

interface Item {
  from: number;
  to: number;
  alias: string;
}

const bare = (t: string) => t.replace(/^"|"$/g, '').toLowerCase();

/** The FROM clause's comma-separated items at the block's depth, with their aliases. */
function items(toks: Token[], block: Block, end: number): { list: Item[]; commas: number[] } {
  const from = block.at.get('from') as number;
  const list: Item[] = [];
  const commas: number[] = [];
  let a = from + 1;
  for (let k = from + 1; k <= end; k++) {
    if (k < end && !(block.own.has(k) && toks[k].text === ',')) continue;
    if (k < end) commas.push(k);
    const last = toks[k - 1];
    list.push({ from: a, to: k, alias: bare(last?.text ?? '') });
    a = k + 1;
  }
  return { list, commas };
}

/** Add a statement's (+) outer joins to `plan` (`all`: its query blocks). */
export function outerJoinPlan(toks: Token[], all: Block[], plan: Plan): void {
  const marks: number[] = [];
  for (let k = 0; k + 2 < toks.length; k++)
    if (toks[k].text === '(' && toks[k + 1].text === '+' && toks[k + 2].text === ')') marks.push(k);
  if (!marks.length) return;
  const refuse: (code: string | null, message: string, at: number) => never = (
    code,
    message,
    at,
  ) => {
    throw new TranslateError(code, message, toks[at].start);
  };
  const byBlock = new Map<Block, Mark[]>();
  for (const m of marks) {
    const block = blockOf(all, m);
    const where = block?.at.get('where');
    if (!block || where === undefined || m < where || m >= whereEnd(block) || !block.own.has(m))
      refuse('ORA-30563', 'outer join operator (+) is not allowed here', m);
    const c = conjuncts(toks, block);
    if (c.or >= 0)
      refuse('ORA-01719', 'outer join operator (+) not allowed in operand of OR or IN', m);
    const conj = c.ranges.find(([a, b]) => a <= m && m < b) as [number, number];
    for (let k = conj[0]; k < conj[1]; k++) {
      const w = toks[k].text.toLowerCase();
      if (w === 'in' && block.own.has(k))
        refuse('ORA-01719', 'outer join operator (+) not allowed in operand of OR or IN', m);
      if (w === 'select') refuse('ORA-01799', 'a column may not be outer-joined to a subquery', m);
    }
    if (toks[m - 1]?.kind !== 'word' || toks[m - 2]?.text !== '.' || !toks[m - 3]) {
      refuse(null, "the console needs the (+) column's table alias (write alias.column(+))", m);
    }
    const list = byBlock.get(block) ?? [];
    list.push({ at: m, alias: bare(toks[m - 3].text), conj });
    byBlock.set(block, list);
    plan.skip
      .add(m)
      .add(m + 1)
      .add(m + 2);
  }
  for (const [block, ms] of byBlock) {
    const where = block.at.get('where') as number;
    const { list, commas } = items(toks, block, where);
    for (const it of list)
      for (let k = it.from; k < it.to; k++)
        if (/^(join|on|using)$/i.test(toks[k].text))
          refuse(null, 'the console does not take (+) beside JOIN in one FROM clause', ms[0].at);
    const aliases = new Set(list.map((i) => i.alias));
    // the conditions of each outer-joined table, and the one other table they name
    const conds = new Map<string, Array<[number, number]>>();
    const other = new Map<string, string>();
    for (const m of ms) {
      const same = ms.filter((x) => x.conj[0] === m.conj[0]);
      if (same.some((x) => x.alias !== m.alias))
        refuse('ORA-01468', 'a predicate may reference only one outer-joined table', m.at);
      if (!aliases.has(m.alias))
        refuse('ORA-00904', `"${m.alias.toUpperCase()}": invalid identifier`, m.at - 3);
      const cs = conds.get(m.alias) ?? [];
      if (!cs.some((c) => c[0] === m.conj[0])) cs.push(m.conj);
      conds.set(m.alias, cs);
      for (let k = m.conj[0]; k + 1 < m.conj[1]; k++) {
        const n = bare(toks[k].text);
        if (toks[k + 1].text !== '.' || n === m.alias || !aliases.has(n)) continue;
        if (other.has(m.alias) && other.get(m.alias) !== n)
          refuse('ORA-01417', 'a table may be outer joined to at most one other table', m.at);
        other.set(m.alias, n);
      }
    }
    const kept = list.filter((i) => !conds.has(i.alias));
    if (!kept.length)
      refuse('ORA-01416', 'two tables cannot be outer-joined to each other', ms[0].at);
    // the FROM list without the outer-joined tables (commas written again between those left)
    for (const c of commas) plan.skip.add(c);
    kept.slice(1).forEach((i) => insert(plan, i.from, ','));
    // each outer-joined table after the one it joins (a chain a, b(+), c(+) on b in order)
    const placed = new Set(kept.map((i) => i.alias));
    let waiting = list.filter((i) => conds.has(i.alias));
    while (waiting.length) {
      const next = waiting.find(
        (i) => !other.has(i.alias) || placed.has(other.get(i.alias) as string),
      );
      if (!next) refuse('ORA-01416', 'two tables cannot be outer-joined to each other', ms[0].at);
      for (let k = next.from; k < next.to; k++) plan.moved.add(k);
      insert(plan, where, 'LEFT JOIN');
      insert(plan, where, [next.from, next.to]);
      (conds.get(next.alias) ?? []).forEach((c, i) => {
        for (let k = c[0]; k < c[1]; k++) plan.moved.add(k);
        insert(plan, where, i === 0 ? 'ON' : 'AND');
        insert(plan, where, c);
      });
      placed.add(next.alias);
      waiting = waiting.filter((i) => i !== next);
    }
  }
}
