import { describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import {
  startCurves,
  type FromWorker,
  type Heard,
  type ToWorker,
  type WorkerLike,
} from './mrcClient';

class Fake implements WorkerLike {
  onmessage: ((e: { data: FromWorker }) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  asked: ToWorker[] = [];
  terminated = false;
  postMessage(m: ToWorker) {
    this.asked.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  say(m: FromWorker) {
    this.onmessage?.({ data: m });
  }
  /** The indexes of the tasks it was given. */
  tasks() {
    return this.asked.flatMap((m) => (m.kind === 'task' ? [m.index] : []));
  }
}

const workload = { kind: 'scenario' as const, scenario: {} as Scenario };

function start(policies: string[], stack: string[], cores: number) {
  const made: Fake[] = [];
  const heard: Heard[] = [];
  const run = startCurves(
    workload,
    policies,
    stack,
    null,
    (m) => heard.push(m),
    () => {
      const f = new Fake();
      made.push(f);
      return f;
    },
    cores,
  );
  return { made, heard, run };
}

const summary = { accesses: 1000, distinct: 400, current_buffers: 100 };
const point = (size: number) => ({ size, misses: 9, accesses: 10 });

describe('startCurves', () => {
  it('plans in one worker, then gives the tasks out one at a time and hears every point', () => {
    const { made, heard } = start(['lru', 'fifo'], ['lru'], 2);
    expect(made).toHaveLength(1);
    expect(made[0].asked[0].kind).toBe('plan');
    made[0].say({ kind: 'summary', summary });
    // the planning worker is the pool's first; a second joins it
    expect(made).toHaveLength(2);
    const plan = heard[0] as Extract<Heard, { kind: 'plan' }>;
    expect(plan.sizes).toHaveLength(20);
    expect(plan.total).toBe(40);
    expect(plan.workers).toBe(2);
    expect(made.map((f) => f.asked.find((m) => m.kind === 'setup'))).toEqual([
      { kind: 'setup', setup: { workload, stack: ['lru'], module: null } },
      { kind: 'setup', setup: { workload, stack: ['lru'], module: null } },
    ]);
    // the stack curve (task 0) to the planner, which holds the stream; fifo's first size next
    expect(made.map((f) => f.tasks())).toEqual([[0], [1]]);
    const first = made[0].asked.find((m) => m.kind === 'task');
    expect(first).toEqual({ kind: 'task', index: 0, task: { policy: 'lru', sizes: plan.sizes } });
    // the worker that answers first gets the next task
    for (let i = 1; i <= 20; i++) {
      made[1].say({
        kind: 'result',
        index: i,
        result: { policy: 'fifo', points: [point(plan.sizes[i - 1])] },
      });
    }
    expect(made[1].tasks()).toHaveLength(20);
    expect(made[0].tasks()).toEqual([0]);
    expect(heard.at(-1)?.kind).toBe('points');
    expect(made.some((f) => f.terminated)).toBe(false);
    made[0].say({
      kind: 'result',
      index: 0,
      result: { policy: 'lru', points: plan.sizes.map(point) },
    });
    expect(heard.at(-1)).toEqual({ kind: 'done' });
    expect(heard.filter((m) => m.kind === 'points')).toHaveLength(21);
    expect(made.every((f) => f.terminated)).toBe(true);
  });

  it('cancel while planning terminates the planner and nothing more is heard', () => {
    const { made, heard, run } = start(['lru'], ['lru'], 4);
    run.cancel();
    made[0].say({ kind: 'summary', summary: { accesses: 1, distinct: 1, current_buffers: 50 } });
    expect(made[0].terminated).toBe(true);
    expect(made).toHaveLength(1);
    expect(heard).toEqual([]);
  });

  it('cancel while running terminates every worker and nothing more is heard', () => {
    const { made, heard, run } = start(['fifo'], [], 4);
    made[0].say({ kind: 'summary', summary });
    expect(made).toHaveLength(4);
    made[2].say({ kind: 'result', index: 2, result: { policy: 'fifo', points: [point(50)] } });
    const before = heard.length;
    run.cancel();
    made[3].say({ kind: 'result', index: 3, result: { policy: 'fifo', points: [point(60)] } });
    expect(heard).toHaveLength(before);
    expect(made.every((f) => f.terminated)).toBe(true);
  });

  it('an error in a worker ends the run with its message', () => {
    const { made, heard } = start(['lru'], ['lru'], 1);
    made[0].say({ kind: 'error', message: 'policy: no such' });
    expect(heard).toEqual([{ kind: 'error', message: 'policy: no such' }]);
    expect(made[0].terminated).toBe(true);
  });
});
