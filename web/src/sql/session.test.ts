// The console against real runs: each bundled seed query returns what the instance holds
// (issue #12's acceptance), and errors read as a DBA expects.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun } from '../sim/engine';
import * as library from '../sim/library';
import { loadEngineNode } from '../sim/node';
import { example } from './examples';
import { openSessionNode } from './node';
import type { SqlSession } from './session';
import { capture } from './snapshot';

const scenario = (name: string) =>
  readFileSync(new URL(`../../../scenarios/${name}.json`, import.meta.url), 'utf8');
const golden = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../scenarios/golden/${name}.json`, import.meta.url), 'utf8'),
  ) as { paper: { rows: Array<{ metric: string; pool: string; sim: number }> } };

function run(session: SqlSession, sql: string, defines: Record<string, string> = {}) {
  const out = session.run(sql, defines);
  if (out.error) throw new Error(`${out.error.code}: ${out.error.message} (${out.error.sqlite})`);
  return out.results[out.results.length - 1];
}
const ex = (id: string) => example(id)?.sql ?? '';

describe('seed 000 over seed000-8.0-test2', () => {
  let session: SqlSession;
  let sim: SimRun;
  beforeAll(async () => {
    loadEngineNode();
    sim = SimRun.create(scenario('seed000-8.0-test2'));
    sim.runToEnd();
    session = await openSessionNode();
    session.load(capture(sim));
  });

  it("V$BUFFER_POOL_STATISTICS gives the runner's per-pool logical and physical reads", () => {
    const r = run(session, ex('pool-statistics'));
    expect(r.columns).toEqual(['NAME', 'LOGICAL_READS', 'PHYSICAL_READS', 'HIT_RATIO']);
    const report = sim.report();
    expect(r.rows.map((row) => row.slice(0, 3))).toEqual(
      report.pools.map((p) => [p.name, p.logical_reads, p.physical_reads]),
    );
    // the golden report's figures: DEFAULT 20,005 / 647, RECYCLE 10,000 / 10,000
    const g = golden('seed000-8.0-test2').paper.rows;
    const fig = (pool: string, metric: string) =>
      g.find((x) => x.pool === pool && x.metric === metric)?.sim;
    for (const [name, logical, physical] of r.rows) {
      expect(logical).toBe(fig(String(name), 'logical_reads'));
      expect(physical).toBe(fig(String(name), 'physical_reads'));
    }
    // ROUND(1 - physical/logical, 1): Oracle's division, not SQLite's integer one
    expect(r.rows.find((x) => x[0] === 'DEFAULT')?.[3]).toBe(1);
    expect(r.rows.find((x) => x[0] === 'RECYCLE')?.[3]).toBe(0);
  });

  for (const version of ['z-buffer-cache-8.0', 'z-buffer-cache-8i']) {
    it(`${version}: buffers by pool, owner, type and io_type count every buffer once`, () => {
      const created = session.run(ex(version));
      expect(created.error).toBeNull();
      expect(created.results[0].message).toBe('View created.');
      const total = sim.layoutInfo().sets.reduce((n, s) => n + s.hi - s.lo, 0);
      expect(
        run(session, 'select count(*), count(distinct buf_no) from z$buffer_cache').rows,
      ).toEqual([[total, total]]);
      const held = Array.from(sim.views().dba).filter((d) => d !== 0).length;
      const r = run(session, ex('buffers-by-pool'));
      expect(r.columns).toEqual(['POOL', 'OWNER', 'OBJECT_TYPE', 'IO_TYPE', 'COUNT(*)']);
      expect(r.rows.reduce((n, row) => n + Number(row[4]), 0)).toBe(held);
      // RECYCLE holds only LARGE_TBL (a table), read at random
      expect(r.rows.filter((row) => row[0] === 'RECYCLE').map((row) => row.slice(2, 4))).toEqual([
        ['TABLE', 'RANDOM'],
      ]);
      // each buffer's pool is the pool of its working set
      const bySet = run(
        session,
        `select count(*) from z$buffer_cache z, x$bh b, x$kcbwds d, x$kcbwbpd p
          where z.buf_no = b.buf# and b.set_ds = d.addr and d.set_id between p.bp_lo_sid and p.bp_hi_sid
            and p.bp_name = z.pool`,
      );
      expect(bySet.rows).toEqual([[total]]);
    });
  }

  it('X$BH follows the engine: touch counts, DBAs, list links', () => {
    const r = run(session, 'select buf#, tch, file#, dbablk, nxt_repl from x$bh where buf# = 7');
    const row = sim.xbh(7);
    expect(r.rows[0][1]).toBe(row?.tch);
    expect(r.rows[0][2]).toBe(row?.dba_file);
    expect(r.rows[0][3]).toBe(row?.dba_block);
    // NXT_REPL and PRV_REPL name the neighbours' ADDR, as the engine links them
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
    for (const b of [0, 7, 500, 999]) {
      const x = sim.xbh(b);
      const links = run(session, `select nxt_repl, prv_repl, set_ds from x$bh where buf# = ${b}`)
        .rows[0];
      expect(links[0]).toBe(x?.next == null ? '00' : hex(0x0a000000 + x.next * 128));
      expect(links[1]).toBe(x?.prev == null ? '00' : hex(0x0a000000 + x.prev * 128));
      expect(links[2]).toBe(hex(0x09000000 + (x?.set ?? 0) * 256));
    }
  });

  it('V$SYSSTAT and V$PARAMETER', () => {
    const report = sim.report();
    expect(run(session, "select value from v$sysstat where name = 'physical reads'").rows).toEqual([
      [report.total.physical_reads],
    ]);
    expect(
      run(session, "select value, isdefault from v$parameter where name = 'db_block_buffers'").rows,
    ).toEqual([['1000', 'FALSE']]);
  });
});

describe('errors', () => {
  let session: SqlSession;
  beforeAll(async () => {
    loadEngineNode();
    const sim = SimRun.create(scenario('seed000-8.0-test1'));
    sim.step(300);
    session = await openSessionNode();
    session.load(capture(sim));
  });

  it('a missing table is ORA-00942 at its line and column, SQLite beside it', () => {
    const out = session.run('select *\n  from v$nosuch');
    expect(out.error).toMatchObject({
      code: 'ORA-00942',
      message: 'table or view does not exist',
      sqlite: 'no such table: v$nosuch',
      line: 2,
      column: 8,
      offset: 16,
    });
  });
  it('a missing column is ORA-00904', () => {
    expect(session.run('select nosuch from x$bh').error).toMatchObject({
      code: 'ORA-00904',
      message: '"NOSUCH": invalid identifier',
      column: 8,
    });
  });
  it('malformed SQL names the token where it stopped', () => {
    const out = session.run('select name from v$buffer_pool where where');
    expect(out.error).toMatchObject({ code: 'ORA-00933', line: 1, column: 38 });
    expect(session.run('selec 1 from dual').error).toMatchObject({ code: 'ORA-00900', column: 1 });
    expect(session.run('select 1 from').error?.code).toBe('ORA-00921');
  });
  it('fixed tables are read only', () => {
    expect(session.run('delete from x$bh').error?.code).toBe('ORA-02030');
    expect(session.run('drop view sys.v$bh').error?.code).toBe('ORA-02030');
    expect(session.run('create or replace view v$bh as select 1 a from dual').error?.code).toBe(
      'ORA-02030',
    );
    // reading a fixed table into one of your own is fine
    const copy = session.run(
      'create table mine as select buf# b from x$bh; insert into mine select buf# from x$bh; select count(*) from mine',
    );
    expect(copy.error).toBeNull();
  });
  it('statements before the error ran', () => {
    const out = session.run('select 1 from dual;\nselect 2 from nosuch;');
    expect(out.results).toHaveLength(1);
    expect(out.error?.line).toBe(2);
  });
});

describe('seed 001 over seed001-8.1.6-test1', () => {
  let session: SqlSession;
  let lib: library.Run;
  beforeAll(async () => {
    loadEngineNode();
    lib = library.Run.create(scenario('seed001-8.1.6-test1'));
    lib.runToEnd();
    session = await openSessionNode();
    session.load(capture(lib));
  });

  it('Finding literal SQL finds the literal statement family', () => {
    expect(session.missing(ex('literal-sql'))).toEqual(['size']);
    const r = run(session, ex('literal-sql'), { size: '40' });
    expect(r.columns).toEqual(['SQL_TEXT']);
    const groups = lib.literalSql(40, 10);
    expect(groups.length).toBeGreaterThan(0);
    expect(r.rows.length).toBe(groups.reduce((n, g) => n + g.count, 0));
    for (const [text] of r.rows)
      expect(groups.some((g) => String(text).startsWith(g.prefix))).toBe(true);
    // &&size is asked once: the session remembers it
    expect(session.missing(ex('literal-sql'))).toEqual([]);
  });

  it('V$LIBRARYCACHE and the no-parse ratio agree with the report', () => {
    const lc = lib.report().library_cache;
    const hr = run(session, ex('librarycache'));
    expect(hr.rows).toEqual([['SQL AREA', 100 * lc.sql_area.gethitratio]]);
    const np = run(session, ex('noparse-ratio'));
    expect(np.rows[0][0]).toBeCloseTo(
      100 * (1 - lc.sysstat.parse_count_hard / lc.sysstat.execute_count),
      9,
    );
  });

  it('V$SQL counts executions and parse calls per cursor', () => {
    const lc = lib.report().library_cache;
    const r = run(
      session,
      'select count(*), sum(loads), max(executions), sum(sharable_mem) from v$sql',
    );
    const [n, loads, maxExec, mem] = r.rows[0] as number[];
    expect(n).toBeGreaterThan(0);
    expect(loads).toBeGreaterThanOrEqual(n);
    expect(maxExec).toBeGreaterThanOrEqual(1);
    expect(mem).toBeGreaterThan(0);
    expect(lc.sysstat.execute_count).toBeGreaterThanOrEqual(maxExec);
  });

  it('latch waiters: sessions sleeping in latch free name their latch', () => {
    let found = 0;
    for (let p = 0; p < lib.total && found === 0; p += Math.ceil(lib.total / 40)) {
      lib.seek(p);
      session.load(capture(lib));
      const r = run(session, ex('latch-waiters'));
      found = r.rows.length;
      for (const [, event, latch] of r.rows) {
        expect(event).toBe('latch free');
        expect(['shared pool', 'library cache']).toContain(latch);
      }
    }
    expect(found).toBeGreaterThan(0);
  });
});
