import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POOL_COLUMNS } from '../web/src/sim/columns';

const root = fileURLToPath(new URL('..', import.meta.url));
// the bundled runner (scripts/cli.mjs), as `npm run -s` runs it: no tsx start-up a run
const sim = (file: string) =>
  spawnSync(process.execPath, ['scripts/cli.mjs', 'sim', file], { cwd: root, encoding: 'utf8' });

describe('headless runner', () => {
  it('prints the docs/model.md §4 report on stdout', () => {
    const r = sim('scenarios/seed000-8.0-test2.json');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.profile).toBe('8.0');
    expect(report.elapsed_s).toBeGreaterThan(100);
    const names = report.pools.map((p: { name: string }) => p.name);
    expect(names).toEqual(['DEFAULT', 'RECYCLE']);
    const recycle = report.pools[1];
    for (const col of [...POOL_COLUMNS, 'logical_reads', 'hit_ratio']) {
      expect(recycle).toHaveProperty(col);
    }
    expect(recycle.physical_reads).toBe(recycle.logical_reads);
  }, 60_000);

  it('prints a library_cache section (and no pools) for a library cache scenario', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const file = join(dir, 'lib.json');
    const scenario = JSON.parse(
      readFileSync(join(root, 'scenarios/seed001-8.1.6-test1.json'), 'utf8'),
    );
    scenario.workload.total_slams = 40;
    writeFileSync(file, JSON.stringify(scenario));
    const r = sim(file);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.profile).toBe('8.1.6');
    expect(report).not.toHaveProperty('pools');
    const lc = report.library_cache;
    expect(lc.sysstat.parse_count_hard).toBe(2000);
    expect(lc.sql_area.namespace).toBe('SQL AREA');
    expect(lc.latches.map((l: { name: string }) => l.name)).toEqual([
      'library cache',
      'shared pool',
    ]);
    expect(report.elapsed_s).toBe(lc.elapsed_s);
    scenario.init.cursor_sharing = 'FORCE';
    scenario.profile = '8.1.5';
    writeFileSync(file, JSON.stringify(scenario));
    const bad = sim(file);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/init\.cursor_sharing: FORCE needs profile 8\.1\.6/);
  }, 60_000);

  it('runs a scenario saved with a UTF-8 byte-order mark as it runs without one (issue 29)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const scenario = JSON.parse(
      readFileSync(join(root, 'scenarios/seed001-8.1.6-test1.json'), 'utf8'),
    );
    scenario.workload.total_slams = 20;
    const plain = join(dir, 'lib.json');
    const marked = join(dir, 'lib-bom.json');
    writeFileSync(plain, JSON.stringify(scenario));
    writeFileSync(marked, '\uFEFF' + JSON.stringify(scenario));
    const a = sim(plain);
    const b = sim(marked);
    expect(b.stderr).toBe('');
    expect(b.status).toBe(0);
    expect(b.stdout).toBe(a.stdout);
  }, 60_000);

  it('escapes the control characters of what it echoes (issue 29)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const r = sim(join(dir, 'no\u001b[31mpe\u0007.json'));
    expect(r.status).toBe(2);
    expect(r.stderr).not.toContain('\u0007');
    expect(r.stderr).not.toContain('\u001b');
    expect(r.stderr).toContain('no\\x1b[31mpe\\x07.json');
  }, 60_000);

  it('exits non-zero with a clear message on a bad scenario', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        version: 1,
        title: 't',
        profile: '8.0',
        init: { db_block_buffers: 1000, db_block_lru_latches: 7 },
        objects: [{ name: 'T', type: 'TABLE', blocks: 10 }],
        workload: { kind: 'random', accesses: 5 },
      }),
    );
    const r = sim(bad);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/init\.db_block_lru_latches: .*6 × cpu_count = 6/);
    const missing = sim(join(dir, 'nope.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
  }, 60_000);

  it("exits non-zero with the model's message when the model stops a run early (issue 44)", () => {
    // A clock past its limit is a model error a valid scenario can still reach (the build bounds
    // the workload's own time, not DBWR's): fifty writes ten seconds before the limit fill the
    // set with dirty buffers, and the next miss waits for DBWR's 10-second writes with one
    // access still to come. The runner printed `"done": false`, nothing on stderr, exit 0.
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const file = join(dir, 'late.json');
    const late = 999_999_990_000; // ms: 10^12 ms is the most a run may simulate
    const rows = Array.from({ length: 50 }, (_, b) => `${late},T,${b},w`);
    rows.push(`${late},T,50,r`, `${late},T,51,r`);
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        title: 'a clock past its limit',
        profile: '8.1.6',
        init: { db_block_buffers: 50 },
        objects: [{ name: 'T', type: 'TABLE', blocks: 100 }],
        workload: { kind: 'trace', csv: ['time_ms,object,block,op', ...rows].join('\n') },
        cost: { logical_read_us: 0, physical_read_ms: 0, physical_write_ms: 10_000 },
      }),
    );
    const r = sim(file);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /late\.json: the run stopped at access 51 of 52: cost: the simulated clock passed 1000000000 s/,
    );
  }, 60_000);
});
