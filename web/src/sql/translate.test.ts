// Issue 29: translation linear in its input (DECODE wrote its first argument once per WHEN),
// and nesting refused with its limit and position (NVL 5,000 deep overflowed the stack).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openSessionNode } from './node';
import type { SqlSession } from './session';
import { TranslateError, translate } from './translate';

/** DECODE(DECODE(…(a, 1, 2, 3, 4, 5)…), 1, 2, 3, 4, 5): `depth` DECODEs, each in the first argument. */
const nestedDecode = (depth: number) => {
  let e = 'a';
  for (let k = 0; k < depth; k++) e = `decode(${e}, 1, 2, 3, 4, 5)`;
  return `select ${e} from dual`;
};
const nestedNvl = (depth: number) =>
  `select ${'nvl('.repeat(depth)}1${', 2)'.repeat(depth)} from dual`;

describe('translation stays linear in its input', () => {
  it('DECODE nested 24 deep in its first argument: text linear in the input', () => {
    // each DECODE wrote its first argument once per WHEN: 2^24 copies (about 5 GB) at 24 deep
    for (const depth of [1, 8, 24]) {
      const input = nestedDecode(depth);
      const out = translate(input, 0).sql;
      expect(out.length).toBeLessThan(12 * input.length);
    }
  });

  it('DECODE keeps null matching null, evaluating each argument once', async () => {
    const session = await openSessionNode();
    const r = session.run(
      "select decode(null, 1, 'one', null, 'null', 'other'), decode(1, null, 'null', 1, 'one'), decode(2, 1, 'one') from dual",
    );
    expect(r.error).toBeNull();
    expect(r.results[0].rows).toEqual([['null', 'one', null]]);
    session.close();
  });

  it('NVL nested 5,000 deep is refused with the limit and the position, not a stack overflow', () => {
    const sql = nestedNvl(5000);
    let err: unknown = null;
    try {
      translate(sql, 10);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TranslateError);
    const e = err as TranslateError;
    expect(e.message).toMatch(/nested .*1,000/);
    // the 1,001st `(`: "select " then 1,000 "nvl(" and the next "nvl"
    expect(e.offset).toBe(10 + 'select '.length + 4 * 1000 + 3);
  });
});

describe('the session refuses what it cannot hold, cleanly', () => {
  let session: SqlSession;
  beforeAll(async () => {
    session = await openSessionNode();
  });

  it('NVL nested 5,000 deep: an error at the statement, no exception', () => {
    const out = session.run(nestedNvl(5000));
    expect(out.error?.message).toMatch(/nested/);
    expect(out.error?.line).toBe(1);
  });

  it('NVL nested 900 deep: SQLite refuses it, and the message says so', () => {
    const out = session.run(nestedNvl(900));
    expect(out.error?.message).toMatch(/too deeply nested/);
  });
});

describe('a syntax error in a long statement', () => {
  it('is found at its token in few prepares (each candidate prefix was tried: n²)', async () => {
    const session = await openSessionNode();
    const sql = `select ${'1, '.repeat(10_000)}1 1 from dual`;
    // the work counted, not timed (about 50 s before; the time is printed by `npm run bench`)
    const db = (session as unknown as { db: { prepare: (sql: string) => unknown } }).db;
    const prepare = vi.spyOn(db, 'prepare');
    const out = session.run(sql);
    // the statement itself, then a bisection of the 10,002 candidate tokens: log2 n ≈ 14
    expect(prepare.mock.calls.length).toBeLessThanOrEqual(1 + Math.ceil(Math.log2(10_002)) + 2);
    prepare.mockRestore();
    expect(out.error?.code).toBe('ORA-00933');
    expect(out.error?.offset).toBe(sql.lastIndexOf('1 from'));
    session.close();
  });
});
