// The query blocks of a statement (each SELECT and its clauses) and the plan by which
// rownum.ts and outer-join.ts rewrite them: tokens dropped or moved, text written before a
// token. translate.ts carries the plan out as it writes the statement.
import type { Token } from './tokens';

export interface Plan {
  /** Tokens never written. */
  skip: Set<number>;
  /** Tokens written where `before` puts them, not in their place. */
  moved: Set<number>;
  /** Text written instead of a token. */
  replace: Map<number, string>;
  /** Text, or token ranges [from, to) translated, written before a token (toks.length: at the end). */
  before: Map<number, Array<string | [number, number]>>;
}

export const newPlan = (): Plan => ({
  skip: new Set(),
  moved: new Set(),
  replace: new Map(),
  before: new Map(),
});

export function insert(plan: Plan, k: number, what: string | [number, number]): void {
  plan.before.set(k, [...(plan.before.get(k) ?? []), what]);
}

export interface Block {
  select: number;
  /** The token ending the block (its `)`, a set operator, or toks.length). */
  end: number;
  /** First index of each clause at the block's own depth. */
  at: Map<string, number>;
  /** Token indexes at the block's own depth. */
  own: Set<number>;
}

const SET_OPS = new Set(['union', 'intersect', 'minus', 'except']);
const CLAUSES = new Set(['from', 'where', 'group', 'having', 'order']);

export function blocks(toks: Token[], match: Int32Array): Block[] {
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

/** The innermost block holding token `u`, or null. */
export function blockOf(all: Block[], u: number): Block | null {
  let block: Block | null = null;
  for (const b of all)
    if (b.select < u && u < b.end && (!block || b.select > block.select)) block = b;
  return block;
}

/** Where the block's WHERE clause ends (its GROUP BY, HAVING, ORDER BY or the block's end). */
export const whereEnd = (block: Block): number =>
  Math.min(...['group', 'having', 'order'].map((c) => block.at.get(c) ?? block.end), block.end);

/**
 * The WHERE clause's conjuncts: ranges [from, to) between its ANDs at the block's depth (the
 * AND of a BETWEEN excepted), and those ANDs; `or` is the first OR at that depth, if any.
 */
export function conjuncts(
  toks: Token[],
  block: Block,
): { where: number; end: number; ranges: Array<[number, number]>; ands: number[]; or: number } {
  const where = block.at.get('where') as number;
  const end = whereEnd(block);
  const ands: number[] = [];
  let or = -1;
  for (let k = where + 1; k < end; k++) {
    if (!block.own.has(k)) continue;
    const w = toks[k].text.toLowerCase();
    if (w === 'or' && or < 0) or = k;
    if (w === 'and' && toks[k - 2]?.text.toLowerCase() !== 'between') ands.push(k);
  }
  const cuts = [where, ...ands, end];
  const ranges = cuts.slice(0, -1).map((c, i): [number, number] => [c + 1, cuts[i + 1]]);
  return { where, end, ranges, ands, or };
}

/**
 * After conjuncts were dropped or moved: the ANDs left join what remains, and WHERE goes
 * when nothing does.
 */
export function tidyWhere(toks: Token[], all: Block[], plan: Plan): void {
  for (const block of all) {
    if (!block.at.has('where')) continue;
    const { where, ranges, ands } = conjuncts(toks, block);
    const gone = ranges.map(([a, b]) => {
      for (let k = a; k < b; k++) if (!plan.skip.has(k) && !plan.moved.has(k)) return false;
      return true;
    });
    if (gone.every((g) => !g)) continue;
    let seen = false;
    ranges.forEach((_, i) => {
      // the AND before conjunct i stays when i stays and one before it does
      if (i > 0 && (gone[i] || !seen)) plan.skip.add(ands[i - 1]);
      if (!gone[i]) seen = true;
    });
    if (!seen) plan.skip.add(where);
  }
}
