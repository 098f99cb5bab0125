// Tasks under Node over worker threads (issue 30 #3; the sweep's and the curves' headless
// runners): the tasks go to `jobs` threads through the page's pool (./pool.ts), each thread
// with its own engine; `jobs` = 1 runs them one after another here. The results come back in
// task order and are the same, field for field, whatever `jobs` is.
import { availableParallelism } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { loadEngineSync } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { threadWorker } from './nodeThread';
import { inOrder, runPool, type FromPool, type RunningPool } from './pool';
import { servePool } from './poolWorker';

/** Threads by default: one a core. */
export const defaultJobs = () => availableParallelism();

export interface NodeJob<R> {
  /** The results in task order, once every one is done or the job is cancelled (then the
   * results heard until then); rejects on a worker's failure. */
  results: Promise<R[]>;
  cancel(): void;
}

export interface NodeTasks<S, T, R> {
  setup: S;
  tasks: T[];
  jobs: number;
  /** the thread's entry: serves ./poolWorker on its parentPort with `run` */
  entry: URL;
  /** one task here, as the thread runs it (`jobs` = 1) */
  run: (setup: S, task: T) => R;
  /** each result in task order, as soon as the ones before it are done */
  onResult?: (result: R, index: number) => void;
}

export function inThreads<S, T, R>(job: NodeTasks<S, T, R>): NodeJob<R> {
  const { setup, tasks, jobs, entry, run, onResult = () => {} } = job;
  const results: R[] = [];
  const heard = inOrder<R>((i, r) => {
    results.push(r);
    onResult(r, i);
  });
  // after a cancel nothing more is heard, even of results that had arrived early and are being
  // handed on with the one whose listener cancelled (`stop`)
  let cancelled = false;
  const stop = () => {
    cancelled = true;
    heard.stop();
  };
  if (jobs <= 1) {
    const serial = (async () => {
      for (let i = 0; i < tasks.length && !cancelled; i++) {
        heard(i, run(setup, tasks[i]));
        await Promise.resolve(); // let a cancel in
      }
      return results;
    })();
    return { results: serial, cancel: stop };
  }
  let pool: RunningPool = { cancel: () => {} };
  let settle = () => {};
  const all = new Promise<R[]>((resolve, reject) => {
    settle = () => resolve(results);
    pool = runPool<S, T, R>({
      setup,
      tasks,
      workers: jobs,
      spawn: () => threadWorker(entry),
      onResult: heard,
      onDone: () => resolve(results),
      onError: (message) => reject(new Error(message)),
    });
  });
  return {
    results: all,
    cancel: () => {
      stop();
      pool.cancel();
      settle();
    },
  };
}

/**
 * The thread's side (an entry's one call): load the engine — the parent's compiled module when
 * the setup brings one (no compiling and tiering up again), else from disk — then answer each
 * task with `run`, as ./poolWorker serves the page's Web Workers.
 */
export function serveThread<S extends { module?: WebAssembly.Module | null }, T, R>(
  run: (setup: S, task: T) => R,
): void {
  const port = parentPort;
  if (!port) throw new Error('a pool entry runs as a worker thread (see ./nodePool.ts)');
  port.on(
    'message',
    servePool(
      (m: FromPool<R>) => port.postMessage(m),
      (setup: S) => {
        if (setup.module) loadEngineSync(setup.module);
        else loadEngineNode();
        return setup;
      },
      run,
    ),
  );
}
