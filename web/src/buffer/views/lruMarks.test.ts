import { describe, expect, it } from 'vitest';
import { computeGrid, slotXY } from './lruGrid';
import { sections } from './lruLayout';
import { midpointBar, placeTags, TAG_H, type Tag } from './lruMarks';
import { LRU, TOUCH } from './regions.fixture';

/** Two tags' boxes overlap (in both directions: rows a few px apart share a band). */
const overlaps = (tags: Tag[]) =>
  tags.some((a, i) =>
    tags.some(
      (b, j) =>
        i < j && a.y < b.y + TAG_H && b.y < a.y + TAG_H && a.x < b.x + b.w && b.x < a.x + a.w,
    ),
  );

describe('placeTags', () => {
  const grid = computeGrid({ width: 1200, budget: 600, setSizes: [50, 50], canvas: false, dpr: 1 });

  it('names the hot head, the midpoint and the cold tail of a touch-count list', () => {
    const tags = placeTags(
      grid,
      sections(new Uint32Array([12, 28, 4, 0, 6, 0, 50, 0, 0, 0]), TOUCH),
    );
    const kinds = tags.filter((t) => t.set === 0).map((t) => t.kind);
    expect(kinds).toEqual(expect.arrayContaining(['midpoint', 'hot', 'cold', 'write', 'free']));
    // No hot region: the midpoint is at the head, and there is no HOT HEAD tag.
    expect(tags.filter((t) => t.set === 1).map((t) => t.kind)).toEqual(['midpoint', 'cold']);
    expect(overlaps(tags)).toBe(false);
  });

  it('names MRU and LRU under 8.0, without a midpoint', () => {
    const tags = placeTags(grid, sections(new Uint32Array([48, 0, 0, 2, 50, 0, 0, 0]), LRU));
    expect(tags.map((t) => t.text)).toEqual([
      'MRU HEAD',
      'LRU TAIL',
      'FREE',
      'MRU HEAD',
      'LRU TAIL',
    ]);
  });

  it('keeps tags of rows a few px apart from overlapping (small cells, a phone)', () => {
    const small = computeGrid({ width: 370, budget: 200, setSizes: [1000], canvas: false, dpr: 1 });
    expect(small.pitch).toBeLessThan(TAG_H);
    for (let repl = 1; repl <= 400; repl += 7) {
      const tags = placeTags(small, sections(new Uint32Array([repl, 0, 0, 1000 - repl]), LRU));
      expect(overlaps(tags), `LRU list of ${repl}`).toBe(false);
    }
  });

  it('never covers a cell: without lanes a lower row’s tag stands in the top lane', () => {
    // issue 26 #10: COLD TAIL and FREE stood over the row above theirs
    const small = computeGrid({ width: 640, budget: 300, setSizes: [1000], canvas: false, dpr: 1 });
    expect(small.lanes).toBe(false);
    const cells = Array.from({ length: 1002 }, (_, i) => slotXY(small, 0, i));
    for (let repl = 1; repl <= 1000; repl += 37) {
      const tags = placeTags(
        small,
        sections(new Uint32Array([Math.ceil(repl / 2), repl >> 1, 0, 0, 1000 - repl]), TOUCH),
      );
      for (const t of tags) {
        const hit = cells.find(
          (c) =>
            t.x < c.x + small.cell &&
            c.x < t.x + t.w &&
            t.y < c.y + small.cell &&
            c.y < t.y + TAG_H,
        );
        expect(hit, `${t.text} of a list of ${repl}`).toBeUndefined();
        if (t.lead) expect(t.lead.y).toBeGreaterThan(t.y + TAG_H);
      }
      if (repl > 2 * small.sets[0].cols) expect(tags.some((t) => t.lead)).toBe(true);
    }
  });

  it('shortens or drops a tag rather than overlap another', () => {
    // Two hot buffers: HOT HEAD would run into MIDPOINT.
    const tags = placeTags(grid, sections(new Uint32Array([2, 46, 1, 1, 0]), TOUCH));
    expect(tags.find((t) => t.kind === 'midpoint')?.text).toBe('MIDPOINT');
    expect(overlaps(tags)).toBe(false);
    // Never over another region: the hot tag stays over the two hot buffers.
    const hot = tags.find((t) => t.kind === 'hot');
    expect(hot?.text).toBe('HOT');
    if (hot) expect(hot.x + hot.w).toBeLessThanOrEqual(grid.gridX + 2 * grid.pitch + 2);
    for (const t of tags) expect(t.x + t.w).toBeLessThanOrEqual(grid.width);
  });
});

describe('midpointBar', () => {
  const grid = computeGrid({ width: 1200, budget: 600, setSizes: [50], canvas: false, dpr: 1 });
  it('stands between the last hot and the first cold buffer', () => {
    const [sec] = sections(new Uint32Array([10, 40, 0, 0, 0]), TOUCH);
    const bar = midpointBar(grid, sec, 0, sec.regions[1]);
    const x10 = grid.gridX + (10 % grid.sets[0].cols) * grid.pitch;
    expect(bar.x).toBeLessThan(x10);
    expect(bar.x).toBeGreaterThan(x10 - (grid.pitch - grid.cell));
  });
  it('stands after the last buffer when all are hot', () => {
    const [sec] = sections(new Uint32Array([5, 0, 0, 0, 45]), TOUCH);
    const bar = midpointBar(grid, sec, 0, sec.regions[1]);
    expect(bar.x).toBeGreaterThan(grid.gridX + 4 * grid.pitch + grid.cell - 1);
  });
});
