// The console's engine under Node (the `npm run sql` CLI, Vitest): sql.js finds its wasm
// beside its own script. `nodeWorker` runs it in a worker thread for ./client, as the page
// runs it in a Web Worker, so the CLI has the page's time limit.
import initSqlJs from 'sql.js';
import { tsThread } from '../shared/nodeThread';
import type { FromWorker, ToWorker, WorkerLike } from './client';
import { SqlSession } from './session';

export async function openSessionNode(): Promise<SqlSession> {
  return new SqlSession(await initSqlJs());
}

/** A worker thread running node-worker.ts, as a WorkerLike (../shared/nodeThread). */
export function nodeWorker(): WorkerLike {
  const worker = tsThread(new URL('./node-worker.ts', import.meta.url));
  const me: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage: (m: ToWorker) => worker.postMessage(m),
    terminate: () => void worker.terminate(),
  };
  worker.on('message', (data: FromWorker) => me.onmessage?.({ data } as MessageEvent<FromWorker>));
  worker.on('error', (e: Error) => me.onerror?.({ message: e.message } as ErrorEvent));
  return me;
}
