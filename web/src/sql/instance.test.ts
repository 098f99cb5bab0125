// Issue 41 #7: the buffer cache's latches and sessions in the views, and the columns each
// release had. The hottest chain is found from the capture, its blocks by the documented hash
// (docs/model.md §1.3), not through the SQL under test.
import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun } from '../sim/engine';
import * as library from '../sim/library';
import { loadEngineNode } from '../sim/node';
import { hottestChain } from './hotChain';
import { openSessionNode } from './node';
import type { SqlSession } from './session';
import { capture } from './snapshot';
import { lastRows, scenario as scenarioText } from './testing';

/** A bundled scenario, under another profile when one is given. */
const scenario = (name: string, profile?: string) => {
  const s = JSON.parse(scenarioText(name)) as { profile: string };
  if (profile) s.profile = profile;
  return JSON.stringify(s);
};

let session: SqlSession;
const rows = (sql: string) => lastRows(session, sql);

beforeAll(async () => {
  loadEngineNode();
  session = await openSessionNode();
});

describe('the buffer cache latches', () => {
  for (const name of ['seed000-8.0-test2', 'seed000-8i-hot50']) {
    it(`${name}: V$LATCH_CHILDREN's chains children add up to the lookups; x$bh joins on HLADDR`, () => {
      const run = SimRun.create(scenario(name));
      run.runToEnd();
      const c = capture(run);
      session.load(c);
      const h = run.report().hash_chains;
      expect(
        rows(
          `select count(*), sum(gets), sum(misses) from v$latch_children where name = 'cache buffers chains'`,
        ),
      ).toEqual([[h.latches, h.lookups, 0]]);
      // the parent's gets are its children's
      expect(rows(`select gets from v$latch where name = 'cache buffers chains'`)).toEqual([
        [h.lookups],
      ]);
      const hot = hottestChain(run.report().hash_chains, c);
      if (!hot) throw new Error('no cache buffers chains children');
      expect(hot.blocks.length).toBeGreaterThan(0);
      const joined = rows(`select x.file# || ':' || x.dbablk from x$bh x, v$latch_children l
        where x.hladdr = l.addr and l.name = 'cache buffers chains' and l.child# = ${hot.child}`);
      expect(joined.map((r) => String(r[0])).sort()).toEqual(hot.blocks);
      expect(rows(`select count(*) from x$bh where hladdr = '${hot.addr}'`)).toEqual([
        [hot.blocks.length],
      ]);
      run.free();
    });
  }

  it('one cache buffers lru chain child a working set; V$SESS_IO has the pools’ gets', () => {
    const run = SimRun.create(scenario('seed000-8.0-test2'));
    run.seek(3000);
    session.load(capture(run));
    const sets = run.layoutInfo().sets.length;
    expect(
      rows(`select count(*) from v$latch_children where name = 'cache buffers lru chain'`),
    ).toEqual([[sets]]);
    const pools = run.report().pools;
    const sum = (f: (p: (typeof pools)[number]) => number) => pools.reduce((n, p) => n + f(p), 0);
    expect(
      rows(`select i.block_gets, i.consistent_gets, i.physical_reads from v$session s, v$sess_io i
        where s.sid = i.sid and s.username = 'TEST'`),
    ).toEqual([
      [sum((p) => p.db_block_gets), sum((p) => p.consistent_gets), sum((p) => p.physical_reads)],
    ]);
    // every session has its process; nothing holds a latch between two accesses
    expect(rows(`select count(*) from v$session s, v$process p where s.paddr = p.addr`)).toEqual(
      rows(`select count(*) from v$session`),
    );
    expect(rows(`select count(*) from v$latchholder`)).toEqual([[0]]);
    run.free();
  });
});

describe('columns by release', () => {
  it('8i has no WAIT_TIME, BLOCK_SIZE or ISINSTANCE_MODIFIABLE (ORA-00904); 10.2.0.5 has them', () => {
    const old = SimRun.create(scenario('seed000-8i-hot50'));
    old.seek(100);
    session.load(capture(old));
    for (const sql of [
      'select wait_time from v$latch',
      'select block_size from v$buffer_pool_statistics',
      'select isinstance_modifiable from v$parameter',
    ])
      expect(session.run(sql).error?.code).toBe('ORA-00904');
    expect(
      rows(`select isses_modifiable, issys_modifiable from v$parameter
      where name = 'db_file_multiblock_read_count'`),
    ).toEqual([['TRUE', 'IMMEDIATE']]);
    const later = SimRun.create(scenario('seed000-8i-hot50', '10.2.0.5'));
    later.seek(100);
    session.load(capture(later));
    expect(
      rows(`select count(*) from v$buffer_pool_statistics
        where block_size = (select value from v$parameter where name = 'db_block_size')`),
    ).toEqual([[1]]);
    expect(rows('select count(wait_time) from v$latch')).toEqual([[2]]);
    old.free();
    later.free();
  });

  it('a library run: its latches, holders and sessions', () => {
    const run = library.Run.create(scenario('seed001-8.1.6-test1'));
    run.seek(3000);
    session.load(capture(run));
    const names = rows('select name from v$latch order by latch#').map((r) => r[0]);
    expect(names).toEqual(['library cache', 'shared pool']);
    const holders = run.latches().filter((l) => l.holder !== null).length;
    expect(rows('select count(*) from v$latchholder')).toEqual([[holders]]);
    expect(rows('select count(*) from v$session')).toEqual([[run.sessions().length]]);
    // a waiting session's SID is its V$SESSION SID
    expect(
      rows(`select count(*) from v$session_wait w where not exists
        (select 1 from v$session s where s.sid = w.sid)`),
    ).toEqual([[0]]);
    run.free();
  });
});
