// Issue 29: the page's path — SqlClient, a worker, the session — over a Node worker thread
// (node.ts's nodeWorker, which the CLI uses too): hostile scripts come back as errors the
// console shows, never as a rejected call the page would raise.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimRun } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { SqlClient, Stopped } from './client';
import { SQL_HEAP_LIMIT_BYTES, pastTextLimit, pastValueLimit } from './limits';
import { nodeWorker, openSessionNode } from './node';
import { capture } from './snapshot';

describe('the console through its worker', () => {
  let client: SqlClient;
  beforeAll(async () => {
    client = await SqlClient.open(nodeWorker);
  });
  afterAll(() => client.close());

  it('NVL nested 5,000 deep: an error outcome, not a failed call', async () => {
    const out = await client.run(`select ${'nvl('.repeat(5000)}1${', 2)'.repeat(5000)} from dual`);
    expect(out.error?.message).toContain("the console's limit of 1,000 levels of parentheses");
  });

  it('writes to fixed views: ORA-02030', async () => {
    const out = await client.run('with a as (select 1) delete from v$parameter');
    expect(out.error?.code).toBe('ORA-02030');
  });

  it('an endless recursive query ends at the values limit', async () => {
    const out = await client.run(
      'with recursive r(n) as (select 1 union all select n + 1 from r) select n from r',
    );
    expect(out.error?.message).toBe(pastValueLimit());
  });

  it('a script past the time limit is stopped with the message the CLI prints', async () => {
    await expect(
      client.run(
        'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
        {},
        300,
      ),
    ).rejects.toThrow(
      new Stopped("The script was stopped: it ran past the console's limit of 0.3 s."),
    );
    // a fresh worker answers the next script
    expect((await client.run('select 1 x from dual')).results[0].rows).toEqual([[1]]);
  });
});

describe('the text limit', () => {
  it('a 100-million-character string is refused, naming the limit', async () => {
    const session = await openSessionNode();
    const out = session.run(
      "select 1 from dual;\nselect printf('%.*c', 100000000, 'x') s from dual",
    );
    expect(out.results).toHaveLength(1);
    expect(out.error?.message).toBe(pastTextLimit());
    expect(out.error?.line).toBe(2);
    session.close();
  });
});

describe("SQLite's heap limit", () => {
  it('an allocation past it is ORA-04030, naming the limit', async () => {
    const session = await openSessionNode();
    const out = session.run(`select length(randomblob(${SQL_HEAP_LIMIT_BYTES + 1})) from dual`);
    expect(out.error?.code).toBe('ORA-04030');
    expect(out.error?.message).toContain("the console's limit of 512 MB");
    expect(session.run('select 1 from dual').error).toBeNull();
    session.close();
  });
});

describe("the database's size limit", () => {
  it('a table of your own stops at it with ORA-01653; X$BH written into a full database is an outcome too', async () => {
    loadEngineNode();
    const sim = SimRun.create(
      readFileSync(new URL('../../../scenarios/seed002-mvs-100000.json', import.meta.url), 'utf8'),
    );
    const session = await openSessionNode();
    session.load(capture(sim));
    sim.free();
    // fill the database to within 10 KB of its limit (sql.js keeps it outside SQLite's heap:
    // without max_page_count this grew until the process died)
    session.run('create table big (b)');
    let out = session.run('select 1 from dual');
    let filled = 0;
    for (const size of [1_000_000, 10_000]) {
      do {
        out = session.run(`insert into big values (randomblob(${size}))`);
        filled += out.error ? 0 : size;
      } while (!out.error && filled < 1e9);
    }
    expect(out.error?.code).toBe('ORA-01653');
    expect(out.error?.message).toContain("the console's database reached its limit of 256 MB");
    expect(filled).toBeGreaterThan(250e6);
    // X$BH's 100,000 buffers are first written now: the full database refuses them
    const full = session.run('select count(*) from x$bh');
    expect(full.error?.code).toBe('ORA-01653');
    session.run('drop table big');
    expect(session.run('select count(*) from x$bh').results[0].rows).toEqual([[100_000]]);
    session.close();
  }, 60_000);
});
