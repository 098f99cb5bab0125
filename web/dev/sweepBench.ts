// The sweep the benchmarks time and load the page with (scripts/bench-sweep.ts,
// scripts/bench-load.ts, the views harness's `&sweep=1`): a million zipf accesses with 10 %
// writes, swept over 20 cache sizes — 20 independent runs of a million accesses.
import type { Scenario } from '../src/sim/engine';
import type { SweepSpec } from '../src/sizing/sweep';

export const SWEEP_ACCESSES = 1_000_000;

export const SWEEP_SPEC: SweepSpec = { param: 'db_block_buffers', from: 200, to: 4000, steps: 20 };

export const sweepBenchScenario = (accesses = SWEEP_ACCESSES): Scenario =>
  ({
    version: 1,
    title: 'Sweep benchmark: a million zipf accesses, 10 % writes',
    profile: '8.1.6',
    init: { db_block_buffers: 1000, db_block_lru_latches: 2 },
    objects: [
      { name: 'HOT', type: 'TABLE', blocks: 1000 },
      { name: 'BIG', type: 'TABLE', blocks: 20000 },
    ],
    workload: {
      kind: 'random',
      accesses,
      distribution: 'zipf',
      zipf_s: 0.8,
      write_pct: 10,
      seed: 7,
    },
  }) as unknown as Scenario;

/** The sweep as the command line and the page's form write it. */
export const SWEEP_TEXT = `${SWEEP_SPEC.param}=${SWEEP_SPEC.from}..${SWEEP_SPEC.to}/${SWEEP_SPEC.steps}`;
