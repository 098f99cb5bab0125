// `npm run -s sweep --jobs N` (issue 30 #3): a sweep over worker threads gives the serial
// run's points, field for field, in value order, for a bundled seed and a random scenario;
// a cancelled one stops part-way with the points heard until then.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { bundled } from '../store/storeFixture';
import { sweepInThreads } from './node';
import { parseSweep, sweep, type SweepPoint } from './sweep';

beforeAll(() => loadEngineNode());

const RANDOM = {
  version: 1,
  title: 'random zipf, 15 % writes',
  profile: '8.1.6',
  init: { db_block_buffers: 800, db_block_lru_latches: 2 },
  objects: [
    { name: 'HOT', type: 'TABLE', blocks: 700 },
    { name: 'BIG', type: 'TABLE', blocks: 9000 },
  ],
  workload: {
    kind: 'random',
    accesses: 40_000,
    distribution: 'zipf',
    zipf_s: 0.9,
    write_pct: 15,
    seed: 1234,
  },
} as unknown as Scenario;

describe('a sweep over worker threads', () => {
  it.each([
    ['seed 000 (hot50)', bundled('seed000-8i-hot50').scenario, 'db_block_buffers=100..2000/8'],
    ['a random scenario', RANDOM, 'db_block_buffers=20..3000/7'],
  ])(
    '%s: the serial points, in value order',
    async (_, scenario, range) => {
      const spec = parseSweep(range);
      const serial = [...sweep(scenario, spec)];
      const heard: number[] = [];
      const one = await sweepInThreads(scenario, spec, 1).points;
      const three = await sweepInThreads(scenario, spec, 3, (_p, i) => heard.push(i)).points;
      expect(one).toEqual(serial);
      expect(three).toEqual(serial);
      expect(heard).toEqual(serial.map((_p, i) => i));
    },
    60_000,
  );

  it('Cancel stops it part-way: the points heard until then, nothing after', async () => {
    const spec = parseSweep('db_block_buffers=100..2000/20');
    const heard: SweepPoint[] = [];
    let cancel = () => {};
    const run = sweepInThreads(RANDOM, spec, 2, (p) => {
      heard.push(p);
      if (heard.length === 2) cancel();
    });
    cancel = run.cancel;
    const points = await run.points;
    expect(points.length).toBeLessThan(20);
    expect(points).toEqual(heard);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toHaveLength(points.length);
    expect(points).toEqual([...sweep(RANDOM, spec)].slice(0, points.length));
  }, 60_000);
});
