// A curve worker thread under Node (`npm run -s mrc --jobs N`): the same tasks, on its own copy
// of the engine, as the page's mrc.worker.ts (./task.ts); the workload's reference stream is
// built once per thread, when a stack curve first needs it.
import { RefStream } from '../sim/mrc';
import { serveThread } from '../shared/nodePool';
import type { Task } from './plan';
import { runTask, type CurveSetup } from './task';

let stream: RefStream | null = null;
serveThread((setup: CurveSetup, t: Task) =>
  runTask(setup, t, () => (stream ??= RefStream.of(setup.workload))),
);
