// Oracle SQL → SQLite SQL, token by token, keeping where each piece came from (an error in
// the SQLite text is reported at the Oracle text's line and column).
//
// - `sys.` / `SYS.` goes (the snapshot has one schema); names holding `#` (BUF#, TS#) are
//   quoted — SQLite's tokenizer takes `$` inside a name (V$BH) but not `#`;
// - `a / b` divides as Oracle does, never as integers (`a * 1.0 / b`);
// - DECODE(e, s1, r1, …, default) becomes CASE coalesce(e, K) WHEN coalesce(s1, K) THEN r1 …
//   ELSE default END (K a blob: DECODE matches a null with a null; e is written once; e and
//   each s converted to the first search's type when that is a literal),
//   NVL2(e, a, b) a CASE, SYSDATE the simulated clock (functions.ts),
//   BITAND(a, b) `(a & b)`, NVL `ifnull`, MOD `%`,
//   GREATEST / LEAST `max` / `min`, TO_NUMBER a cast, USERENV('Instance') 1 (one instance);
//   TO_CHAR, TRUNC and ROUND are functions (functions.ts);
// - CREATE OR REPLACE VIEW becomes DROP VIEW IF EXISTS, then CREATE VIEW.
import { SQL_NESTING_LIMIT, thousands } from './limits';
import { blocks, newPlan, tidyWhere } from './blocks';
import { outerJoinPlan } from './outer-join';
import { rownumPlan } from './rownum';
import { solid, tokenize, type Token } from './tokens';
import { TranslateError } from './translate-error';

/** A piece of output and the script offset it came from. */
interface Piece {
  text: string;
  src: number;
  /** Preceded by a space (as in the script, or always for generated text). */
  space: boolean;
}

export interface Translated {
  /** Statements to run first (the DROP of CREATE OR REPLACE VIEW). */
  before: string[];
  sql: string;
  /** Script offset of an offset in `sql`. */
  source(offset: number): number;
  /** The statement's meaningful tokens, with their script offsets. */
  tokens: Token[];
}

export { TranslateError };

const ident = (name: string) => (name.includes('#') ? `"${name}"` : name);

/**
 * Each `(`'s matching `)` (-1 when unclosed), in one pass; refuses nesting deeper than
 * SQL_NESTING_LIMIT at the `(` that passes it (the translation recurses once a level).
 */
function matches(toks: Token[]): Int32Array {
  const match = new Int32Array(toks.length).fill(-1);
  const open: number[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k].text;
    if (t === '(') {
      if (open.length === SQL_NESTING_LIMIT) {
        throw new TranslateError(
          null,
          `expression nested too deeply: more than the console's limit of ${thousands(SQL_NESTING_LIMIT)} levels of parentheses`,
          toks[k].start,
        );
      }
      open.push(k);
    } else if (t === ')' && open.length) match[open.pop() as number] = k;
  }
  return match;
}

/** Top-level argument ranges [from, to) between `open` and its `close` (nested calls jumped). */
function argRanges(
  toks: Token[],
  match: Int32Array,
  open: number,
  close: number,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = open + 1;
  for (let k = open + 1; k < close; k++) {
    const t = toks[k].text;
    if (t === '(' && match[k] >= 0) k = match[k];
    else if (t === ',') {
      out.push([from, k]);
      from = k + 1;
    }
  }
  if (close > open + 1) out.push([from, close]);
  return out;
}

/**
 * What DECODE compares a null as: a blob, which no table of the snapshot holds, so only a null
 * on both sides matches (Oracle: "Oracle considers two nulls to be equivalent" in DECODE,
 * https://docs.oracle.com/cd/B19306_01/server.102/b14200/functions040.htm).
 */
const NULL_KEY = "x'00dec0de00'";

/**
 * The conversion DECODE's comparisons take from its first search value when that is a literal:
 * `ora_char` for a string, `ora_num` for a number (functions.ts), none for an expression (its
 * type is known only as it runs; the values then compare as they are).
 */
function decodeType(first: string): string | null {
  const t = first.trim();
  if (/^'(?:[^']|'')*'$/.test(t)) return 'ora_char';
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(t)) return 'ora_num';
  return null;
}

type Arg = () => void;
type Rewrite = (args: Arg[], emit: (text: string) => void, at: number, raw: string[]) => void;

function arity(name: string, n: number, lo: number, hi: number, at: number): void {
  if (n < lo) {
    throw new TranslateError('ORA-00938', `not enough arguments for function ${name}`, at);
  }
  if (n > hi) throw new TranslateError('ORA-00939', `too many arguments for function ${name}`, at);
}

/** Oracle functions rewritten into SQLite expressions (argument order kept). */
const REWRITES: Record<string, Rewrite> = {
  decode(args, emit, at, raw) {
    arity('DECODE', args.length, 3, 255, at);
    // a simple CASE writes the expression once (a searched CASE wrote it once per WHEN, 2^n
    // copies at n DECODEs deep); coalesce to one blob no table holds makes null match null.
    // "Oracle automatically converts expr and each search value to the datatype of the first
    // search value before comparing" (SQL Reference, DECODE,
    // https://docs.oracle.com/cd/B19306_01/server.102/b14200/functions040.htm): coalesce drops
    // a column's affinity, so the conversion is written out when the first search is a
    // literal (decode(buf#, '5', …) compares buf# as text; a number compares as a number)
    const as = decodeType(raw[1]);
    const key = (arg: Arg) => {
      emit(as ? `coalesce(${as}((` : 'coalesce((');
      arg();
      emit(as ? `)), ${NULL_KEY})` : `), ${NULL_KEY})`);
    };
    emit('(CASE ');
    key(args[0]);
    let k = 1;
    for (; k + 1 < args.length; k += 2) {
      emit(' WHEN ');
      key(args[k]);
      emit(' THEN (');
      args[k + 1]();
      emit(')');
    }
    if (k < args.length) {
      emit(' ELSE (');
      args[k]();
      emit(')');
    }
    emit(' END)');
  },
  nvl2(args, emit, at) {
    arity('NVL2', args.length, 3, 3, at);
    // NVL2(e, a, b): a when e is not null, else b (SQL Reference, NVL2,
    // https://docs.oracle.com/cd/B19306_01/server.102/b14200/functions106.htm); e written once
    emit('(CASE WHEN (');
    args[0]();
    emit(') IS NOT NULL THEN (');
    args[1]();
    emit(') ELSE (');
    args[2]();
    emit(') END)');
  },
  bitand(args, emit, at) {
    arity('BITAND', args.length, 2, 2, at);
    binary(args, emit, '&');
  },
  mod(args, emit, at) {
    arity('MOD', args.length, 2, 2, at);
    binary(args, emit, '%');
  },
  nvl(args, emit, at) {
    arity('NVL', args.length, 2, 2, at);
    call('ifnull', args, emit);
  },
  greatest: (args, emit) => call('max', args, emit),
  least: (args, emit) => call('min', args, emit),
  to_number(args, emit, at) {
    arity('TO_NUMBER', args.length, 1, 2, at);
    emit('CAST((');
    args[0]();
    emit(') AS NUMERIC)');
  },
  userenv(args, emit, at, raw) {
    arity('USERENV', args.length, 1, 1, at);
    // USERENV('Instance'): the one instance is number 1 (a literal, so the planner sees it)
    if (/^'instance'$/i.test(raw[0].trim())) emit('1');
    else call('ora_userenv', args, emit);
  },
  to_char(args, emit, at) {
    arity('TO_CHAR', args.length, 1, 2, at);
    call(`ora_to_char${args.length}`, args, emit);
  },
  trunc(args, emit, at) {
    arity('TRUNC', args.length, 1, 2, at);
    call(`ora_trunc${args.length}`, args, emit);
  },
  round(args, emit, at) {
    arity('ROUND', args.length, 1, 2, at);
    call(`ora_round${args.length}`, args, emit);
  },
};

function binary(args: Arg[], emit: (t: string) => void, op: string) {
  emit('((');
  args[0]();
  emit(`) ${op} (`);
  args[1]();
  emit('))');
}

function call(name: string, args: Arg[], emit: (t: string) => void) {
  emit(`${name}(`);
  args.forEach((a, k) => {
    if (k > 0) emit(', ');
    a();
  });
  emit(')');
}

/** Translate one statement (`text` starts at script offset `start`). */
export function translate(text: string, start: number): Translated {
  const toks = tokenize(text, start).filter(solid);
  const match = matches(toks);
  const pieces: Piece[] = [];
  const emit = (t: string, src: number, space = true) => pieces.push({ text: t, src, space });
  const spaced = (k: number) =>
    k > 0 && toks[k - 1].start + toks[k - 1].text.length < toks[k].start;
  const before: string[] = [];

  // ROWNUM and (+) move and drop tokens of their query blocks (rownum.ts, outer-join.ts)
  let plan: ReturnType<typeof newPlan> | null = null;
  if (toks.some((t) => t.text === '+' || t.text.toLowerCase() === 'rownum')) {
    plan = newPlan();
    const all = blocks(toks, match);
    outerJoinPlan(toks, all, plan);
    rownumPlan(toks, all, plan);
    tidyWhere(toks, all, plan);
  }
  let moving = 0; // writing tokens `plan.before` moved
  const put = (what: string | [number, number], src: number) => {
    if (typeof what === 'string') return emit(what, src);
    moving++;
    range(what[0], what[1]);
    moving--;
  };
  const range = (from: number, to: number) => {
    for (let k = from; k < to;) k = one(k, to);
  };
  // translate the token at k (and what it heads); returns the next index
  const one = (k: number, to: number): number => {
    const t = toks[k];
    if (plan) {
      for (const s of plan.before.get(k) ?? []) put(s, t.start);
      if (plan.skip.has(k) || (plan.moved.has(k) && !moving)) return k + 1;
      const instead = plan.replace.get(k);
      if (instead) {
        emit(instead, t.start, spaced(k));
        return k + 1;
      }
    }
    if (t.kind === 'word') {
      const lower = t.text.toLowerCase();
      if (lower === 'sys' && toks[k + 1]?.text === '.' && k + 2 < to) {
        emit('', t.start, spaced(k));
        return k + 2;
      }
      const rewrite = REWRITES[lower];
      if (rewrite && toks[k + 1]?.text === '(') {
        const close = match[k + 1];
        if (close >= 0 && close < to) {
          const ranges = argRanges(toks, match, k + 1, close);
          const raw = ranges.map(([a, b]) =>
            text.slice(toks[a].start - start, toks[b - 1].start - start + toks[b - 1].text.length),
          );
          let first = spaced(k);
          rewrite(
            ranges.map(
              ([a, b]) =>
                () =>
                  range(a, b),
            ),
            (s) => {
              emit(s, t.start, first);
              first = false;
            },
            t.start,
            raw,
          );
          return close + 1;
        }
      }
      // SYSDATE: the simulated instance's clock (functions.ts), not the machine's
      if (lower === 'sysdate' && toks[k - 1]?.text !== '.' && toks[k + 1]?.text !== '(') {
        emit('ora_sysdate()', t.start, spaced(k));
        return k + 1;
      }
      emit(ident(t.text), t.start, spaced(k));
      return k + 1;
    }
    if (t.kind === 'op' && t.text === '/') emit('* 1.0 /', t.start);
    else emit(t.text, t.start, spaced(k));
    return k + 1;
  };

  // CREATE OR REPLACE VIEW name → DROP VIEW IF EXISTS name; CREATE VIEW name …
  let from = 0;
  const words = toks.slice(0, 5).map((t) => t.text.toLowerCase());
  if (words[0] === 'create' && words[1] === 'or' && words[2] === 'replace' && words[3] === 'view') {
    const name = toks[4] ? toks.slice(4, toks[5]?.text === '.' ? 7 : 5) : [];
    const bare = name.length === 3 && name[0].text.toLowerCase() === 'sys' ? [name[2]] : name;
    before.push(`DROP VIEW IF EXISTS ${bare.map((n) => ident(n.text)).join('')}`);
    emit('CREATE VIEW', toks[0].start);
    from = 4;
  }
  range(from, toks.length);
  const end = toks.length ? toks[toks.length - 1].start + toks[toks.length - 1].text.length : start;
  for (const s of plan?.before.get(toks.length) ?? []) put(s, end);

  let sql = '';
  const starts: number[] = [];
  for (const p of pieces) {
    if (sql !== '' && p.space) sql += ' ';
    starts.push(sql.length);
    sql += p.text;
  }
  const source = (offset: number) => {
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1] <= offset) k++;
    return pieces[k]?.src ?? start;
  };
  return { before, sql, source, tokens: toks };
}
