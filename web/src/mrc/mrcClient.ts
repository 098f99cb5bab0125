// Miss-ratio curves in Web Workers: one Worker first builds the workload's reference stream
// and says how long it is and how many blocks it touches (the sizes follow from that,
// ./plan.ts); then the tasks — each stack policy's whole curve, every other policy size by
// size — go to a pool (../shared/pool.ts) of up to one Worker a core
// (navigator.hardwareConcurrency), the planning one first, each with its own engine (one core
// left to the page while a run plays there: `pageShare`). Cancel terminates them all (a run
// in progress stops at once).
import type { StreamSummary, Workload } from '../sim/mrc';
import {
  coresHere,
  pageShare,
  runPool,
  workersFor,
  type FromPool,
  type RunningPool,
  type Share,
  type ToPool,
} from '../shared/pool';
import { curveSizes, planTasks, type Point, type Task } from './plan';
import type { CurvePoints, CurveSetup } from './task';

export type ToWorker =
  | { kind: 'plan'; workload: Workload; module?: WebAssembly.Module | null }
  | ToPool<CurveSetup, Task>;

export type FromWorker = { kind: 'summary'; summary: StreamSummary } | FromPool<CurvePoints>;

/** What the page hears: the plan (sizes and how many points in all), points, the end. */
export type Heard =
  | { kind: 'plan'; summary: StreamSummary; sizes: number[]; total: number; workers: number }
  | { kind: 'points'; policy: string; points: Point[] }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

export interface WorkerLike {
  onmessage: ((e: { data: FromWorker }) => void) | null;
  onerror: ((e: { message: string }) => void) | null;
  postMessage(m: ToWorker): void;
  terminate(): void;
}

export type RunningCurves = RunningPool;

const newWorker = (): WorkerLike =>
  new Worker(new URL('./mrc.worker.ts', import.meta.url), { type: 'module' }) as WorkerLike;

export function startCurves(
  workload: Workload,
  policies: string[],
  stack: string[],
  module: WebAssembly.Module | null,
  listen: (m: Heard) => void,
  makeWorker: () => WorkerLike = newWorker,
  cores: number = coresHere(),
  share: Share = pageShare,
): RunningCurves {
  const planner = makeWorker();
  let job: RunningPool | null = null;
  let over = false;
  const cancel = () => {
    over = true;
    if (job) job.cancel();
    else planner.terminate();
  };
  const fail = (message: string) => {
    if (over) return;
    cancel();
    listen({ kind: 'error', message });
  };
  planner.onerror = (e) => fail(e.message || 'a curve worker failed to start');
  planner.onmessage = (e) => {
    if (over) return;
    const m = e.data;
    if (m.kind === 'error') return fail(m.message);
    if (m.kind !== 'summary') return;
    const sizes = curveSizes(m.summary.distinct, m.summary.current_buffers);
    const tasks = planTasks(policies, sizes, stack);
    if (tasks.length === 0) {
      cancel();
      listen({ kind: 'plan', summary: m.summary, sizes, total: 0, workers: 0 });
      listen({ kind: 'done' });
      return;
    }
    const workers = workersFor(tasks.length, cores);
    const total = policies.length * sizes.length;
    listen({ kind: 'plan', summary: m.summary, sizes, total, workers });
    job = runPool({
      setup: { workload, stack, module },
      tasks,
      workers,
      // the planning Worker is the first: it holds the stream a stack curve needs
      spawn: (i) => (i === 0 ? planner : makeWorker()),
      onResult: (_, r) => listen({ kind: 'points', policy: r.policy, points: r.points }),
      onDone: () => listen({ kind: 'done' }),
      onError: (message) => listen({ kind: 'error', message }),
      share,
    });
  };
  planner.postMessage({ kind: 'plan', workload, module });
  return { cancel };
}
