// A step's caption goes in the lane above its ring's row and never covers a cell (issue 26
// #10: beside the ring, "read → midpoint" hid the list head's cells).
import { describe, expect, it } from 'vitest';
import { captionBox } from './lruEffects';
import { computeGrid, slotXY, type Grid } from './lruGrid';
import { TAG_H } from './lruMarks';

const gridFor = (buffers: number, width: number, budget: number): Grid =>
  computeGrid({ width, budget, setSizes: [buffers], canvas: false, dpr: 1 });

/** Every cell of set 0 as a box. */
function cells(grid: Grid, buffers: number) {
  return Array.from({ length: buffers + 2 }, (_, i) => slotXY(grid, 0, i)).map((c) => ({
    x0: c.x,
    y0: c.y,
    x1: c.x + grid.cell,
    y1: c.y + grid.cell,
  }));
}

describe('captionBox', () => {
  it('stands beside a tag in its lane, never over it', () => {
    const grid = gridFor(1000, 640, 300);
    const c = slotXY(grid, 0, 2);
    const p = { x: c.x + grid.cell / 2, y: c.y + grid.cell / 2 };
    const tagY = grid.sets[0].top + 20 - TAG_H - 3;
    const tags = [
      { x: grid.gridX - 2, y: tagY, w: 70 },
      { x: grid.gridX + 74, y: tagY, w: 40 },
    ];
    const at = captionBox(grid, p, 130, tags);
    expect(at).not.toBeNull();
    for (const t of tags) expect(at!.x >= t.x + t.w || at!.x + 130 <= t.x).toBe(true);
    // a lane full of tags: no caption rather than one over them
    expect(captionBox(grid, p, 130, [{ x: 0, y: tagY, w: grid.width }])).toBeNull();
  });

  for (const [buffers, width, budget] of [
    [50, 900, 500],
    [1000, 640, 300],
    [1000, 1400, 700],
  ])
    it(`${buffers} buffers in ${width}×${budget}: every caption clear of every cell`, () => {
      const grid = gridFor(buffers, width, budget);
      const boxes = cells(grid, buffers);
      let shown = 0;
      for (let i = 0; i < buffers; i++) {
        const c = slotXY(grid, 0, i);
        const p = { x: c.x + grid.cell / 2, y: c.y + grid.cell / 2 };
        const at = captionBox(grid, p, 130);
        expect(at, `slot ${i}`).not.toBeNull();
        if (!at) continue;
        shown++;
        const cap = { x0: at.x, y0: at.y, x1: at.x + 130, y1: at.y + at.h };
        const hit = boxes.find(
          (b) => cap.x0 < b.x1 && b.x0 < cap.x1 && cap.y0 < b.y1 && b.y0 < cap.y1,
        );
        expect(hit, `caption of slot ${i} at ${JSON.stringify(at)}`).toBeUndefined();
        expect(at.x).toBeGreaterThanOrEqual(0);
        expect(at.x + 130).toBeLessThanOrEqual(grid.width);
      }
      expect(shown).toBe(buffers);
    });
});
