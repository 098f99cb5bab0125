import { describe, expect, it } from 'vitest';
import { spread } from './lineChart';

describe('spread (reference labels)', () => {
  it('leaves labels that are far enough apart where they are', () => {
    expect(spread([10, 40, 90], 13, 200)).toEqual([10, 40, 90]);
  });

  it('pushes close labels apart, keeping their order', () => {
    // paper KEEP 98.5 % and DEFAULT 95.7 % on a 100-px plot: 4 px apart
    const [keep, def] = spread([1.5, 4.3], 13, 100);
    expect(def - keep).toBeGreaterThanOrEqual(13);
    expect(keep).toBeLessThan(def);
  });

  it('keeps them above the bottom when there is room, moving the others up', () => {
    const ys = spread([95, 97, 99], 13, 100);
    expect(Math.max(...ys)).toBeLessThanOrEqual(100);
    const sorted = [...ys].sort((a, b) => a - b);
    expect(sorted[1] - sorted[0]).toBeGreaterThanOrEqual(13);
    expect(sorted[2] - sorted[1]).toBeGreaterThanOrEqual(13);
  });
});
