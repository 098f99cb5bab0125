import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const sql = (...args: string[]) =>
  spawnSync(tsx, ['scripts/sql.ts', ...args], { cwd: root, encoding: 'utf8' });

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
});
