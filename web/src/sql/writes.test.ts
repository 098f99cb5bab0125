// Issue 29 item 9: a write to a fixed table or view is ORA-02030 however it is spelled
// (REPLACE INTO, INSERT OR REPLACE, a WITH clause before the DML), and the rows stay.
import { beforeAll, describe, expect, it } from 'vitest';
import { openSessionNode } from './node';
import type { SqlSession } from './session';

describe('writes to fixed tables', () => {
  let session: SqlSession;
  beforeAll(async () => {
    session = await openSessionNode();
  });

  const refused: Array<[string, string]> = [
    ["replace into x$kcbwbpd (bp_name) values ('X')", 'x$kcbwbpd'],
    ["insert or replace into x$kcbwbpd (bp_name) values ('X')", 'x$kcbwbpd'],
    ["with a as (select 1) insert into v$parameter (name) select 'x' from a", 'v$parameter'],
    ['with a as (select 1) delete from v$parameter', 'v$parameter'],
    ['with recursive a(n) as (select 1) update or ignore sys.v$sysstat set value = 0', 'v$sysstat'],
    ['delete from "DUAL"', '"DUAL"'],
    ["insert into x$bh (addr) values ('0')", 'x$bh'],
    ['drop table dual', 'dual'],
  ];
  for (const [sql, name] of refused) {
    it(`${sql}: ORA-02030 at ${name}`, () => {
      const before = session.run('select count(*) from v$parameter; select count(*) from dual');
      const out = session.run(sql);
      expect(out.error?.code).toBe('ORA-02030');
      expect(out.error?.offset).toBe(sql.toLowerCase().indexOf(name.toLowerCase()));
      const after = session.run('select count(*) from v$parameter; select count(*) from dual');
      expect(after.results.map((r) => r.rows)).toEqual(before.results.map((r) => r.rows));
    });
  }

  it('writes to a table of your own still work, with or without WITH', () => {
    const out = session.run(
      'create table mine (a); with w as (select 1 a) insert into mine select a from w; replace into mine values (2); select count(*) from mine',
    );
    expect(out.error).toBeNull();
    expect(out.results[3].rows).toEqual([[2]]);
  });
});

describe("SQLite's program as the last word on writes", () => {
  it('refuses a write the statement scan misreads', async () => {
    const session = await openSessionNode();
    // the scan takes the CTE named "insert" for the verb; the program clears dual
    const out = session.run('with a as (select 1), "insert" as (select 2) delete from dual');
    expect(out.error?.code).toBe('ORA-02030');
    expect(session.run('select count(*) from dual').results[0].rows).toEqual([[1]]);
    session.close();
  });
});
