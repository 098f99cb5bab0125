// A sweep's worker thread under Node (`npm run -s sweep --jobs N`, the tests, the benchmark):
// the same points, on its own copy of the engine, as the page's sweep.worker.ts.
import { parentPort } from 'node:worker_threads';
import { loadEngineNode } from '../sim/node';
import type { FromPool } from '../shared/pool';
import { servePool } from '../shared/poolWorker';
import { setupPoint, type SweepPoint, type SweepSetup } from './sweep';

const port = parentPort;
if (!port) throw new Error('node-worker.ts runs as a worker thread (see ./node.ts)');
loadEngineNode();
port.on(
  'message',
  servePool(
    (m: FromPool<SweepPoint>) => port.postMessage(m),
    (setup: SweepSetup) => setup,
    setupPoint,
  ),
);
