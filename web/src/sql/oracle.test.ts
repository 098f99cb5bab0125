// Issue 26 #13, the SQL a DBA expects: DECODE's implicit conversion, NVL2, SYSDATE, ROWNUM,
// V$DB_CACHE_ADVICE.
import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun } from '../sim/engine';
import * as library from '../sim/library';
import { loadEngineNode } from '../sim/node';
import { formatResult } from './format';
import { openSessionNode } from './node';
import type { SqlSession } from './session';
import { capture } from './snapshot';
import { lastRows, scenario } from './testing';
import { translate } from './translate';

const withInit = (text: string, init: Record<string, string>) => {
  const s = JSON.parse(text) as { init?: Record<string, unknown> };
  s.init = { ...s.init, ...init };
  return JSON.stringify(s);
};

let session: SqlSession;
let sim: SimRun;
const rows = (sql: string) => lastRows(session, sql);

beforeAll(async () => {
  loadEngineNode();
  sim = SimRun.create(scenario('seed000-8.0-test2'));
  sim.seek(2000);
  session = await openSessionNode();
  session.load(capture(sim));
});

describe('DECODE converts to the first search value’s type', () => {
  it("decode(buf#, '5', …) matches buffer 5 (an integer column against a string)", () => {
    // coalesce dropped buf#'s integer affinity: 5 never equalled '5' (no row said 'five')
    expect(
      rows(`select decode(buf#, '5', 'five', 'other') from x$bh where buf# in (4, 5)`),
    ).toEqual([['other'], ['five']]);
  });
  it("decode('7', 7, 'seven') compares as numbers; decode('x', 1, …) is ORA-01722", () => {
    expect(
      rows(`select decode('7', 7, 'seven', 'no'), decode(0.5, '.5', 'half') from dual`),
    ).toEqual([['seven', 'half']]);
    const out = session.run(`select decode('x', 1, 'one') from dual`);
    expect(out.error?.code).toBe('ORA-01722');
  });
  it('still linear: 24 deep with a typed first search', () => {
    let e = 'a';
    for (let k = 0; k < 24; k++) e = `decode(${e}, '1', 2, 3, 4, 5)`;
    const input = `select ${e} from dual`;
    expect(translate(input, 0).sql.length).toBeLessThan(12 * input.length);
  });
});

describe('NVL, NVL2', () => {
  it('NVL2(e, a, b) is a when e is not null, else b; NVL(e, x) is x for a null', () => {
    expect(
      rows(`select nvl2(1, 'a', 'b'), nvl2(null, 'a', 'b'), nvl(null, 3), nvl(2, 3) from dual`),
    ).toEqual([['a', 'b', 3, 2]]);
  });
});

describe('SYSDATE', () => {
  it('is the simulated clock: startup 2000-01-01 plus the run’s elapsed seconds', () => {
    const s = Math.floor(sim.report().elapsed_s);
    const want = new Date(Date.UTC(2000, 0, 1) + s * 1000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    expect(rows('select sysdate from dual')).toEqual([[want]]);
  });
});

describe('V$DB_CACHE_ADVICE', () => {
  it('with db_cache_advice = ON: 20 rows a pool, Oracle 9i’s columns', async () => {
    const on = SimRun.create(withInit(scenario('seed000-8.0-test2'), { db_cache_advice: 'ON' }));
    on.runToEnd();
    const s = await openSessionNode();
    s.load(capture(on));
    const out = s.run(
      `select id, name, block_size, advice_status, size_for_estimate, size_factor, buffers_for_estimate,
        estd_physical_read_factor, estd_physical_reads, estd_pct_of_db_time_for_reads
       from v$db_cache_advice where name = 'DEFAULT' order by size_factor`,
    );
    expect(out.error).toBeNull();
    const r = out.results[0];
    expect(r.rows.length).toBe(20);
    const current = r.rows.find((x) => x[5] === 1);
    const stats = s.run(
      `select physical_reads from v$buffer_pool_statistics where name = 'DEFAULT'`,
    );
    expect(current?.[8]).toBe(stats.results[0].rows[0][0]);
    expect(current?.[3]).toBe('ON');
    s.close();
    on.free();
  });
  it('with it OFF: no rows, and the console says why', () => {
    const out = session.run('select * from v$db_cache_advice');
    expect(out.error).toBeNull();
    expect(out.results[0].rows).toEqual([]);
    expect(out.results[0].note).toMatch(/db_cache_advice is OFF/);
    expect(formatResult(out.results[0])).toMatch(/no rows selected\n.*db_cache_advice is OFF/);
  });
  it('in a library cache run: no rows, and why', async () => {
    const lib = library.Run.create(scenario('seed001-8.1.6-test1'));
    lib.seek(10);
    const s = await openSessionNode();
    s.load(capture(lib));
    const out = s.run('select count(*) from v$db_cache_advice');
    expect(out.results[0].rows).toEqual([[0]]);
    s.close();
  });
});
describe('ROWNUM', () => {
  it('where rownum <= n gives n rows', () => {
    expect(rows('select count(*) from (select buf# from x$bh where rownum <= 7)')).toEqual([[7]]);
    expect(rows('select buf# from x$bh where rownum < 4').length).toBe(3);
    expect(rows('select buf# from x$bh where rownum = 1').length).toBe(1);
  });
  it('is assigned before ORDER BY in the same query block', () => {
    // the first 3 buffers read (buf# 0, 1, 2), then ordered descending — not the 3 highest
    expect(rows('select buf# from x$bh where rownum <= 3 order by buf# desc')).toEqual([
      [2],
      [1],
      [0],
    ]);
    // top-N: ORDER BY in the inline view, ROWNUM outside
    const n = rows('select count(*) from x$bh')[0][0] as number;
    expect(
      rows('select * from (select buf# from x$bh order by buf# desc) where rownum <= 2'),
    ).toEqual([[n - 1], [n - 2]]);
  });
  it('before GROUP BY too: count(*) where rownum <= 10 is 10', () => {
    expect(rows('select count(*) from x$bh bh where bh.buf# >= 0 and rownum <= 10')).toEqual([
      [10],
    ]);
  });
  it('where rownum > 1 (or = 2) returns no rows', () => {
    expect(rows('select buf# from x$bh where rownum > 1')).toEqual([]);
    expect(rows('select buf# from x$bh where rownum = 2')).toEqual([]);
  });
  it('in the select list: 1, 2, 3 … in the order rows are selected, before ORDER BY', () => {
    expect(rows('select rownum, buf# from x$bh where buf# < 3 order by buf# desc')).toEqual([
      [3, 2],
      [2, 1],
      [1, 0],
    ]);
  });
  it('keeps its heading, and numbers an inline view’s rows in the outer block', () => {
    const out = session.run('select rownum, buf# from x$bh where rownum <= 2');
    expect(out.results[0].columns).toEqual(['ROWNUM', 'BUF#']);
    expect(
      rows('select rownum, b from (select buf# b from x$bh order by buf# desc) where rownum <= 2'),
    ).toEqual([
      [1, (rows('select count(*) from x$bh')[0][0] as number) - 1],
      [2, (rows('select count(*) from x$bh')[0][0] as number) - 2],
    ]);
  });
  it('refuses a grouped or ordered join it would have to limit, at its SELECT', () => {
    const out = session.run(
      'select a.buf# from x$bh a, x$bh b where a.buf# = b.buf# and rownum <= 2 order by 1',
    );
    expect(out.error?.message).toMatch(/ROWNUM limiting a join/);
    expect(out.error?.column).toBe(1);
  });
  it('refuses what it does not support, at the ROWNUM', () => {
    const out = session.run('select 1 from x$bh where rownum <= buf#');
    expect(out.error?.message).toMatch(/ROWNUM/);
    expect(out.error?.column).toBe('select 1 from x$bh where '.length + 1);
  });
});

describe('the (+) outer join', () => {
  it('a.x = b.y(+) keeps every row of a, nulls where b has none (LEFT JOIN)', () => {
    // V$BUFFER_POOL lists DEFAULT, KEEP and RECYCLE; the statistics only the pools the run has
    expect(
      rows(`select p.name, s.physical_reads from v$buffer_pool p, v$buffer_pool_statistics s
            where p.name = s.name(+) order by p.id`).map((r) => [r[0], r[1] === null]),
    ).toEqual([
      ['DEFAULT', false],
      ['KEEP', true],
      ['RECYCLE', false],
    ]);
    // an inner join drops KEEP
    expect(
      rows(`select p.name from v$buffer_pool p, v$buffer_pool_statistics s where p.name = s.name`),
    ).toHaveLength(2);
  });
  it('several conditions, a constant one on the outer table filters it before the join', () => {
    expect(
      rows(`select p.name, s.name from v$buffer_pool p, v$buffer_pool_statistics s
            where s.name(+) = p.name and s.name(+) = 'RECYCLE' and p.id >= 1 order by p.id`),
    ).toEqual([
      ['DEFAULT', null],
      ['KEEP', null],
      ['RECYCLE', 'RECYCLE'],
    ]);
  });
  it('the outer table may come first in FROM, and ROWNUM may limit the join', () => {
    expect(
      rows(`select p.name from v$buffer_pool_statistics s, v$buffer_pool p
            where s.name(+) = p.name and rownum <= 2`),
    ).toHaveLength(2);
  });
  it('refuses what Oracle refuses, with its code, at the (+)', () => {
    const at = (sql: string) => {
      const out = session.run(sql);
      return `${out.error?.code} ${out.error?.column}`;
    };
    const q = 'select 1 from v$buffer_pool p, v$buffer_pool_statistics s where ';
    expect(at(`${q}p.name = s.name(+) or p.id = 1`)).toBe(`ORA-01719 ${q.length + 16}`);
    expect(at(`${q}p.name(+) = s.name(+)`)).toBe(`ORA-01468 ${q.length + 7}`);
    expect(at(`${q}p.name(+) = s.name and s.id(+) = p.id`)).toBe(`ORA-01416 ${q.length + 7}`);
    expect(at(`select s.name(+) from v$buffer_pool_statistics s`)).toBe('ORA-30563 14');
    const bare = session.run(`${q}p.name = name(+)`);
    expect(bare.error?.message).toMatch(/alias\.column\(\+\)/);
  });
});

describe('ROUND is Oracle’s (issue 44 #6)', () => {
  it('rounds half away from zero, left of the point for negative places', () => {
    // SQLite's round() took no negative places: ROUND(2.5, -1) gave 3 where Oracle gives 0
    expect(
      rows(
        `select round(2.5, -1), round(5, -1), round(-15, -1), round(2.5), round(-2.5), round(1.005, 2), round(1234.5678, -2), round(0.45, 1) from dual`,
      ),
    ).toEqual([[0, 10, -20, 3, -3, 1.01, 1200, 0.5]]);
  });
  it('takes NULL to NULL and text that is no number is ORA-01722', () => {
    expect(rows(`select round(null), round(2.5, null) from dual`)).toEqual([[null, null]]);
    expect(session.run(`select round('x') from dual`).error?.code).toBe('ORA-01722');
  });
});
