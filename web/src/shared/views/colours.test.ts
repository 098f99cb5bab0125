import { lab } from 'd3';
import { describe, expect, it } from 'vitest';
import {
  doubleRows,
  inkOn,
  latchColor,
  packRgba,
  poolColor,
  REGION_COLOR,
  segmentColor,
  shade,
} from './colours';

/** CIE76 colour difference: above ~25 two colours read as different at a glance. */
function deltaE(a: string, b: string): number {
  const p = lab(a);
  const q = lab(b);
  return Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);
}

describe('colours', () => {
  it('gives the first 27 segments distinct colours, none of them the free grey', () => {
    const colours = Array.from({ length: 27 }, (_, i) => segmentColor(i));
    expect(new Set(colours).size).toBe(27);
    expect(colours).not.toContain('#bab0ab');
    expect(segmentColor(0)).toBe('#4e79a7');
  });

  it('writes dark ink on light fills and white on dark ones', () => {
    expect(inkOn('#edc949')).toBe('#16181d');
    expect(inkOn('#4e79a7')).toBe('#ffffff');
  });

  it('marks a double-buffered cell over half its height, at every size that has room', () => {
    // issue 26 #9: a 1-px line at 2,048 buffers could not be seen from the back of a room
    expect(doubleRows(1)).toBe(0);
    for (let cell = 2; cell <= 40; cell++) {
      expect(doubleRows(cell)).toBeGreaterThanOrEqual(cell / 2);
      expect(doubleRows(cell)).toBeLessThan(cell);
    }
  });

  it('packs RGBA little-endian for ImageData', () => {
    const p = packRgba('#102030');
    expect(p & 0xff).toBe(0x10);
    expect((p >>> 8) & 0xff).toBe(0x20);
    expect((p >>> 16) & 0xff).toBe(0x30);
    expect(p >>> 24).toBe(255);
  });

  it('shades towards white and knows the pools', () => {
    expect(shade('#000000', 0)).toBe('#ffffff');
    expect(shade('#336699', 1)).toBe('#336699');
    expect(poolColor('KEEP')).not.toBe(poolColor('RECYCLE'));
    expect(latchColor(3, 8)).toBe(latchColor(11, 8));
  });

  it('draws region outlines in colours no segment has', () => {
    const segments = Array.from({ length: 27 }, (_, i) => segmentColor(i));
    for (const [region, c] of Object.entries(REGION_COLOR)) {
      const nearest = Math.min(...segments.map((s) => deltaE(c, s)));
      // free is dashed grey, as its never-used cells are: it only has to stay off the fills
      expect(nearest, `${region} outline ${c}`).toBeGreaterThan(region === 'free' ? 15 : 20);
    }
  });
});
