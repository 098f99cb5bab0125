import { describe, expect, it } from 'vitest';
import { NO_BUFFER } from '../../sim/engine';
import { osGrid, osSlotAt, osSlotXY, slotOfBuffer, summarize, truncation } from './osLayout';

const dba = (seg: number, block: number) => (((seg + 1) << 22) | (block + 1)) >>> 0;

describe('the OS page cache layout', () => {
  it('takes the largest cells that fit the height', () => {
    const g = osGrid({ width: 400, maxHeight: 100, slots: 100, dpr: 1 });
    expect(g.pitch).toBe(16);
    expect(g.cols).toBe(25);
    expect(g.rows).toBe(4);
    expect(g.height).toBeLessThanOrEqual(100);
    const big = osGrid({ width: 800, maxHeight: 120, slots: 65_536, dpr: 1 });
    expect(big.height).toBeLessThanOrEqual(120);
    expect(big.cols * big.rows).toBeGreaterThanOrEqual(65_536);
  });

  it('shrinks to one device pixel, and overflows only then', () => {
    const g = osGrid({ width: 100, maxHeight: 10, slots: 100_000, dpr: 2 });
    expect(g.pitch).toBe(0.5);
    expect(g.cell).toBe(0.5);
    expect(g.height).toBeGreaterThan(10);
  });

  it('hit-tests the slot under the pointer', () => {
    const g = osGrid({ width: 160, maxHeight: 100, slots: 30, dpr: 1 });
    const { x, y } = osSlotXY(g, 13);
    expect(osSlotAt(g, x + 1, y + 1, 30)).toBe(13);
    expect(osSlotAt(g, x + 1, y + 1, 13)).toBeNull();
    expect(osSlotAt(g, -1, 0, 30)).toBeNull();
  });

  it('counts double-buffered pages and pages per segment', () => {
    const pairs = new Uint32Array([dba(0, 1), 7, dba(1, 2), NO_BUFFER, dba(0, 3), NO_BUFFER]);
    const s = summarize(pairs);
    expect(s.pages).toBe(3);
    expect(s.doubled).toBe(1);
    expect(s.perSegment.get(0)).toBe(2);
    expect(s.perSegment.get(1)).toBe(1);
    expect(slotOfBuffer(pairs, 7)).toBe(0);
    expect(slotOfBuffer(pairs, 8)).toBe(-1);
  });

  it('says when the list is cut', () => {
    expect(truncation(100, 100)).toBeNull();
    expect(truncation(100_000, 65_536)).toBe(
      'showing the 65,536 most recently used of 100,000 pages',
    );
  });
});
