import { describe, expect, it } from 'vitest';
import { foregroundShare, inOrder, MAX_WORKERS, runPool, workersFor, type Share } from './pool';
import { localWorkers } from './poolFixture';

describe('how many workers', () => {
  it('one a core, at most MAX_WORKERS, never more than the tasks', () => {
    expect(workersFor(20, 2)).toBe(2);
    expect(workersFor(20, 64)).toBe(MAX_WORKERS);
    expect(workersFor(1, 8)).toBe(1);
    expect(workersFor(20, 0)).toBe(1);
    expect(workersFor(20, NaN)).toBe(1);
  });
});

describe('inOrder', () => {
  it('hands on results in index order whatever order they arrive in', () => {
    const heard: number[] = [];
    const listen = inOrder<string>((i, r) => heard.push(i) && expect(r).toBe(`r${i}`));
    for (const i of [1, 3, 0, 2]) listen(i, `r${i}`);
    expect(heard).toEqual([0, 1, 2, 3]);
  });

  it('holds a result back until the ones before it arrive', () => {
    const heard: number[] = [];
    const listen = inOrder<null>((i) => heard.push(i));
    listen(2, null);
    listen(1, null);
    expect(heard).toEqual([]);
    listen(0, null);
    expect(heard).toEqual([0, 1, 2]);
  });

  it('hears nothing after stop, not even results waiting behind the one being heard', () => {
    const heard: number[] = [];
    const listen = inOrder<null>((i) => {
      heard.push(i);
      if (i === 1) listen.stop(); // a listener that cancels on a result
    });
    listen(2, null);
    listen(1, null);
    listen(0, null);
    listen(3, null);
    expect(heard).toEqual([0, 1]);
  });
});

/** Square each task in `n` local workers; what was heard, and the workers. */
function squares(tasks: number[], n: number, work = (x: number) => x * x, share?: Share) {
  const local = localWorkers(
    (s: string) => s,
    (_: string, x: number) => work(x),
    7,
  );
  const results: [number, number][] = [];
  let cancel = () => {};
  const finished = new Promise<string>((resolve) => {
    cancel = runPool<string, number, number>({
      setup: 'square',
      tasks,
      workers: n,
      spawn: local.spawn,
      onResult: (i, r) => results.push([i, r]),
      onDone: () => resolve('done'),
      onError: (m) => resolve(`error: ${m}`),
      share,
    }).cancel;
  });
  return { made: local.made, results, finished, cancel: () => cancel() };
}

describe('runPool', () => {
  it('gives every task out once, spreads them over the workers, and ends', async () => {
    const tasks = Array.from({ length: 30 }, (_, i) => i);
    const { made, results, finished } = squares(tasks, 3);
    expect(await finished).toBe('done');
    expect(made).toHaveLength(3);
    expect(made.flatMap((w) => w.ran).sort((a, b) => a - b)).toEqual(tasks);
    expect(made.every((w) => w.ran.length > 0)).toBe(true);
    expect(made.every((w) => w.terminated)).toBe(true);
    expect(new Map(results)).toEqual(new Map(tasks.map((t) => [t, t * t])));
    // the answers came back out of order: the merge is what orders them
    expect(results.map(([i]) => i)).not.toEqual(tasks);
  });

  it('never starts more workers than tasks, and ends at once with none', async () => {
    const two = squares([4, 5], 8);
    expect(await two.finished).toBe('done');
    expect(two.made).toHaveLength(2);
    const none = squares([], 4);
    expect(await none.finished).toBe('done');
    expect(none.made).toHaveLength(0);
  });

  it('a task that throws ends the job with its message and terminates every worker', async () => {
    const { made, finished } = squares([1, 2, 3, 4, 5, 6], 2, (x) => {
      if (x === 4) throw new Error('four is refused');
      return x;
    });
    expect(await finished).toBe('error: four is refused');
    expect(made.every((w) => w.terminated)).toBe(true);
  });

  it('cancel terminates every worker, gives no more tasks out, and nothing more is heard', async () => {
    const tasks = Array.from({ length: 40 }, (_, i) => i);
    const job = squares(tasks, 2);
    await new Promise((r) => setTimeout(r, 10));
    job.cancel();
    const heard = job.results.length;
    const given = job.made.reduce((n, w) => n + w.ran.length, 0);
    expect(heard).toBeLessThan(tasks.length);
    await new Promise((r) => setTimeout(r, 30));
    expect(job.results).toHaveLength(heard);
    expect(job.made.reduce((n, w) => n + w.ran.length, 0)).toBe(given);
    expect(job.made.every((w) => w.terminated)).toBe(true);
  });

  it('leaves the page a core while it animates, and takes every worker again once it stops', async () => {
    const share = foregroundShare(() => 2);
    share.setBusy(true);
    const tasks = Array.from({ length: 30 }, (_, i) => i);
    const job = squares(tasks, 3, undefined, share);
    const busy = () => job.made.reduce((n, w) => n + w.ran.length, 0) - job.results.length;
    const seen = { animating: 0, after: 0 };
    let stopped = false;
    const sample = () => {
      if (!stopped && job.results.length >= 10) {
        stopped = true;
        share.setBusy(false);
      }
      const key = stopped ? 'after' : 'animating';
      seen[key] = Math.max(seen[key], busy());
      if (job.results.length < tasks.length) setTimeout(sample, 0);
    };
    sample();
    expect(await job.finished).toBe('done');
    expect(job.made).toHaveLength(3);
    expect(seen.animating).toBe(1);
    expect(seen.after).toBe(3);
    expect(new Map(job.results)).toEqual(new Map(tasks.map((t) => [t, t * t])));
  });

  it('a share never stops a job: one worker stays busy on one core', () => {
    const share = foregroundShare(() => 1);
    share.setBusy(true);
    expect(share.limit(4)).toBe(1);
    share.setBusy(false);
    expect(share.limit(4)).toBe(4);
    expect(foregroundShare(() => 8).limit(3)).toBe(3);
  });
});
