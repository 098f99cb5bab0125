// The page's side of the "Your instance" Worker (./instance.worker.ts): one analysis at a time,
// a promise, and cancel (the Worker terminated).
import { engineModule } from '../sim/engine';
import type { Analysis } from './analyse';
import type { ReadReport } from './types';

export type ToWorker = { read: ReadReport; module?: WebAssembly.Module | null };
export type FromWorker = { kind: 'done'; analysis: Analysis } | { kind: 'error'; message: string };

export interface Analysing {
  result: Promise<Analysis>;
  cancel(): void;
}

/** The analysis of a report read, in a Worker of its own. */
export function analyseInWorker(read: ReadReport): Analysing {
  const worker = new Worker(new URL('./instance.worker.ts', import.meta.url), { type: 'module' });
  let reject: (e: Error) => void = () => {};
  const result = new Promise<Analysis>((res, rej) => {
    reject = rej;
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      worker.terminate();
      if (e.data.kind === 'done') res(e.data.analysis);
      else rej(new Error(e.data.message));
    };
    worker.onerror = (e) => {
      worker.terminate();
      rej(new Error(e.message || 'the analysis Worker failed'));
    };
  });
  worker.postMessage({ read, module: engineModule() } satisfies ToWorker);
  return {
    result,
    cancel() {
      worker.terminate();
      reject(new Error('cancelled'));
    },
  };
}
