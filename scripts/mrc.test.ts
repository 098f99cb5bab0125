// `npm run -s mrc` (issue 41 #10) prints the figures the Miss-ratio curves panel draws: the
// panel's own path (startCurves, ../web/src/mrc/curveFixture.ts) and the command, same sizes,
// same rows, for the default policies and for every policy on a trace; its CSV is the panel's
// CSV export.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../web/src/export/tables';
import { curves, freeStreams } from '../web/src/mrc/curveFixture';
import { curvesInThreads } from '../web/src/mrc/node';
import { curveRows, curveSizes, defaultPolicies } from '../web/src/mrc/plan';
import type { Scenario } from '../web/src/sim/engine';
import { curvePolicies, RefStream, type Workload } from '../web/src/sim/mrc';
import { loadEngineNode } from '../web/src/sim/node';
import { traitsOf } from '../web/src/sim/profile';

const root = fileURLToPath(new URL('..', import.meta.url));
const mrc = (...args: string[]) =>
  spawnSync('node', ['scripts/cli.mjs', 'mrc', ...args], { cwd: root, encoding: 'utf8' });
const FILE = 'scenarios/seed000-8.0-test1.json';
const scenario = JSON.parse(readFileSync(join(root, FILE), 'utf8')) as Scenario;

beforeAll(() => loadEngineNode());
afterAll(freeStreams);

/** The panel's figures for `w`: its sizes and its export rows. */
async function panel(w: Workload, policies: string[]) {
  const { stack } = curvePolicies();
  const s = RefStream.of(w);
  const summary = s.summary();
  s.free();
  const got = await curves(w, policies, stack, 2);
  return {
    sizes: curveSizes(summary.distinct, summary.current_buffers),
    rows: curveRows(got.curves, stack, policies),
  };
}

describe('npm run -s mrc', () => {
  it("gives the panel's curves for the panel's default policies, as JSON and as CSV", async () => {
    const { names } = curvePolicies();
    const policies = defaultPolicies(names, traitsOf(scenario.profile).replacement);
    const want = await panel({ kind: 'scenario', scenario }, policies);
    expect(want.rows.length).toBe(policies.length * want.sizes.length);
    const json = mrc(FILE, '--jobs', '2');
    expect(json.status).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.policies).toEqual(policies);
    expect(out.sizes).toEqual(want.sizes);
    expect(out.rows).toEqual(want.rows);
    const csv = mrc(FILE, '--jobs', '1', '--csv');
    expect(csv.status).toBe(0);
    expect(csv.stdout).toBe(toCsv(want.rows));
  }, 180_000);

  it('every policy on a trace, at the sizes asked, one thread or two alike', async () => {
    // a small txt trace (one id a line): a Zipf-like mix over 300 ids
    let x = 12345;
    const ids = Array.from({ length: 3000 }, () => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(300 * (x / 2 ** 31) ** 3);
    });
    const trace = join(tmpdir(), `cachesim-mrc-${process.pid}.txt`);
    writeFileSync(trace, ids.join('\n') + '\n');
    const { names, stack } = curvePolicies();
    const w: Workload = {
      kind: 'trace',
      scenario,
      options: { format: 'txt', map: 'dense' },
      bytes: readFileSync(trace),
      name: 'trace.txt',
    };
    const sizes = [50, 100, 200];
    const one = await curvesInThreads(w, names, stack, 1, sizes);
    const two = await curvesInThreads(w, names, stack, 2, sizes);
    expect(two.rows).toEqual(one.rows);
    expect(one.rows).toHaveLength(names.length * sizes.length);
    const r = mrc(
      FILE,
      '--trace',
      trace,
      '--policies',
      'all',
      '--sizes',
      '200,50,100',
      '--jobs',
      '1',
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).rows).toEqual(one.rows);
    // a bigger cache misses less or the same, for LRU (a stack policy)
    const lru = one.rows.filter((row) => row.policy === 'lru').map((row) => row.misses as number);
    expect(lru).toEqual([...lru].sort((a, b) => b - a));
  }, 180_000);

  it('refuses a bad size or policy, naming it', () => {
    const size = mrc(FILE, '--sizes', '100,x');
    expect(size.status).toBe(2);
    expect(size.stderr).toContain("--sizes: 'x' is not a whole number of buffers");
    const policy = mrc(FILE, '--policies', 'lru,lfu');
    expect(policy.status).toBe(2);
    expect(policy.stderr).toContain("--policies: no policy 'lfu'");
  }, 60_000);
});
