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
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  asked: ToWorker[] = [];
  terminated = false;
  postMessage(m: ToWorker) {
    this.asked.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  say(m: FromWorker) {
    this.onmessage?.({ data: m } as MessageEvent<FromWorker>);
  }
}

const workload = { kind: 'scenario' as const, scenario: {} as Scenario };

describe('startCurves', () => {
  it('plans in one worker, then shares the tasks and hears every point to the end', () => {
    const made: Fake[] = [];
    const heard: Heard[] = [];
    startCurves(
      workload,
      ['lru', 'fifo'],
      ['lru'],
      null,
      (m) => heard.push(m),
      () => {
        const f = new Fake();
        made.push(f);
        return f;
      },
      2,
    );
    expect(made).toHaveLength(1);
    expect(made[0].asked[0].kind).toBe('plan');
    made[0].say({
      kind: 'summary',
      summary: { accesses: 1000, distinct: 400, current_buffers: 100 },
    });
    expect(made).toHaveLength(2);
    const plan = heard[0] as Extract<Heard, { kind: 'plan' }>;
    expect(plan.sizes).toHaveLength(20);
    expect(plan.total).toBe(40);
    const runs = made.map((f) => f.asked[f.asked.length - 1] as Extract<ToWorker, { kind: 'run' }>);
    expect(runs.map((r) => r.tasks.length)).toEqual([11, 10]);
    expect(runs[0].tasks[0]).toEqual({ policy: 'lru', sizes: plan.sizes });
    made[1].say({
      kind: 'points',
      policy: 'fifo',
      points: [{ size: 50, misses: 9, accesses: 10 }],
    });
    made[1].say({ kind: 'done' });
    expect(heard.at(-1)?.kind).toBe('points');
    made[0].say({ kind: 'done' });
    expect(heard.at(-1)).toEqual({ kind: 'done' });
    expect(made.every((f) => f.terminated)).toBe(true);
  });

  it('cancel terminates the workers and nothing more is heard', () => {
    const made: Fake[] = [];
    const heard: Heard[] = [];
    const run = startCurves(
      workload,
      ['lru'],
      ['lru'],
      null,
      (m) => heard.push(m),
      () => {
        const f = new Fake();
        made.push(f);
        return f;
      },
      4,
    );
    run.cancel();
    made[0].say({ kind: 'summary', summary: { accesses: 1, distinct: 1, current_buffers: 50 } });
    expect(made[0].terminated).toBe(true);
    expect(heard).toEqual([]);
  });

  it('an error in a worker ends the run with its message', () => {
    const made: Fake[] = [];
    const heard: Heard[] = [];
    startCurves(
      workload,
      ['lru'],
      ['lru'],
      null,
      (m) => heard.push(m),
      () => {
        const f = new Fake();
        made.push(f);
        return f;
      },
      1,
    );
    made[0].say({ kind: 'error', message: 'policy: no such' });
    expect(heard).toEqual([{ kind: 'error', message: 'policy: no such' }]);
    expect(made[0].terminated).toBe(true);
  });
});
