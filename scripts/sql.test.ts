import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pastTimeLimit, pastValueLimit, stoppedMessage } from '../web/src/sql/limits';

const root = fileURLToPath(new URL('..', import.meta.url));
// the bundled runner (scripts/cli.mjs), as `npm run -s` runs it: no tsx start-up a run
const sql = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/cli.mjs', 'sql', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

describe('npm run sql', () => {
  it("prints the seed's V$BUFFER_POOL_STATISTICS query as an aligned table", () => {
    const r = sql('scenarios/seed000-8.0-test2.json', '--example', 'pool-statistics');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+LOGICAL_READS\s+PHYSICAL_READS\s+HIT_RATIO$/);
    expect(lines[2]).toMatch(/^DEFAULT\s+20005\s+647\s+1$/);
    expect(lines[3]).toMatch(/^RECYCLE\s+10000\s+10000\s+0$/);
    expect(r.stdout).toContain('2 rows selected.');
  }, 60_000);

  it('takes --at, --define and --json', () => {
    const r = sql(
      'scenarios/seed000-8.0-test2.json',
      '--at',
      '400',
      '--json',
      '--define',
      'n=3',
      'select count(*) n from x$bh where tch >= 1 and buf# < &n',
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.position).toBe(400);
    expect(out.results[0].rows[0].N).toBeLessThanOrEqual(3);
  }, 60_000);

  it('says why V$DB_CACHE_ADVICE has no rows, in text and in --json', () => {
    const text = sql(
      'scenarios/seed000-8.0-test2.json',
      '--at',
      '10',
      'select * from v$db_cache_advice',
    );
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/no rows selected\n.*db_cache_advice is OFF/);
    const json = sql(
      'scenarios/seed000-8.0-test2.json',
      '--at',
      '10',
      '--json',
      'select * from v$db_cache_advice',
    );
    expect(JSON.parse(json.stdout).results[0].note).toMatch(/db_cache_advice is OFF/);
  }, 60_000);

  it('reports an error on stderr, with ORA- code and position, and exits 1', () => {
    const r = sql('scenarios/seed000-8.0-test2.json', '--at', '10', 'select *\nfrom v$nosuch');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('ERROR at line 2, column 6');
    expect(r.stderr).toContain('ORA-00942: table or view does not exist');
    expect(r.stderr).toContain('(SQLite: no such table: v$nosuch)');
  }, 60_000);

  it('asks for a --define for a substitution variable without a value', () => {
    const r = sql('scenarios/seed001-8.1.6-test1.json', '--at', '10', '--example', 'literal-sql');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--define size=');
  }, 60_000);

  // issue 29: the page's limits and messages, in the CLI; never a stack trace
  it('runs a script that defines its own substitution variable', () => {
    const r = sql(
      'scenarios/seed000-8.0-test2.json',
      '--at',
      '10',
      'define n = 5\nselect &n * 2 x from dual;',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ X\n--\n10\n/);
  }, 60_000);

  it('prints 200,000 rows as text', () => {
    const r = sql(
      'scenarios/seed000-8.0-test2.json',
      '--at',
      '10',
      'with recursive r(n) as (select 1 union all select n + 1 from r where n < 200000) select n from r',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('\n200000\n\n200000 rows selected.');
  }, 60_000);

  it('stops an endless recursive query at the values limit, naming it', () => {
    const r = sql(
      'scenarios/seed000-8.0-test2.json',
      '--at',
      '10',
      'select 1 from dual;\nwith recursive r(n) as (select 1 union all select n + 1 from r) select n from r',
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('1 row selected.');
    expect(r.stderr).toContain('ERROR at line 2, column 1');
    expect(r.stderr).toContain(pastValueLimit());
    expect(r.stderr).not.toMatch(/ at .*\.ts:\d+/);
  }, 60_000);

  it("stops a count over X$BH joined with itself at the page's time limit, with its message", () => {
    const r = sql(
      'scenarios/seed002-mvs-100000.json',
      '--at',
      '0',
      'select 1 a from dual;\nselect count(*) from x$bh a, x$bh b',
    );
    expect(r.status).toBe(1);
    // the statement before the stopped one is shown (it was lost with the worker)
    expect(r.stdout).toContain('1 row selected.');
    expect(r.stderr.trim()).toBe(stoppedMessage(pastTimeLimit()));
  }, 60_000);

  it('refuses NVL nested 5,000 deep with the limit and the position', () => {
    const r = sql(
      'scenarios/seed000-8.0-test2.json',
      '--at',
      '10',
      `select ${'nvl('.repeat(5000)}1${', 2)'.repeat(5000)} from dual`,
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('ERROR at line 1, column 4011');
    expect(r.stderr).toContain("more than the console's limit of 1,000 levels of parentheses");
    expect(r.stderr).not.toContain('RangeError');
  }, 60_000);

  it('refuses writes to fixed views as ORA-02030', () => {
    for (const q of [
      "replace into x$kcbwbpd (bp_name) values ('X')",
      "with a as (select 1) insert into v$parameter (name) select 'x' from a",
      'with a as (select 1) delete from v$parameter',
    ]) {
      const r = sql('scenarios/seed000-8.0-test2.json', '--at', '10', q);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('ORA-02030: can only select from fixed tables/views');
    }
  }, 60_000);
});
