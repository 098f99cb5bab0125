// Issue 26 #13, the SQL a DBA expects: DECODE's implicit conversion, NVL2, SYSDATE, ROWNUM,
// V$DB_CACHE_ADVICE.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun } from '../sim/engine';
import * as library from '../sim/library';
import { loadEngineNode } from '../sim/node';
import { formatResult } from './format';
import { openSessionNode } from './node';
import type { SqlSession } from './session';
import { capture } from './snapshot';
import { translate } from './translate';

const scenario = (name: string) =>
  readFileSync(new URL(`../../../scenarios/${name}.json`, import.meta.url), 'utf8');
const withInit = (text: string, init: Record<string, string>) => {
  const s = JSON.parse(text) as { init?: Record<string, unknown> };
  s.init = { ...s.init, ...init };
  return JSON.stringify(s);
};

let session: SqlSession;
let sim: SimRun;
const rows = (sql: string) => {
  const out = session.run(sql);
  if (out.error) throw new Error(`${out.error.code}: ${out.error.message} (${out.error.sqlite})`);
  return out.results[out.results.length - 1].rows;
};

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
