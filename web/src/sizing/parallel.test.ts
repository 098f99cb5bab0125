// Sweeps in several workers give the serial run's points, field for field, in value order
// (issue 30 #3): the page's pool driven with workers in this thread on the real engine (each
// answering after a seeded delay, so the points arrive out of order), over bundled seeds'
// sweeps and random ones; and Cancel stops a sweep part-way with nothing heard after it.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { localWorkers } from '../shared/poolFixture';
import { bundled } from '../store/storeFixture';
import { parseSweep, setupPoint, sweep, type SweepSetup, type SweepSpec } from './sweep';
import { startSweep, type Heard } from './sweepClient';

beforeAll(() => loadEngineNode());

/** A sweep through `startSweep` in `n` workers of this thread: what was heard, in order. */
function inWorkers(scenario: Scenario, spec: SweepSpec, n: number, seed = 1) {
  const local = localWorkers((s: SweepSetup) => s, setupPoint, seed);
  const heard: Heard[] = [];
  let cancel = () => {};
  const over = new Promise<Heard[]>((resolve) => {
    cancel = startSweep(
      scenario,
      spec,
      (m) => {
        heard.push(m);
        if (m.kind === 'done' || m.kind === 'error') resolve(heard);
      },
      { workers: n, module: null, spawn: local.spawn },
    ).cancel;
  });
  return { made: local.made, answered: local.answered, heard, over, cancel: () => cancel() };
}

const pointsOf = (heard: Heard[]) =>
  heard.flatMap((m) => (m.kind === 'point' ? [{ index: m.index, point: m.point }] : []));

async function expectSameAsSerial(scenario: Scenario, range: string, n: number, seed = 1) {
  const spec = parseSweep(range);
  const serial = [...sweep(scenario, spec)];
  const run = inWorkers(scenario, spec, n, seed);
  const heard = await run.over;
  expect(heard[0]).toEqual({
    kind: 'start',
    values: serial.map((p) => p.value),
    workers: Math.min(n, serial.length),
  });
  expect(heard.at(-1)).toEqual({ kind: 'done' });
  const got = pointsOf(heard);
  expect(got.map((p) => p.index)).toEqual(serial.map((_, i) => i));
  expect(got.map((p) => p.point)).toEqual(serial);
  // every worker took a share, and each was terminated at the end
  expect(run.made.every((w) => w.ran.length > 0 && w.terminated)).toBe(true);
  return { serial, run };
}

describe('a sweep in several workers', () => {
  it('seed 000 (hot50) over db_block_buffers: the serial points, in value order', async () => {
    const { run } = await expectSameAsSerial(
      bundled('seed000-8i-hot50').scenario,
      'db_block_buffers=100..2000/12',
      4,
    );
    // the points were answered out of turn: the merge is what put them in order
    expect(run.answered).not.toEqual([...run.answered].sort((a, b) => a - b));
  }, 60_000);

  it('seed 001 (library cache) over shared_pool_size', async () => {
    await expectSameAsSerial(
      bundled('seed001-8.1.6-test1').scenario,
      'shared_pool_size=5000000..30000000/3',
      3,
    );
  }, 60_000);

  it('seed 002 (a host: throughput and paging) over db_block_buffers, with refused points', async () => {
    const { serial } = await expectSameAsSerial(
      bundled('seed002-mvs-50000').scenario,
      'db_block_buffers=10..100000/3',
      2,
    );
    expect(serial.some((p) => p.error !== null)).toBe(true);
    expect(serial.some((p) => p.metrics.tps !== undefined)).toBe(true);
  }, 120_000);

  it('random scenarios over random sweeps', async () => {
    const random = fc.record({
      profile: fc.constantFrom('8.0', '8.1.5', '8.1.6'),
      buffers: fc.integer({ min: 60, max: 3000 }),
      hot: fc.integer({ min: 50, max: 2000 }),
      big: fc.integer({ min: 500, max: 20000 }),
      accesses: fc.integer({ min: 1000, max: 15000 }),
      zipf: fc.double({ min: 0.5, max: 1.3, noNaN: true }),
      writes: fc.integer({ min: 0, max: 30 }),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
      param: fc.constantFrom('db_block_buffers', 'workload.accesses', 'cost.physical_read_ms'),
      steps: fc.integer({ min: 2, max: 9 }),
      workers: fc.integer({ min: 2, max: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(random, async (r) => {
        const scenario = {
          version: 1,
          title: 'random sweep',
          profile: r.profile,
          init: { db_block_buffers: r.buffers },
          cost: { physical_read_ms: 10, logical_read_us: 20 },
          objects: [
            { name: 'HOT', type: 'TABLE', blocks: r.hot },
            { name: 'BIG', type: 'TABLE', blocks: r.big },
          ],
          workload: {
            kind: 'random',
            accesses: r.accesses,
            distribution: 'zipf',
            zipf_s: r.zipf,
            write_pct: r.writes,
            seed: r.seed,
          },
        } as unknown as Scenario;
        const range = {
          db_block_buffers: `db_block_buffers=20..${r.buffers * 2}`,
          'workload.accesses': `workload.accesses=100..${r.accesses}`,
          'cost.physical_read_ms': 'cost.physical_read_ms=0.5..25',
        }[r.param];
        await expectSameAsSerial(scenario, `${range}/${r.steps}`, r.workers, r.seed);
      }),
      { numRuns: 6, seed: 30 },
    );
  }, 120_000);
});

describe('Cancel', () => {
  it('terminates every worker part-way; nothing more is heard, no point is lost before it', async () => {
    const scenario = bundled('seed000-8i-hot50').scenario;
    const spec = parseSweep('db_block_buffers=100..2000/20');
    const run = inWorkers(scenario, spec, 3);
    // cancel once the first points are in
    await new Promise<void>((resolve) => {
      const tick = () => (pointsOf(run.heard).length >= 3 ? resolve() : setTimeout(tick, 1));
      tick();
    });
    run.cancel();
    const heard = run.heard.length;
    const given = run.made.reduce((n, w) => n + w.ran.length, 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(run.heard).toHaveLength(heard);
    expect(run.heard.some((m) => m.kind === 'done' || m.kind === 'error')).toBe(false);
    expect(run.made.every((w) => w.terminated)).toBe(true);
    expect(run.made.reduce((n, w) => n + w.ran.length, 0)).toBe(given);
    const got = pointsOf(run.heard);
    expect(got.length).toBeLessThan(20);
    // what was heard is the serial run's beginning
    const serial = [...sweep(scenario, spec)].slice(0, got.length);
    expect(got.map((p) => p.point)).toEqual(serial);
  }, 60_000);

  it('from the listener, on a point handed on with others that came early: none of them is heard', async () => {
    const scenario = bundled('seed000-8i-hot50').scenario;
    const spec = parseSweep('db_block_buffers=100..2000/20');
    const local = localWorkers((s: SweepSetup) => s, setupPoint, 5);
    const heard: Heard[] = [];
    const run = startSweep(
      scenario,
      spec,
      (m) => {
        heard.push(m);
        if (m.kind === 'point' && m.index === 1) run.cancel();
      },
      { workers: 4, module: null, spawn: local.spawn },
    );
    await new Promise<void>((resolve) => {
      const tick = () => (local.made.every((w) => w.terminated) ? resolve() : setTimeout(tick, 1));
      tick();
    });
    await new Promise((r) => setTimeout(r, 50));
    // index 1 came after later points (their answers waited for it): the flush stopped at it
    expect(local.answered.indexOf(1)).toBeGreaterThan(local.answered.indexOf(2));
    expect(pointsOf(heard).map((p) => p.index)).toEqual([0, 1]);
  }, 60_000);
});
