// A sweep under Node over worker threads (issue 30 #3): the points go to `jobs` threads through
// the page's pool (../shared/nodePool.ts), each thread with its own engine; `jobs` = 1 runs them
// one after another here, as the plain generator does. The points come back in value order
// and are the same, field for field, whatever `jobs` is.
import { engineModule, type Scenario } from '../sim/engine';
import { defaultJobs, inThreads } from '../shared/nodePool';
import { planSweep, setupPoint, type SweepPoint, type SweepSpec } from './sweep';

export { defaultJobs };

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
  const job = inThreads({
    // the parent's compiled engine goes to each thread (no compiling and tiering up again)
    setup: { scenario, param: spec.param, module: jobs > 1 ? engineModule() : null },
    tasks: values,
    jobs,
    entry,
    run: setupPoint,
    onResult: onPoint,
  });
  return { points: job.results, cancel: job.cancel };
}
