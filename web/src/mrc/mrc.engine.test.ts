// The curves over the real engine, in Node: a scenario's stream, LRU's one-pass curve equal to
// the simulated LRU at each size on a plain read stream, OPT below both, and a trace's stream.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import { curvePolicies, RefStream, simulateAt, type Workload } from '../sim/mrc';
import { loadEngineNode } from '../sim/node';
import { curveSizes } from './plan';

beforeAll(() => loadEngineNode());

const scenario = {
  version: 1,
  title: 'curves',
  profile: '8.0',
  init: { db_block_buffers: 100, db_block_lru_latches: 1 },
  objects: [{ name: 'A', type: 'TABLE', blocks: 400 }],
  workload: { kind: 'random', accesses: 4000, distribution: 'zipf', seed: 3 },
} as unknown as Scenario;

describe('miss-ratio curves on the engine', () => {
  it('lists the registered policies and the stack ones', () => {
    const { names, stack } = curvePolicies();
    expect(names).toContain('lru');
    expect(names).toContain('touch-count');
    expect(names).toContain('opt');
    expect(stack).toEqual(['lru', 'opt']);
  });

  it('LRU in one pass equals LRU simulated at each size; OPT is below', () => {
    const w: Workload = { kind: 'scenario', scenario };
    const s = RefStream.of(w);
    try {
      const sum = s.summary();
      expect(sum.accesses).toBe(4000);
      expect(sum.current_buffers).toBe(100);
      const sizes = curveSizes(sum.distinct, sum.current_buffers).filter((_, i) => i % 6 === 0);
      const lru = s.curve('lru', sizes);
      const opt = s.curve('opt', sizes);
      sizes.forEach((n, i) => {
        const p = simulateAt(w, 'lru', n);
        expect([p.misses, p.accesses]).toEqual([lru.misses[i], 4000]);
        expect(opt.misses[i]).toBeLessThanOrEqual(lru.misses[i]);
      });
      expect(() => s.curve('fifo', sizes)).toThrow(/simulate it/);
    } finally {
      s.free();
    }
  });

  it('a trace’s stream is its blocks, mapped through the scenario', () => {
    const bytes = new TextEncoder().encode('1\n2\n3\n1\n2\n4\n1\n2\n');
    const w: Workload = {
      kind: 'trace',
      scenario,
      options: { format: 'txt', map: 'dense' },
      bytes,
      name: 't.txt',
    };
    const s = RefStream.of(w);
    try {
      expect(s.summary()).toMatchObject({ accesses: 8, distinct: 4 });
      expect(s.curve('opt', [1, 2, 3]).misses).toEqual([8, 6, 4]);
    } finally {
      s.free();
    }
    expect(simulateAt(w, 'fifo', 50)).toMatchObject({ misses: 4, accesses: 8 });
  });

  it('a bundled seed scenario: its stream, and OPT down to the cold misses', () => {
    const seed = JSON.parse(
      readFileSync(new URL('../../../scenarios/seed000-8.0-test1.json', import.meta.url), 'utf8'),
    ) as Scenario;
    const s = RefStream.of({ kind: 'scenario', scenario: seed });
    const sum = s.summary();
    expect(sum).toEqual({ accesses: 40000, distinct: 10647, current_buffers: 1000 });
    const opt = s.curve('opt', curveSizes(sum.distinct, sum.current_buffers));
    s.free();
    // at 1¼ × the working set only first references miss
    expect(opt.misses.at(-1)).toBe(sum.distinct);
  });
});
