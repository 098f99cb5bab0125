import { describe, expect, it } from 'vitest';
import { fitText, spread } from './lineChart';

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

describe('a side label along a short plot (issue 26 #10: the right axis read "latc")', () => {
  // a monospace stand-in for the canvas measure: 0.6 em a character
  const width = (t: string, px: number) => t.length * px * 0.6;
  it('keeps its text and size when it fits', () => {
    expect(fitText('latch free wait, s', 200, width)).toEqual({
      text: 'latch free wait, s',
      px: 12,
    });
  });
  it('is set smaller before it is cut', () => {
    const fit = fitText('latch free wait, s', 110, width);
    expect(fit.text).toBe('latch free wait, s');
    expect(fit.px).toBeLessThan(12);
    expect(width(fit.text, fit.px)).toBeLessThanOrEqual(110);
  });
  it('is cut with an ellipsis at 9 px, never past its room', () => {
    const fit = fitText('latch free wait, s', 60, width);
    expect(fit.px).toBe(9);
    expect(fit.text.endsWith('…')).toBe(true);
    expect(width(fit.text, 9)).toBeLessThanOrEqual(60);
  });
});

describe('a label with a shorter wording (issue 26 #9: presenter mode zooms 12 px to 18)', () => {
  const width = (t: string, px: number) => t.length * px * 0.6;
  it('keeps the whole wording at 12 px or more', () => {
    expect(fitText('hot 212 (max 500)', 17 * 12 * 0.6, width, 12.5, 'hot 212/500')).toEqual({
      text: 'hot 212 (max 500)',
      px: 12,
    });
  });
  it('takes the shorter wording rather than go under 12 px', () => {
    const fit = fitText('hot 212 (max 500)', 90, width, 12.5, 'hot 212/500');
    expect(fit).toEqual({ text: 'hot 212/500', px: 12.5 });
  });
});
