// A sweep's worker thread under Node (`npm run -s sweep --jobs N`, the tests, the benchmark):
// the same points, on its own copy of the engine, as the page's sweep.worker.ts.
import { parentPort } from 'node:worker_threads';
import { loadEngineSync } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import type { FromPool } from '../shared/pool';
import { servePool } from '../shared/poolWorker';
import { setupPoint, type SweepPoint, type SweepSetup } from './sweep';

const port = parentPort;
if (!port) throw new Error('node-worker.ts runs as a worker thread (see ./node.ts)');
port.on(
  'message',
  servePool(
    (m: FromPool<SweepPoint>) => port.postMessage(m),
    (setup: SweepSetup) => {
      // the parent's compiled engine when it sends one (no compiling and tiering up again)
      if (setup.module) loadEngineSync(setup.module);
      else loadEngineNode();
      return setup;
    },
    setupPoint,
  ),
);
