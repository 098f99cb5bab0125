// Miss-ratio curves in several workers give the one-worker run's points, field for field
// (issue 30 #3): startCurves driven with workers in this thread on the real engine, their
// answers delivered out of turn (../shared/poolFixture), for a bundled seed and a small
// random workload, every registered policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import { curvePolicies, RefStream, type Workload } from '../sim/mrc';
import { loadEngineNode } from '../sim/node';
import { localWorkers } from '../shared/poolFixture';
import { bundled } from '../store/storeFixture';
import type { FromWorker, ToWorker, WorkerLike } from './mrcClient';
import { startCurves } from './mrcClient';
import { addPoints, curveRows, type Curves } from './plan';
import { runTask, type CurveSetup } from './task';

beforeAll(() => loadEngineNode());
const streams: RefStream[] = [];
afterAll(() => streams.forEach((s) => s.free()));

const keep = (s: RefStream) => (streams.push(s), s);

/** Curve workers in this thread: each plans (its own stream) and serves the pool's tasks. */
function curveWorkers(seed: number) {
  const local = localWorkers(
    (setup: CurveSetup) => ({ setup, stream: null as RefStream | null }),
    (c, t: Parameters<typeof runTask>[1]) =>
      runTask(c.setup, t, () => (c.stream ??= keep(RefStream.of(c.setup.workload)))),
    seed,
  );
  return (): WorkerLike => {
    const inner = local.spawn();
    const outer: WorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage: (m: ToWorker) => {
        if (m.kind !== 'plan') return inner.postMessage(m);
        const summary = keep(RefStream.of(m.workload)).summary();
        setTimeout(() => outer.onmessage?.({ data: { kind: 'summary', summary } }), 0);
      },
      terminate: () => inner.terminate(),
    };
    inner.onmessage = (e) => outer.onmessage?.(e as { data: FromWorker });
    return outer;
  };
}

function curves(workload: Workload, policies: string[], stack: string[], cores: number) {
  return new Promise<{ curves: Curves; workers: number }>((resolve, reject) => {
    let c: Curves = {};
    let workers = 0;
    startCurves(
      workload,
      policies,
      stack,
      null,
      (m) => {
        if (m.kind === 'plan') workers = m.workers;
        else if (m.kind === 'points') c = addPoints(c, m.policy, m.points);
        else if (m.kind === 'done') resolve({ curves: c, workers });
        else reject(new Error(m.message));
      },
      curveWorkers(cores),
      cores,
    );
  });
}

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
