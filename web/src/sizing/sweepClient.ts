// Starting a sweep in Web Workers and hearing from them: each point, in the order of its value,
// the end, or why it could not run. The points are shared among up to MAX_WORKERS workers (one
// a core: the page's own thread stays free), each with its own engine; Cancel terminates them
// all (a run in progress stops at once).
import { engineModule, type Scenario } from '../sim/engine';
import type { SweepPoint, SweepSpec } from './sweep';

export type FromWorker =
  | { kind: 'start'; values: number[] }
  | { kind: 'point'; index: number; point: SweepPoint }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

/** What a worker is asked: the whole sweep, and which share of its points it runs. */
export interface ToWorker {
  scenario: Scenario;
  spec: SweepSpec;
  /** This worker runs the points whose index mod `parts` is `part`. */
  part: number;
  parts: number;
  /** The page's compiled engine, when it has one (see `engineModule`). */
  module?: WebAssembly.Module | null;
}

export interface RunningSweep {
  cancel(): void;
}

/** At most this many workers: more cores than this rarely pay for their engines' memory. */
export const MAX_WORKERS = 4;

/** How many workers a sweep of `steps` points gets on a machine with `cores` cores. */
export const workersFor = (steps: number, cores: number) =>
  Math.max(1, Math.min(MAX_WORKERS, steps, Math.floor(cores) || 1));

/**
 * Points arrive from several workers out of order; `listen` hears them in index order (a
 * point waits until every point before it has arrived), so a caller can append them.
 */
export function inOrder(listen: (m: FromWorker) => void): (m: FromWorker) => void {
  const early = new Map<number, FromWorker>();
  let next = 0;
  return (m) => {
    if (m.kind !== 'point') return listen(m);
    early.set(m.index, m);
    for (let p = early.get(next); p; p = early.get(next)) {
      early.delete(next);
      next += 1;
      listen(p);
    }
  };
}

export function startSweep(
  scenario: Scenario,
  spec: SweepSpec,
  listen: (m: FromWorker) => void,
): RunningSweep {
  const parts = workersFor(spec.steps, globalThis.navigator?.hardwareConcurrency ?? 1);
  const workers = Array.from(
    { length: parts },
    () => new Worker(new URL('./sweep.worker.ts', import.meta.url), { type: 'module' }),
  );
  const ordered = inOrder(listen);
  let over = false;
  let done = 0;
  const end = () => {
    over = true;
    for (const w of workers) w.terminate();
  };
  workers.forEach((worker, part) => {
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (over) return;
      const m = e.data;
      // every worker plans the same values: the first part says so for all
      if (m.kind === 'start' && part !== 0) return;
      if (m.kind === 'done' && ++done < parts) return;
      if (m.kind === 'done' || m.kind === 'error') end();
      ordered(m);
    };
    worker.onerror = (e) => {
      if (over) return;
      end();
      listen({ kind: 'error', message: e.message || 'a sweep worker failed to start' });
    };
    const ask: ToWorker = { scenario, spec, part, parts, module: engineModule() };
    worker.postMessage(ask);
  });
  return { cancel: end };
}
