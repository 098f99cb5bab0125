// Miss-ratio curves in Web Workers: one Worker first builds the workload's reference stream
// and says how long it is and how many blocks it touches (the sizes follow from that,
// ./plan.ts); then the tasks — each stack policy's whole curve, every other policy size by
// size — are shared among up to MAX_WORKERS Workers (navigator.hardwareConcurrency), each
// with its own engine. Cancel terminates them all (a run in progress stops at once).
import type { StreamSummary, Workload } from '../sim/mrc';
import { MAX_WORKERS, workersFor } from '../sizing/sweepClient';
import { curveSizes, planTasks, shareOf, type Point, type Task } from './plan';

export type ToWorker =
  | { kind: 'plan'; workload: Workload; module?: WebAssembly.Module | null }
  | {
      kind: 'run';
      workload: Workload;
      tasks: Task[];
      stack: string[];
      module?: WebAssembly.Module | null;
    };

export type FromWorker =
  | { kind: 'summary'; summary: StreamSummary }
  | { kind: 'points'; policy: string; points: Point[] }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

/** What the page hears: the plan (sizes and how many points in all), points, the end. */
export type Heard =
  | { kind: 'plan'; summary: StreamSummary; sizes: number[]; total: number; workers: number }
  | { kind: 'points'; policy: string; points: Point[] }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

export interface WorkerLike {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  postMessage(m: ToWorker): void;
  terminate(): void;
}

export interface RunningCurves {
  cancel(): void;
}

const newWorker = (): WorkerLike =>
  new Worker(new URL('./mrc.worker.ts', import.meta.url), { type: 'module' }) as WorkerLike;

export { MAX_WORKERS };

export function startCurves(
  workload: Workload,
  policies: string[],
  stack: string[],
  module: WebAssembly.Module | null,
  listen: (m: Heard) => void,
  makeWorker: () => WorkerLike = newWorker,
  cores: number = globalThis.navigator?.hardwareConcurrency ?? 1,
): RunningCurves {
  const workers: WorkerLike[] = [makeWorker()];
  let over = false;
  let running = 0;
  const end = () => {
    over = true;
    for (const w of workers) w.terminate();
  };
  const fail = (message: string) => {
    if (over) return;
    end();
    listen({ kind: 'error', message });
  };
  const hear = (w: WorkerLike) => {
    w.onerror = (e) => fail(e.message || 'a curve worker failed to start');
    w.onmessage = (e) => {
      if (over) return;
      const m = e.data;
      if (m.kind === 'error') return fail(m.message);
      if (m.kind === 'summary') return run(m.summary);
      if (m.kind === 'points') return listen(m);
      if (--running === 0) {
        end();
        listen({ kind: 'done' });
      }
    };
  };
  const run = (summary: StreamSummary) => {
    const sizes = curveSizes(summary.distinct, summary.current_buffers);
    const tasks = planTasks(policies, sizes, stack);
    const parts = workersFor(tasks.length, cores);
    while (workers.length < parts) {
      const w = makeWorker();
      hear(w);
      workers.push(w);
    }
    listen({
      kind: 'plan',
      summary,
      sizes,
      total: policies.length * sizes.length,
      workers: parts,
    });
    running = parts;
    workers.forEach((w, part) =>
      w.postMessage({ kind: 'run', workload, tasks: shareOf(tasks, part, parts), stack, module }),
    );
  };
  hear(workers[0]);
  workers[0].postMessage({ kind: 'plan', workload, module });
  return { cancel: end };
}
