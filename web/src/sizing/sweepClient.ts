// Starting a sweep in its Web Worker and hearing from it: each point as it is done, the end,
// or why it could not run. Cancel terminates the worker (a run in progress stops at once).
import type { Scenario } from '../sim/engine';
import type { SweepPoint, SweepSpec } from './sweep';

export type FromWorker =
  | { kind: 'start'; values: number[] }
  | { kind: 'point'; index: number; point: SweepPoint }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

export interface RunningSweep {
  cancel(): void;
}

export function startSweep(
  scenario: Scenario,
  spec: SweepSpec,
  listen: (m: FromWorker) => void,
): RunningSweep {
  const worker = new Worker(new URL('./sweep.worker.ts', import.meta.url), { type: 'module' });
  let over = false;
  const end = () => {
    over = true;
    worker.terminate();
  };
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    if (over) return;
    if (e.data.kind === 'done' || e.data.kind === 'error') end();
    listen(e.data);
  };
  worker.onerror = (e) => {
    if (over) return;
    end();
    listen({ kind: 'error', message: e.message || 'the sweep worker failed to start' });
  };
  worker.postMessage({ scenario, spec });
  return { cancel: end };
}
