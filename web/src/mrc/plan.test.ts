import { describe, expect, it } from 'vitest';
import {
  addPoints,
  curveSizes,
  curveRows,
  defaultPolicies,
  MIN_BUFFERS,
  planTasks,
  pointsDone,
  POINTS,
  toRows,
} from './plan';

describe('curveSizes', () => {
  it('spans 1/20 of the top to 1¼ × the working set in 20 even steps', () => {
    const s = curveSizes(4000, 1000);
    expect(s).toHaveLength(POINTS);
    expect(s[0]).toBe(250);
    expect(s[POINTS - 1]).toBe(5000);
    expect(s).toEqual([...s].sort((a, b) => a - b));
  });
  it('reaches today’s size when it is past the working set', () => {
    const s = curveSizes(100, 3000);
    expect(s[s.length - 1]).toBe(3000);
  });
  it('never goes below the model’s smallest pool, and stays distinct', () => {
    const s = curveSizes(10, 50);
    expect(s[0]).toBe(MIN_BUFFERS);
    expect(new Set(s).size).toBe(s.length);
    expect(s.length).toBe(POINTS);
  });
});

describe('policies and tasks', () => {
  const names = ['lru', 'touch-count', 'fifo', 'arc', 'opt'];
  it('ticks the profile’s rules, LRU, ARC and OPT that are registered', () => {
    expect(defaultPolicies(names, 'touch-count')).toEqual(['touch-count', 'lru', 'arc', 'opt']);
    expect(defaultPolicies(['lru', 'fifo'], 'lru')).toEqual(['lru']);
  });
  it('runs a stack policy whole and the others size by size, stack curves first', () => {
    const t = planTasks(['fifo', 'lru', 'opt'], [50, 100, 150], ['lru', 'opt']);
    expect(t.map((x) => [x.policy, x.sizes.length])).toEqual([
      ['lru', 3],
      ['opt', 3],
      ['fifo', 1],
      ['fifo', 1],
      ['fifo', 1],
    ]);
  });
});

describe('results', () => {
  it('gathers points in size order, as chart rows and export rows', () => {
    let c = addPoints({}, 'fifo', [{ size: 100, misses: 30, accesses: 100 }]);
    c = addPoints(c, 'fifo', [{ size: 50, misses: 60, accesses: 100 }]);
    c = addPoints(c, 'lru', [
      { size: 50, misses: 70, accesses: 100 },
      { size: 100, misses: null, accesses: null, error: 'refused, "why"' },
    ]);
    expect(c.fifo.map((p) => p.size)).toEqual([50, 100]);
    expect(pointsDone(c)).toBe(4);
    expect(toRows(c, [50, 100])).toEqual([
      { size: 50, ratio: { fifo: 0.6, lru: 0.7 } },
      { size: 100, ratio: { fifo: 0.3, lru: null } },
    ]);
    const rows = curveRows(c, ['lru']);
    expect(rows[0]).toEqual({
      policy: 'fifo',
      method: 'simulated',
      cache_buffers: 50,
      misses: 60,
      accesses: 100,
      miss_ratio: 0.6,
      error: null,
    });
    expect(rows[3]).toMatchObject({
      method: 'one-pass stack',
      miss_ratio: null,
      error: 'refused, "why"',
    });
  });

  it('exports the policies in the run’s order, whichever Worker answered first', () => {
    let c = addPoints({}, 'fifo', [{ size: 50, misses: 60, accesses: 100 }]);
    c = addPoints(c, 'lru', [{ size: 50, misses: 70, accesses: 100 }]);
    expect(curveRows(c, ['lru'], ['lru', 'arc', 'fifo']).map((r) => r.policy)).toEqual([
      'lru',
      'fifo',
    ]);
  });
});
