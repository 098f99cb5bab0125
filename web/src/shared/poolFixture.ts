// A pool worker inside the test's own thread (Vitest): it runs the worker side (./poolWorker)
// on the engine the test loaded, and answers after a delay drawn from a seeded generator, so
// the answers of several such workers arrive out of order — as real Workers' do — and the
// pool's merge is what puts them back.
import type { FromPool, PoolWorker, ToPool } from './pool';
import { servePool } from './poolWorker';

/** A small seeded generator (mulberry32), for the answers' delays. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LocalWorker<S, T, R> extends PoolWorker<S, T, R> {
  terminated: boolean;
  /** The tasks it was given, by index. */
  ran: number[];
}

export function localWorker<S, T, R, C>(
  prepare: (setup: S) => C | Promise<C>,
  work: (context: C, task: T) => R,
  seed: number,
  maxDelayMs = 4,
): LocalWorker<S, T, R> {
  const delay = random(seed);
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
    (m: FromPool<R>) =>
      setTimeout(() => !w.terminated && w.onmessage?.({ data: m }), delay() * maxDelayMs),
    prepare,
    work,
  );
  return w;
}
