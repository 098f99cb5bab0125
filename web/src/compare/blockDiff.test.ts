import { describe, expect, it } from 'vitest';
import type { Segment } from '../sim/engine';
import { BlockDiff } from './blockDiff';

const seg = (name: string) => ({ name }) as unknown as Segment;
/** The DBA of block `block` of segment `s` (0-based), as the engine packs it. */
const dba = (s: number, block: number) => (((s + 1) << 22) | (block + 1)) >>> 0;

describe('the blocks cached in one configuration and not in the other', () => {
  it('marks each run’s buffers whose block the other has not cached', () => {
    const objects = [seg('T'), seg('I')];
    const a = { dba: Uint32Array.from([dba(0, 1), dba(0, 2), 0, dba(1, 7)]), objects };
    const b = { dba: Uint32Array.from([dba(1, 7), dba(0, 3), dba(0, 1)]), objects };
    const d = new BlockDiff().compute(a, b);
    expect([...d.a]).toEqual([0, 1, 0, 0]);
    expect([...d.b]).toEqual([0, 1, 0]);
    expect([d.onlyA, d.onlyB]).toEqual([1, 1]);
  });

  it('matches segments by name, whatever their order, and marks a segment only one has', () => {
    const a = { dba: Uint32Array.from([dba(0, 5), dba(1, 5)]), objects: [seg('T'), seg('I')] };
    const b = {
      dba: Uint32Array.from([dba(1, 5), dba(0, 5), dba(2, 5)]),
      objects: [seg('I'), seg('T'), seg('X')],
    };
    const d = new BlockDiff().compute(a, b);
    expect([...d.a]).toEqual([0, 0]);
    expect([...d.b]).toEqual([0, 0, 1]);
  });

  it('handles 100,000 buffers (a hash set, not a scan per buffer)', () => {
    const n = 100_000;
    const objects = [seg('T')];
    const a = { dba: new Uint32Array(n).map((_, i) => dba(0, i)), objects };
    const b = { dba: new Uint32Array(n).map((_, i) => dba(0, i + n / 2)), objects };
    const diff = new BlockDiff();
    const d = diff.compute(a, b);
    expect(d.onlyA).toBe(n / 2);
    expect(d.onlyB).toBe(n / 2);
    expect(d.a[0]).toBe(1);
    expect(d.a[n - 1]).toBe(0);
    expect(diff.compute(a, a).onlyA).toBe(0);
  });
});
