// The SQL console as a surface of the property suites (issue 29): random and hostile scripts —
// deep nesting, long scripts, writes to fixed tables, token soup, substitution — go through the
// worker's own code path (serve.ts's answer, which the page's Web Worker and the CLI's worker
// thread both run) over a real snapshot. Each answer is an outcome, never an escaped exception;
// an error names a position inside the script; the fixed tables keep their rows. FUZZ_CASES
// sets the number of cases per property (as in ../sim/fuzz.test.ts).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import type { FromWorker } from './client';
import { openSessionNode } from './node';
import { answer } from './serve';
import type { Outcome, SqlSession } from './session';
import { capture } from './snapshot';

const CASES = Number(process.env.FUZZ_CASES) || 100;
const FIXED_NAMES = ['x$bh', 'v$bh', 'x$kcbwds', 'x$kcbwbpd', 'v$parameter', 'v$sysstat', 'dual'];
const FUNCTIONS = [
  'nvl',
  'decode',
  'greatest',
  'least',
  'bitand',
  'mod',
  'to_char',
  'trunc',
  'round',
];

let session: SqlSession;
let id = 1;
let fixedRows = '';

beforeAll(async () => {
  loadEngineNode();
  const text = readFileSync(
    new URL('../../../scenarios/seed000-8.0-test2.json', import.meta.url),
    'utf8',
  );
  const sim = SimRun.create(text);
  sim.seek(2000);
  session = await openSessionNode();
  session.load(capture(sim));
  sim.free();
  fixedRows = counts();
});

/** Row counts of the fixed tables, as one string. */
function counts(): string {
  const out = session.run(FIXED_NAMES.map((n) => `select count(*) from ${n};`).join('\n'));
  return out.results.map((r) => r.rows[0][0]).join(',');
}

/** Run through the worker's code path; the answer must be an outcome, not an exception. */
function ran(script: string, defines: Record<string, string> = {}): Outcome {
  const m: FromWorker = answer(session, { id: id++, kind: 'run', script, defines });
  if (m.kind !== 'ran') throw new Error(`the worker answered ${JSON.stringify(m).slice(0, 300)}`);
  const { error, text } = m.outcome;
  if (error) {
    expect(error.offset).toBeGreaterThanOrEqual(0);
    expect(error.offset).toBeLessThanOrEqual(text.length);
    expect(error.line).toBeGreaterThanOrEqual(1);
    expect(error.column).toBeGreaterThanOrEqual(1);
    expect(error.message.length).toBeGreaterThan(0);
  }
  return m.outcome;
}

/** An expression of `depth` nested calls, each function drawn from FUNCTIONS. */
const nested = fc
  .record({
    depth: fc.integer({ min: 0, max: 1500 }),
    fns: fc.array(fc.constantFrom(...FUNCTIONS), { minLength: 1, maxLength: 8 }),
    leaf: fc.constantFrom('1', 'null', "'a'", 'tch', 'buf#'),
  })
  .map(({ depth, fns, leaf }) => {
    let open = '';
    let close = '';
    for (let k = 0; k < depth; k++) {
      const f = fns[k % fns.length];
      open += `${f}(`;
      close =
        (f === 'decode' ? ', 1, 2, 3, 4, 5)' : f === 'to_char' || f === 'trunc' ? ')' : ', 2)') +
        close;
    }
    return `select ${open}${leaf}${close} from x$bh limit 2`;
  });

const SOUP = [
  'select',
  'from',
  'where',
  'with',
  'as',
  'union',
  'all',
  'insert',
  'into',
  'replace',
  'delete',
  'update',
  'set',
  'values',
  'create',
  'or',
  'view',
  'table',
  'drop',
  'sys',
  '.',
  'x$bh',
  'v$parameter',
  'dual',
  'buf#',
  'tch',
  '*',
  '(',
  ')',
  ',',
  ';',
  '\n/\n',
  "'",
  '"',
  "'it''s'",
  '--',
  '/*',
  '*/',
  '&n',
  '&&m',
  '&n.',
  '\ndefine n = 7\n',
  '\nrem note\n',
  '\nset lines 100\n',
  'decode(',
  "decode(buf#, '5',",
  'nvl(',
  'nvl2(',
  // issue 26 #13's rewrites: ROWNUM, (+), SYSDATE in any order stay outcomes
  'rownum',
  'rownum <= 3',
  'where',
  'from x$bh a, v$bh b',
  'a.buf# = b.buf#(+)',
  '(+)',
  '+',
  'or',
  'sysdate',
  'count(*)',
  '1',
  '0.5',
  '1e3',
  '/',
  '||',
  '<>',
  '=',
  'null',
  'is',
  'not',
  'and',
  'é',
  '\u2018x\u2019',
  '#',
  '$',
  '\t',
  'order by 1',
];
const soup = fc.array(fc.constantFrom(...SOUP), { maxLength: 60 }).map((t) => t.join(' '));

const write = fc
  .record({
    verb: fc.constantFrom(
      (n: string) => `insert into ${n} select * from ${n}`,
      (n: string) => `replace into ${n} select * from ${n}`,
      (n: string) => `insert or replace into sys.${n} select * from ${n}`,
      (n: string) => `with a as (select 1) insert into ${n} select * from ${n}`,
      (n: string) => `with a as (select 1), b as (select 2) delete from ${n}`,
      (n: string) => `delete ${n}`,
      (n: string) => `update or ignore ${n} set rowid = rowid`,
      (n: string) => `with recursive a(x) as (select 1) update ${n} set rowid = rowid`,
      (n: string) => `drop table ${n}`,
      (n: string) => `drop view ${n}`,
      (n: string) => `create or replace view ${n} as select 1 a from dual`,
      (n: string) => `alter table ${n} rename to gone`,
    ),
    name: fc.constantFrom(...FIXED_NAMES, ...FIXED_NAMES.map((n) => n.toUpperCase())),
  })
  .map(({ verb, name }) => verb(name));

describe('the SQL console under random and hostile scripts', () => {
  it('nesting up to 1,500 deep: an outcome, an error naming a limit when too deep', () => {
    fc.assert(
      fc.property(nested, (sql) => {
        const out = ran(sql);
        if (out.error) expect(out.error.message).toMatch(/nested|invalid|argument|identifier/i);
      }),
      { numRuns: CASES, seed: 29 },
    );
  });

  it('writes to fixed tables, however spelled: ORA-02030, the rows stay', () => {
    fc.assert(
      fc.property(write, (sql) => {
        const out = ran(sql);
        expect(out.error?.code).toBe('ORA-02030');
      }),
      { numRuns: CASES, seed: 29 },
    );
    expect(counts()).toBe(fixedRows);
  });

  it('token soup and SQL*Plus lines: an outcome every time, the fixed tables untouched', () => {
    fc.assert(
      fc.property(
        soup,
        fc.dictionary(fc.constantFrom('n', 'm'), fc.string({ maxLength: 5 })),
        (sql, defines) => {
          ran(sql, defines);
        },
      ),
      { numRuns: CASES * 5, seed: 29 },
    );
    expect(counts()).toBe(fixedRows);
  });

  it('long scripts of many statements run through, a result each', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.constantFrom(' ', '\n', '\n/\n'),
        (n, sep) => {
          const term = sep === '\n/\n' ? '' : ';';
          const script = Array.from({ length: n }, (_, k) => `select ${k} from dual${term}`).join(
            sep,
          );
          const out = ran(script);
          expect(out.error).toBeNull();
          expect(out.results).toHaveLength(n);
        },
      ),
      { numRuns: 10, seed: 29 },
    );
  });
});
