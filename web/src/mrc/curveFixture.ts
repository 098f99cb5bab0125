// The page's curve run (startCurves, the Miss-ratio curves panel's own path) driven in this
// thread on the real engine: workers here (../shared/poolFixture) that plan on their own stream
// and serve the pool's tasks, their answers delivered out of turn. The tests that compare
// other paths with the panel's (parallel.test.ts, scripts/mrc.test.ts) run it.
import type { Workload } from '../sim/mrc';
import { RefStream } from '../sim/mrc';
import { localWorkers } from '../shared/poolFixture';
import type { FromWorker, ToWorker, WorkerLike } from './mrcClient';
import { startCurves } from './mrcClient';
import { addPoints, type Curves } from './plan';
import { runTask, type CurveSetup } from './task';

const streams: RefStream[] = [];
/** Free the streams the workers made (afterAll). */
export const freeStreams = () => streams.splice(0).forEach((s) => s.free());

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

export function curves(workload: Workload, policies: string[], stack: string[], cores: number) {
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
