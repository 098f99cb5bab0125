// A curve Worker: its own engine builds the workload's reference stream when it needs it (to
// plan, or for a stack curve) and runs the tasks the pool gives it one at a time (./task.ts,
// ../shared/pool.ts); the page cancels by terminating it.
import { loadEngine } from '../sim/engine';
import { RefStream } from '../sim/mrc';
import wasmUrl from '../wasm/pkg/cachesim_bg.wasm?url';
import { servePool } from '../shared/poolWorker';
import type { FromWorker, ToWorker } from './mrcClient';
import type { Task } from './plan';
import { runTask, type CurveSetup } from './task';

const post = (m: FromWorker) =>
  (self as unknown as { postMessage(m: FromWorker): void }).postMessage(m);

// the planning Worker keeps the stream it read for the pool's tasks of the same run
let stream: RefStream | null = null;

const pool = servePool(
  post,
  async (setup: CurveSetup) => {
    await loadEngine(setup.module ?? wasmUrl);
    return setup;
  },
  (setup: CurveSetup, t: Task) =>
    runTask(setup, t, () => (stream ??= RefStream.of(setup.workload))),
);

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  const ask = e.data;
  if (ask.kind !== 'plan') return pool(ask);
  try {
    await loadEngine(ask.module ?? wasmUrl);
    stream?.free();
    stream = RefStream.of(ask.workload);
    post({ kind: 'summary', summary: stream.summary() });
  } catch (err) {
    post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
