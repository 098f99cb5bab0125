// The worker's side of ./pool.ts: `prepare` the setup once (load the engine, read the
// workload), then answer each task with `work`'s result, one at a time and in the order they
// came. A task that throws ends the job with its message (a task that can fail on its own,
// such as a sweep's point, returns its failure as its result instead).
import type { FromPool, ToPool } from './pool';

export function servePool<S, T, R, C>(
  post: (m: FromPool<R>) => void,
  prepare: (setup: S) => C | Promise<C>,
  work: (context: C, task: T) => R,
): (m: ToPool<S, T>) => void {
  let context: Promise<C> | null = null;
  // messages are handled one after another: a task waits for the setup before it
  let queue: Promise<void> = Promise.resolve();
  return (m) => {
    queue = queue.then(async () => {
      try {
        if (m.kind === 'setup') {
          context = Promise.resolve(prepare(m.setup));
          await context;
          return;
        }
        if (!context) throw new Error('a task came before the setup');
        post({ kind: 'result', index: m.index, result: work(await context, m.task) });
      } catch (err) {
        post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
      }
    });
  };
}
