// Miss-ratio curves in several workers give the one-worker run's points, field for field
// (issue 30 #3): startCurves driven with workers in this thread on the real engine, their
// answers delivered out of turn (./curveFixture.ts), for a bundled seed and a small
// random workload, every registered policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import { curvePolicies, type Workload } from '../sim/mrc';
import { loadEngineNode } from '../sim/node';
import { bundled } from '../store/storeFixture';
import { curves, freeStreams } from './curveFixture';
import { curveRows } from './plan';

beforeAll(() => loadEngineNode());
afterAll(freeStreams);

const SMALL = {
  version: 1,
  title: 'curves',
  profile: '8.1.6',
  init: { db_block_buffers: 100, db_block_lru_latches: 1 },
  objects: [{ name: 'A', type: 'TABLE', blocks: 400 }],
  workload: { kind: 'random', accesses: 4000, distribution: 'zipf', seed: 3, write_pct: 10 },
} as unknown as Scenario;

describe('curves in several workers', () => {
  it.each([
    ['a small random workload', SMALL],
    ['seed 000 (8.0 test 1)', bundled('seed000-8.0-test1').scenario],
  ])(
    '%s: every policy’s points as on one worker',
    async (_, scenario) => {
      const { names, stack } = curvePolicies();
      const w: Workload = { kind: 'scenario', scenario };
      const one = await curves(w, names, stack, 1);
      const four = await curves(w, names, stack, 4);
      expect(one.workers).toBe(1);
      expect(four.workers).toBe(4);
      expect(four.curves).toEqual(one.curves);
      expect(curveRows(four.curves, stack, names)).toEqual(curveRows(one.curves, stack, names));
      expect(Object.keys(one.curves).sort()).toEqual([...names].sort());
    },
    120_000,
  );
});
