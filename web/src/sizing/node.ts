// A sweep under Node over worker threads (issue 30 #3): the points go to `jobs` threads through
// the page's pool (../shared/pool.ts), each thread with its own engine; `jobs` = 1 runs them
// one after another here, as the plain generator does. The points come back in value order
// and are the same, field for field, whatever `jobs` is.
import { availableParallelism } from 'node:os';
import { engineModule, type Scenario } from '../sim/engine';
import { threadWorker } from '../shared/nodeThread';
import { inOrder, runPool, type RunningPool } from '../shared/pool';
import { planSweep, sweepPoint, type SweepPoint, type SweepSetup, type SweepSpec } from './sweep';

/** Threads by default: one a core. */
export const defaultJobs = () => availableParallelism();

const entry = new URL('./node-worker.ts', import.meta.url);

export interface NodeSweep {
  /** The points in value order, once every one is done or the sweep is cancelled (then the
   * points heard until then); rejects on a worker's failure. */
  points: Promise<SweepPoint[]>;
  cancel(): void;
}

/**
 * Sweep `scenario` over `spec` in `jobs` threads; `onPoint` hears each point in value order
 * as soon as the ones before it are done. Needs the engine loaded here (to plan).
 */
export function sweepInThreads(
  scenario: Scenario,
  spec: SweepSpec,
  jobs: number,
  onPoint: (point: SweepPoint, index: number) => void = () => {},
): NodeSweep {
  const values = planSweep(scenario, spec);
  const points: SweepPoint[] = [];
  const heard = inOrder<SweepPoint>((i, p) => {
    points.push(p);
    onPoint(p, i);
  });
  // after a cancel nothing more is heard, even of points that had arrived early and are being
  // handed on with the one whose listener cancelled (`stop`)
  let cancelled = false;
  const stop = () => {
    cancelled = true;
    heard.stop();
  };
  if (jobs <= 1) {
    const serial = (async () => {
      for (let i = 0; i < values.length && !cancelled; i++) {
        heard(i, sweepPoint(scenario, spec.param, values[i]));
        await Promise.resolve(); // let a cancel in
      }
      return points;
    })();
    return { points: serial, cancel: stop };
  }
  let pool: RunningPool = { cancel: () => {} };
  let settle = () => {};
  const all = new Promise<SweepPoint[]>((resolve, reject) => {
    settle = () => resolve(points);
    pool = runPool<SweepSetup, number, SweepPoint>({
      setup: { scenario, param: spec.param, module: engineModule() },
      tasks: values,
      workers: jobs,
      spawn: () => threadWorker(entry),
      onResult: heard,
      onDone: () => resolve(points),
      onError: (message) => reject(new Error(message)),
    });
  });
  return {
    points: all,
    cancel: () => {
      stop();
      pool.cancel();
      settle();
    },
  };
}
