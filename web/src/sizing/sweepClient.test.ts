import { describe, expect, it } from 'vitest';
import type { SweepPoint } from './sweep';
import { inOrder, MAX_WORKERS, workersFor, type FromWorker } from './sweepClient';

const point = (index: number): FromWorker => ({
  kind: 'point',
  index,
  point: { value: index * 10, metrics: {}, pools: [], error: null } satisfies SweepPoint,
});

describe('sweep workers', () => {
  it('one a core, at most MAX_WORKERS, never more than the points', () => {
    expect(workersFor(20, 2)).toBe(2);
    expect(workersFor(20, 64)).toBe(MAX_WORKERS);
    expect(workersFor(1, 8)).toBe(1);
    expect(workersFor(20, 0)).toBe(1);
    expect(workersFor(20, NaN)).toBe(1);
  });

  it('hands on points in index order whatever order the workers finish them in', () => {
    const heard: FromWorker[] = [];
    const listen = inOrder((m) => heard.push(m));
    listen({ kind: 'start', values: [0, 10, 20, 30] });
    for (const i of [1, 3, 0, 2]) listen(point(i));
    listen({ kind: 'done' });
    expect(heard.map((m) => (m.kind === 'point' ? m.index : m.kind))).toEqual([
      'start',
      0,
      1,
      2,
      3,
      'done',
    ]);
  });

  it('holds a point back until the ones before it arrive', () => {
    const heard: number[] = [];
    const listen = inOrder((m) => m.kind === 'point' && heard.push(m.index));
    listen(point(2));
    listen(point(1));
    expect(heard).toEqual([]);
    listen(point(0));
    expect(heard).toEqual([0, 1, 2]);
  });
});
