// Pool workers inside the test's own thread (Vitest): each runs the worker side
// (./poolWorker) on the engine the test loaded, and their answers wait in one queue, from
// which a seeded generator picks the next to deliver — so several workers' answers arrive out
// of order, as real Workers' do, the same way on every run, and the pool's merge is what puts
// them back.
import type { FromPool, PoolWorker, ToPool } from './pool';
import { servePool } from './poolWorker';
import { mulberry32 as random } from './random';

export interface LocalWorker<S, T, R> extends PoolWorker<S, T, R> {
  terminated: boolean;
  /** The tasks it was given, by index. */
  ran: number[];
}

export interface LocalWorkers<S, T, R> {
  /** A new worker (the pool's `spawn`). */
  spawn: () => LocalWorker<S, T, R>;
  made: LocalWorker<S, T, R>[];
  /** The tasks' indexes in the order their results were delivered. */
  answered: number[];
}

export function localWorkers<S, T, R, C>(
  prepare: (setup: S) => C | Promise<C>,
  work: (context: C, task: T) => R,
  seed: number,
): LocalWorkers<S, T, R> {
  const pick = random(seed);
  const waiting: (() => void)[] = [];
  let ticking = false;
  // every worker with a task has answered before a timer fires (the work runs in microtasks):
  // each tick delivers one of the waiting answers, chosen by the generator
  const tick = () => {
    ticking = false;
    const [deliver] = waiting.splice(Math.floor(pick() * waiting.length), 1);
    deliver?.();
    later();
  };
  const later = () => {
    if (ticking || waiting.length === 0) return;
    ticking = true;
    setTimeout(tick, 0);
  };
  const out: LocalWorkers<S, T, R> = { spawn: () => spawn(), made: [], answered: [] };
  const spawn = () => {
    const w: LocalWorker<S, T, R> = {
      onmessage: null,
      onerror: null,
      terminated: false,
      ran: [],
      postMessage: (m: ToPool<S, T>) => {
        if (m.kind === 'task') w.ran.push(m.index);
        handle(m);
      },
      terminate: () => void (w.terminated = true),
    };
    const handle = servePool(
      (m: FromPool<R>) => {
        waiting.push(() => {
          if (w.terminated) return;
          if (m.kind === 'result') out.answered.push(m.index);
          w.onmessage?.({ data: m });
        });
        later();
      },
      prepare,
      work,
    );
    out.made.push(w);
    return w;
  };
  return out;
}
