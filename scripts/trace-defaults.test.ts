// Issue 41 #9: one set of trace defaults. A csv trace given without params is read the same
// way by `npm run -s sim -- --trace`, `npm run -s mrc -- --trace` and the page's panels (the
// engine's trace_feed::csv_params): a header's names choose the columns — libCacheSim's
// cloudPhysicsIO.csv, `version,time,op,size,lbn`, which the command line refused at its header
// while the page read it — and a file without a header has its ids in column 1.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = (name: string, ...args: string[]) =>
  spawnSync('node', ['scripts/cli.mjs', name, ...args], { cwd: root, encoding: 'utf8' });
const SCENARIO = 'scenarios/trace-workbench.json';

let x = 99;
const ids = Array.from({ length: 2000 }, () => {
  x = (x * 1103515245 + 12345) % 2 ** 31;
  return 40_000_000 + Math.floor(500 * (x / 2 ** 31) ** 2);
});
const file = (name: string, text: string) => {
  const p = join(tmpdir(), `cachesim-defaults-${process.pid}-${name}`);
  writeFileSync(p, text);
  return p;
};
const headed = file(
  'cloud.csv',
  ['version,time,op,size,lbn', ...ids.map((id, k) => `1,${5_633_898 + k},2a,512,${id}`)].join(
    '\n',
  ) + '\n',
);
const bare = file('bare.csv', ids.map((id) => `${id},r`).join('\n') + '\n');
const txt = file('ids.txt', ids.join('\n') + '\n');

describe('a csv trace without params', () => {
  it('sim reads a header by its names, as the explicit libCacheSim params do', () => {
    const explicit = cli(
      'sim',
      SCENARIO,
      '--trace',
      headed,
      '--trace-map',
      'dense',
      '--trace-params',
      'time-col=1, obj-id-col=2, delimiter=,, has-header=true',
    );
    expect(explicit.status).toBe(0);
    const auto = cli('sim', SCENARIO, '--trace', headed, '--trace-map', 'dense');
    expect(auto.status).toBe(0);
    expect(auto.stderr).toContain("object id: column 5 'lbn' · time: column 2 'time'");
    expect(auto.stdout).toBe(explicit.stdout);
  }, 60_000);

  it('a file without a header: ids from column 1, the first line a record (sim and mrc)', () => {
    const asTxt = JSON.parse(cli('sim', SCENARIO, '--trace', txt, '--trace-map', 'dense').stdout);
    const r = cli('sim', SCENARIO, '--trace', bare, '--trace-map', 'dense');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.total.logical_reads).toBe(ids.length);
    expect(report.total.physical_reads).toBe(asTxt.total.physical_reads);
    const curve = (f: string) =>
      JSON.parse(
        cli('mrc', SCENARIO, '--trace', f, '--policies', 'lru', '--sizes', '100,300', '--jobs', '1')
          .stdout,
      ).rows;
    expect(curve(bare)).toEqual(curve(txt));
  }, 60_000);
});
