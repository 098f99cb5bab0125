// A pool of workers for work made of independent tasks (issue 30 #3): a sweep's points, a
// miss-ratio curve's sizes. Each worker is sent the job's setup once (the scenario, the
// engine), then one task at a time: a worker that finishes gets the next task not yet given
// out, so a slow task (a large cache, OPT's whole curve) holds up one worker, not a fixed share
// of the others. Every result is handed on with its task's index; `inOrder` puts them back in
// task order. A task's result depends on the task alone, never on which worker ran it or when,
// so a job gives the same results on one worker or many. A `Share` may hold some workers back
// for a while (the page's, while it animates a run). Cancel terminates every worker (a task
// in progress stops at once). The same pool runs Web Workers in the page and
// worker_threads in Node (./nodeThread.ts); the worker side is ./poolWorker.ts.

/** What the pool says to a worker: the setup (once, first), then tasks. */
export type ToPool<S, T> = { kind: 'setup'; setup: S } | { kind: 'task'; index: number; task: T };

/** What a worker says back: a task's result, or why it cannot go on. */
export type FromPool<R> =
  { kind: 'result'; index: number; result: R } | { kind: 'error'; message: string };

/** A Web Worker, a worker_thread behind an adapter, or a test's stand-in. */
export interface PoolWorker<S, T, R> {
  onmessage: ((e: { data: FromPool<R> }) => void) | null;
  onerror: ((e: { message: string }) => void) | null;
  postMessage(m: ToPool<S, T>): void;
  terminate(): void;
}

/** At most this many workers: past it a sweep's 20 points leave most of them idle at the end,
 * and each holds an engine (and, for a trace's curves, the trace). */
export const MAX_WORKERS = 8;

/** How many workers `tasks` tasks get on a machine with `cores` cores (one a core). */
export const workersFor = (tasks: number, cores: number) =>
  Math.max(1, Math.min(MAX_WORKERS, tasks, Math.floor(cores) || 1));

/** This machine's cores, as the page or Node reports them (1 when unknown). */
export const coresHere = (): number => globalThis.navigator?.hardwareConcurrency ?? 1;

/**
 * How many of a job's workers may run a task at once (the rest wait, engines loaded). The
 * page's share (`pageShare`): all of them, except while the page animates a run — then one
 * core is left to the page (at most cores − 1 busy, at least one), so a lecture's demo keeps
 * its frames while the audience's sweeps run (issue 30 #6); all again once it stops.
 */
export interface Share {
  limit(workers: number): number;
  /** Call `changed` when the limit may have changed; returns how to stop. */
  watch(changed: () => void): () => void;
}

export interface ForegroundShare extends Share {
  /** Whether the page is animating a run now. */
  setBusy(busy: boolean): void;
}

export function foregroundShare(cores: () => number = coresHere): ForegroundShare {
  let busy = false;
  const watchers = new Set<() => void>();
  return {
    limit: (workers) => (busy ? Math.max(1, Math.min(workers, Math.floor(cores()) - 1)) : workers),
    watch: (changed) => {
      watchers.add(changed);
      return () => void watchers.delete(changed);
    },
    setBusy: (b) => {
      if (b === busy) return;
      busy = b;
      for (const w of [...watchers]) w();
    },
  };
}

/** The page's share: the animation loop says when a run plays (store/useAnimationLoop). */
export const pageShare = foregroundShare();

export interface PoolJob<S, T, R> {
  setup: S;
  tasks: readonly T[];
  /** How many workers (at most one a task). */
  workers: number;
  /** A new worker; `index` 0 is the first. */
  spawn: (index: number) => PoolWorker<S, T, R>;
  /** Each task's result as it arrives (see `inOrder` for task order). */
  onResult: (index: number, result: R) => void;
  /** Every task has its result; the workers are terminated. */
  onDone: () => void;
  /** A worker failed: the others are terminated and nothing more is heard. */
  onError: (message: string) => void;
  /** How many may be busy at once (default: every worker). */
  share?: Share;
}

export interface RunningPool {
  cancel(): void;
}

export function runPool<S, T, R>(job: PoolJob<S, T, R>): RunningPool {
  const total = job.tasks.length;
  const workers: PoolWorker<S, T, R>[] = [];
  /** Workers with their setup and no task, waiting for the share to allow one more. */
  const idle: PoolWorker<S, T, R>[] = [];
  let over = false;
  let next = 0;
  let done = 0;
  let busy = 0;
  let unwatch = () => {};
  const end = () => {
    over = true;
    unwatch();
    for (const w of workers) w.terminate();
  };
  const fail = (message: string) => {
    if (over) return;
    end();
    job.onError(message);
  };
  const limit = () => (job.share ? job.share.limit(workers.length) : workers.length);
  const give = (w: PoolWorker<S, T, R>) => {
    if (next >= total) return;
    if (busy >= limit()) return void idle.push(w);
    busy++;
    const index = next++;
    w.postMessage({ kind: 'task', index, task: job.tasks[index] });
  };
  if (total === 0) {
    queueMicrotask(() => !over && (end(), job.onDone()));
    return { cancel: end };
  }
  const n = Math.max(1, Math.min(job.workers, total));
  for (let i = 0; i < n; i++) {
    const w = job.spawn(i);
    workers.push(w);
    w.onerror = (e) => fail(e.message || 'a worker failed to start');
    w.onmessage = (e) => {
      if (over) return;
      const m = e.data;
      if (m.kind === 'error') return fail(m.message);
      busy--;
      job.onResult(m.index, m.result);
      if (over) return; // the listener cancelled
      if (++done === total) {
        end();
        job.onDone();
        return;
      }
      give(w);
    };
    w.postMessage({ kind: 'setup', setup: job.setup });
  }
  for (const w of workers) give(w);
  // the share grew (the page stopped animating): the waiting workers take tasks again
  if (job.share)
    unwatch = job.share.watch(() => {
      while (!over && idle.length > 0 && next < total && busy < limit()) give(idle.shift()!);
    });
  return { cancel: end };
}

/** A listener of results in index order; `stop` ends it. */
export interface Ordered<R> {
  (index: number, result: R): void;
  /** Hear nothing more — not even results waiting behind the one being heard now (a listener
   *  that cancels on a result). */
  stop(): void;
}

/**
 * Results arrive from several workers out of order; `listen` hears them in index order (a
 * result waits until every one before it has arrived), so a caller can append them.
 */
export function inOrder<R>(listen: (index: number, result: R) => void): Ordered<R> {
  const early = new Map<number, R>();
  let next = 0;
  let stopped = false;
  const hear = (index: number, result: R): void => {
    if (stopped) return;
    early.set(index, result);
    while (!stopped && early.has(next)) {
      const r = early.get(next) as R;
      early.delete(next);
      listen(next++, r);
    }
  };
  return Object.assign(hear, {
    stop: () => {
      stopped = true;
      early.clear();
    },
  });
}
