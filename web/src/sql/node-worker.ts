// The console's worker under Node (the CLI): the page's sql.worker.ts over worker_threads, so
// the CLI stops a runaway script the way the page does, by ending the thread (./client).
import { parentPort } from 'node:worker_threads';
import type { ToWorker } from './client';
import { openSessionNode } from './node';
import { answer } from './serve';

const opened = openSessionNode();
const port = parentPort;
if (!port) throw new Error('node-worker.ts runs as a worker thread (see nodeWorker in node.ts)');
port.on('message', async (m: ToWorker) => {
  try {
    port.postMessage(answer(await opened, m, (r) => port.postMessage(r)));
  } catch (err) {
    port.postMessage({
      id: m.id,
      kind: 'error',
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
