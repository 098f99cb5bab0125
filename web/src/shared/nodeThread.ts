// A worker thread under Node (the headless runners, Vitest) running a TypeScript entry, as the
// page runs a Web Worker. A thread does not inherit tsx's loader, so it asks tsx to import
// the TypeScript (tsImport, https://tsx.is/dev-api/ts-import).
import { Worker } from 'node:worker_threads';
import type { PoolWorker } from './pool';

export function tsThread(entry: URL): Worker {
  const api = import.meta.resolve('tsx/esm/api');
  const href = JSON.stringify(entry.href);
  return new Worker(
    `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${href}, ${href}))`,
    { eval: true },
  );
}

/** A thread running `entry` (which serves ./poolWorker on its parentPort), as a pool worker. */
export function threadWorker<S, T, R>(entry: URL): PoolWorker<S, T, R> {
  const thread = tsThread(entry);
  const me: PoolWorker<S, T, R> = {
    onmessage: null,
    onerror: null,
    postMessage: (m) => thread.postMessage(m),
    terminate: () => void thread.terminate(),
  };
  thread.on('message', (data) => me.onmessage?.({ data }));
  thread.on('error', (e: Error) => me.onerror?.({ message: e.message }));
  return me;
}
