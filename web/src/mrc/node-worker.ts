// A curve worker thread under Node (`npm run -s mrc --jobs N`): the same tasks, on its own copy
// of the engine, as the page's mrc.worker.ts (./task.ts); the workload's reference stream is
// built once per thread, when a stack curve first needs it.
import { parentPort } from 'node:worker_threads';
import { loadEngineSync } from '../sim/engine';
import { RefStream } from '../sim/mrc';
import { loadEngineNode } from '../sim/node';
import type { FromPool } from '../shared/pool';
import { servePool } from '../shared/poolWorker';
import type { Task } from './plan';
import { runTask, type CurvePoints, type CurveSetup } from './task';

const port = parentPort;
if (!port) throw new Error('node-worker.ts runs as a worker thread (see ./node.ts)');
let stream: RefStream | null = null;
port.on(
  'message',
  servePool(
    (m: FromPool<CurvePoints>) => port.postMessage(m),
    (setup: CurveSetup) => {
      if (setup.module) loadEngineSync(setup.module);
      else loadEngineNode();
      return setup;
    },
    (setup: CurveSetup, t: Task) =>
      runTask(setup, t, () => (stream ??= RefStream.of(setup.workload))),
  ),
);
