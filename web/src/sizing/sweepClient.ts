// Starting a sweep in Web Workers and hearing from it: the values it runs, each point in the
// order of its value, the end, or why it could not run. The points are independent runs: the
// pool (../shared/pool.ts) gives them out one at a time to up to one Worker a core
// (navigator.hardwareConcurrency), each with its own engine — while a run plays on the page,
// one core is left to it (`pageShare`); Cancel terminates them all.
import { engineModule, type Scenario } from '../sim/engine';
import {
  coresHere,
  inOrder,
  pageShare,
  runPool,
  workersFor,
  type PoolWorker,
  type RunningPool,
  type Share,
} from '../shared/pool';
import { planSweep, type SweepPoint, type SweepSetup, type SweepSpec } from './sweep';

export type Heard =
  | { kind: 'start'; values: number[]; workers: number }
  | { kind: 'point'; index: number; point: SweepPoint }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

export type SweepWorker = PoolWorker<SweepSetup, number, SweepPoint>;

export type RunningSweep = RunningPool;

const newWorker = (): SweepWorker =>
  new Worker(new URL('./sweep.worker.ts', import.meta.url), { type: 'module' }) as SweepWorker;

/**
 * Plan the sweep here (the values; a scenario the engine refuses is refused once, now), then
 * run its points in `workers` workers (default: one a core), heard in value order.
 */
export function startSweep(
  scenario: Scenario,
  spec: SweepSpec,
  listen: (m: Heard) => void,
  opts: {
    spawn?: () => SweepWorker;
    workers?: number;
    module?: WebAssembly.Module | null;
    share?: Share;
  } = {},
): RunningSweep {
  let values: number[];
  try {
    values = planSweep(scenario, spec);
  } catch (e) {
    let cancelled = false;
    const message = e instanceof Error ? e.message : String(e);
    queueMicrotask(() => !cancelled && listen({ kind: 'error', message }));
    return { cancel: () => (cancelled = true) };
  }
  const workers = opts.workers ?? workersFor(values.length, coresHere());
  listen({ kind: 'start', values, workers: Math.min(workers, values.length) });
  const ordered = inOrder<SweepPoint>((index, point) => listen({ kind: 'point', index, point }));
  const pool = runPool({
    setup: { scenario, param: spec.param, module: opts.module ?? engineModule() },
    tasks: values,
    workers,
    spawn: opts.spawn ?? newWorker,
    onResult: ordered,
    onDone: () => listen({ kind: 'done' }),
    onError: (message) => listen({ kind: 'error', message }),
    share: opts.share ?? pageShare,
  });
  return {
    cancel: () => {
      // a listener that cancels on a point hears no more, even of points that had arrived
      // early and are being handed on with it
      ordered.stop();
      pool.cancel();
    },
  };
}
