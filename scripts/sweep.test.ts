// `npm run -s sweep` as a user runs it (issue 29 #13): a scenario it cannot sweep is refused
// once, by its field, with a failing exit status; a sweep file may name its scenario by an
// absolute path; --jobs N runs it in N threads with the same output (issue 30 #3).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// the bundled runner (scripts/cli.mjs), as `npm run -s` runs it: no tsx start-up a run
const sweep = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/cli.mjs', 'sweep', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
const hot50 = () =>
  JSON.parse(readFileSync(join(root, 'scenarios/seed000-8i-hot50.json'), 'utf8')) as Record<
    string,
    unknown
  >;

describe('npm run -s sweep', () => {
  it('refuses a scenario without a workload once, by the field, and fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sweep-'));
    const file = join(dir, 'no-workload.json');
    const scenario = hot50();
    delete scenario.workload;
    writeFileSync(file, JSON.stringify(scenario));
    const r = sweep(file, 'db_block_buffers=100..200/2');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^sweep: .*workload/m);
    expect(r.stderr).not.toMatch(/TypeError|undefined/);
    expect(r.stdout).toBe('');
  }, 60_000);

  it('refuses an array’s length as a parameter, by name', () => {
    const r = sweep('scenarios/seed000-8.0-test1.json', 'workload.set_rand.length=1..100000000/2');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/workload\.set_rand\.length is neither .* array's length/);
  }, 60_000);

  it('opens a sweep file’s scenario by an absolute path, and exits 1 when no point ran', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sweep-'));
    const file = join(dir, 'abs.json');
    const scenario = join(root, 'scenarios/seed000-8i-hot50.json');
    writeFileSync(file, JSON.stringify({ scenario, sweep: 'db_block_buffers=300..600/2' }));
    const ok = sweep(file);
    expect(ok.stderr).not.toMatch(/ENOENT/);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).points).toHaveLength(2);
    // every value below the engine's minimum: each point says why, and the sweep fails
    writeFileSync(file, JSON.stringify({ scenario, sweep: 'db_block_buffers=1..4/2' }));
    const none = sweep(file, '--csv');
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/no value of db_block_buffers could be run/);
  }, 60_000);

  it('--jobs N shares the runs among N threads and prints what --jobs 1 prints', () => {
    const args = ['scenarios/seed000-8i-hot50.json', 'db_block_buffers=200..2000/6', '--csv'];
    const one = sweep(...args, '--jobs', '1');
    const two = sweep(...args, '--jobs', '2');
    expect(one.status).toBe(0);
    expect(two.status).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.trim().split('\n')).toHaveLength(7);
    const zero = sweep(...args, '--jobs', '0');
    expect(zero.status).toBe(2);
    expect(zero.stderr).toMatch(/--jobs '0' is not a whole number/);
  }, 60_000);
});
