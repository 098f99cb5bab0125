import { beforeAll, describe, expect, it } from 'vitest';
import { FLAG, SimRun } from '../../sim/engine';
import { loadEngineNode } from '../../sim/node';
import { harnessScenario, HARNESS_DEFAULTS } from '../../../dev/harnessScenario';
import {
  cellSpan,
  computeGrid,
  DENSE_PITCH,
  denseGrid,
  LANE,
  R_COLD,
  R_FREE,
  R_HOT,
  R_WRITE,
  R_WRITING,
  slotXY,
  type Grid,
} from './lruGrid';
import { LRU, TOUCH } from './regions.fixture';
import { firstIndex, hitTest, locate, place, rangeOutline, sections, stairAt } from './lruLayout';

beforeAll(() => loadEngineNode());

/** A grid of `cols` columns of 20 px cells, without going through the pitch search. */
function gridOf(setSizes: number[], cols: number, lanes = false, k = 1): Grid {
  const pitch = 20;
  const rowPitch = pitch + (lanes ? LANE : 0);
  let top = 0;
  const sets = setSizes.map((size) => {
    const rows = Math.ceil(Math.ceil((size + 2) / k) / cols);
    const height = LANE + rows * rowPitch;
    const box = { top, height, cols, rows, size, extraTop: top + height, extra: 0, sideTop: top };
    top += box.height + 10;
    return box;
  });
  return {
    width: 100 + cols * pitch,
    height: top,
    labelW: 100,
    gridX: 100,
    pitch,
    cell: 17,
    lanes,
    rowPitch,
    text: true,
    k,
    compact: false,
    sets,
  };
}

describe('regions', () => {
  it('the fixtures are the engine’s regions of 8.0 and 8i', () => {
    for (const [profile, regions] of [
      ['8.0', LRU],
      ['8.1.6', TOUCH],
    ] as const) {
      const run = SimRun.bench('zipf-rw', profile);
      expect(run.layoutInfo().regions).toEqual(regions);
      run.free();
    }
  });
});

describe('sections', () => {
  it('puts a gap slot before the write list and before the free buffers, only when they exist', () => {
    const [a, b, c] = sections(
      new Uint32Array([4, 6, 2, 1, 3, 0, 8, 0, 0, 2, 3, 9, 0, 0, 0]),
      TOUCH,
    );
    expect(a.regions.map((r) => [r.def.name, r.start, r.len])).toEqual([
      ['hot', 0, 4],
      ['cold', 4, 6],
    ]);
    expect(a).toMatchObject({
      offset: 0,
      repl: 10,
      write: 2,
      writing: 1,
      free: 3,
      writeStart: 11,
      freeStart: 15,
    });
    expect(b).toMatchObject({ offset: 16, writeStart: 8, freeStart: 9 });
    expect(c).toMatchObject({ offset: 26, writeStart: 12, freeStart: 12 });
  });
});

describe('place', () => {
  // One set of 12: hot 0,1,2 · cold 3..6 · write 7,8 · writing 9 · free 10,11 (buf# = order).
  const info = new Uint32Array([3, 4, 2, 1, 2]);
  const order = Uint32Array.from([5, 0, 11, 3, 7, 1, 9, 2, 10, 4, 6, 8]);
  const grid = gridOf([12], 5);
  const pl = place(grid, order, info, TOUCH, 12);

  it('lays the list out from the hot head in flow order, wrapping rows', () => {
    const slots = [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 13];
    order.forEach((b, k) =>
      expect([pl.x[b], pl.y[b]]).toEqual(Object.values(slotXY(grid, 0, slots[k]))),
    );
    expect(pl.y[order[4]]).toBe(pl.y[order[0]]);
    expect(pl.y[order[5]]).toBeGreaterThan(pl.y[order[4]]);
  });

  it('tells each buffer its region', () => {
    const regions = Array.from(order, (b) => pl.region[b]);
    expect(regions).toEqual([
      R_HOT,
      R_HOT,
      R_HOT,
      R_COLD,
      R_COLD,
      R_COLD,
      R_COLD,
      R_WRITE,
      R_WRITE,
      R_WRITING,
      R_FREE,
      R_FREE,
    ]);
  });

  it('hit-tests back to the buffer drawn there, and to nothing in a gap', () => {
    for (const b of order) expect(hitTest(grid, pl.sets, order, pl.x[b] + 5, pl.y[b] + 5)).toBe(b);
    const gap = slotXY(grid, 0, 7);
    expect(hitTest(grid, pl.sets, order, gap.x + 5, gap.y + 5)).toBeNull();
    expect(hitTest(grid, pl.sets, order, 10, 30)).toBeNull();
  });

  it('places the second set in its own block', () => {
    const two = gridOf([6, 6], 4);
    const o = Uint32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const p2 = place(two, o, new Uint32Array([0, 6, 0, 0, 0, 2, 3, 0, 0, 1]), TOUCH, 12);
    expect(p2.y[6]).toBeGreaterThanOrEqual(two.sets[1].top + LANE);
    expect(p2.region[11]).toBe(R_FREE);
    expect(p2.region[6]).toBe(R_HOT);
  });

  it('locates a few buffers where place puts them', () => {
    const at = locate(grid, order, info, TOUCH, [7, 8, 6]);
    for (const b of [7, 8, 6]) expect(at(b)).toEqual({ x: pl.x[b], y: pl.y[b] });
    expect(at(0)).toBeNull();
  });

  it('reuses the arrays it is given', () => {
    const again = place(grid, order, info, TOUCH, 12, pl);
    expect(again.x).toBe(pl.x);
  });
});

describe('place on a real run', () => {
  it('draws every buffer exactly once, in the region its flags say', () => {
    for (const profile of ['8.0', '8.1.5'] as const) {
      const run = SimRun.create(
        harnessScenario({ ...HARNESS_DEFAULTS, buffers: 600, latches: 2, profile, pools: true }),
      );
      run.step(5000);
      const { order, info } = run.order();
      const { flags } = run.views();
      const layout = run.layoutInfo();
      const grid = computeGrid({
        width: 1200,
        budget: 800,
        setSizes: layout.sets.map((s) => s.hi - s.lo),
        canvas: false,
        dpr: 1,
      });
      const pl = place(grid, order, info, layout.regions, flags.length);
      const seen = new Set<string>();
      for (let b = 0; b < flags.length; b++) {
        const key = `${pl.x[b]},${pl.y[b]}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        const f = flags[b];
        const expected =
          f & FLAG.FREE
            ? R_FREE
            : f & FLAG.WRITING
              ? R_WRITING
              : f & FLAG.ON_WRITE_LIST
                ? R_WRITE
                : f & FLAG.HOT
                  ? R_HOT
                  : R_COLD;
        expect([b, pl.region[b]]).toEqual([b, expected]);
        expect(hitTest(grid, pl.sets, order, pl.x[b] + 1, pl.y[b] + 1)).toBe(b);
      }
      run.free();
    }
  });
});

describe('computeGrid', () => {
  it('gives several sets in a short view three-line labels when that makes the cells larger', () => {
    // seed 000 TEST4's three pools in the LRU panel of a 1024×768 screen
    const input = { width: 620, budget: 250, setSizes: [800, 150, 50], canvas: false, dpr: 1 };
    const g = computeGrid(input);
    expect(g.compact).toBe(true);
    expect(g.height).toBeLessThanOrEqual(250);
    expect(g.pitch).toBeGreaterThanOrEqual(6);
    // one set, or room enough: the five-line labels stay
    expect(computeGrid({ ...input, setSizes: [1000] }).compact).toBe(false);
    expect(computeGrid({ ...input, budget: 900 }).compact).toBe(false);
  });

  it('picks the largest cells that fit the budget', () => {
    const small = computeGrid({
      width: 1200,
      budget: 400,
      setSizes: [1000],
      canvas: false,
      dpr: 1,
    });
    const big = computeGrid({ width: 1200, budget: 900, setSizes: [1000], canvas: false, dpr: 1 });
    expect(small.height).toBeLessThanOrEqual(400);
    expect(big.pitch).toBeGreaterThan(small.pitch);
    expect(big.height).toBeLessThanOrEqual(900);
  });

  it('keeps tag lanes for sets of a few rows only', () => {
    expect(
      computeGrid({ width: 1200, budget: 600, setSizes: [50], canvas: false, dpr: 1 }).lanes,
    ).toBe(true);
    expect(
      computeGrid({ width: 1200, budget: 600, setSizes: [1000], canvas: false, dpr: 1 }).lanes,
    ).toBe(false);
  });

  it('gives the canvas whole device pixels per cell', () => {
    for (const dpr of [1, 1.5, 2]) {
      const g = computeGrid({
        width: 1300,
        budget: 600,
        setSizes: [25000, 25000, 25000, 25000],
        canvas: true,
        dpr,
      });
      expect(Number.isInteger(Math.round(g.pitch * dpr * 1e6) / 1e6)).toBe(true);
      expect(g.height).toBeLessThanOrEqual(600);
      for (const s of g.sets) expect(s.cols * s.rows).toBeGreaterThanOrEqual(s.size + 2);
    }
  });
});

describe('outlines', () => {
  const grid = gridOf([40], 10);
  it('is one rectangle within a row', () => {
    expect(rangeOutline(grid, 0, 2, 6)).toHaveLength(1);
    expect(rangeOutline(grid, 0, 2, 6)[0]).toHaveLength(4);
  });
  it('is two rectangles when the rows do not overlap', () => {
    expect(rangeOutline(grid, 0, 7, 13)).toHaveLength(2);
  });
  it('is one staircase otherwise', () => {
    const [poly] = rangeOutline(grid, 0, 3, 27);
    expect(poly).toHaveLength(8);
  });
  it('draws the midpoint between the last hot and the first cold cell', () => {
    const stair = stairAt(grid, 0, 13, 40);
    const first = slotXY(grid, 0, 13);
    expect(stair).toHaveLength(4);
    expect(stair[1][0]).toBeLessThan(first.x);
    expect(stair[1][0]).toBeGreaterThan(first.x - grid.pitch + grid.cell);
    // At a row start: one line along the top of the row.
    expect(stairAt(grid, 0, 20, 40)).toHaveLength(2);
    // First row, nothing below: just the side of the first cold buffer.
    const short = stairAt(grid, 0, 3, 8);
    expect(short).toHaveLength(2);
    expect(short[0][0]).toBe(short[1][0]);
    // The top of the rest of the row stops where the list does.
    const partial = stairAt(grid, 0, 13, 17);
    expect(partial).toHaveLength(3);
    expect(partial[2][0]).toBeLessThan(slotXY(grid, 0, 17).x);
    // Everyone hot: a short line after the last buffer; no list: nothing.
    expect(stairAt(grid, 0, 8, 8)).toHaveLength(2);
    expect(stairAt(grid, 0, 0, 0)).toEqual([]);
  });
});

describe('dense mode', () => {
  // Seed 004 with the table in KEEP: DEFAULT 385,024 buffers, KEEP 129,024.
  const seed004 = [385024, 129024];
  const views = [
    { width: 1000, budget: 250 }, // 1920 × 1080
    { width: 980, budget: 360 }, // 1024 × 768
    { width: 370, budget: 380 }, // 390 × 844
  ];

  it('takes the fewest buffers a cell for which every set fits the budget', () => {
    for (const dpr of [1, 2])
      for (const v of views) {
        const input = { ...v, setSizes: seed004, canvas: true, dpr };
        const g = computeGrid(input);
        expect(g.k).toBeGreaterThan(1);
        expect(g.pitch).toBe(Math.round(DENSE_PITCH * dpr) / dpr);
        expect(g.cell).toBe(g.pitch);
        expect(g.lanes).toBe(false);
        expect(g.height).toBeLessThanOrEqual(v.budget);
        expect(denseGrid(input, g.k - 1).height).toBeGreaterThan(v.budget);
        for (const box of g.sets)
          expect(box.cols * box.rows * g.k).toBeGreaterThanOrEqual(box.size + 2);
        // The pools keep their proportions: DEFAULT has about three times KEEP's rows.
        expect(g.sets[0].rows / g.sets[1].rows).toBeGreaterThan(2.5);
      }
  });

  it('is not used when the buffers fit at DENSE_PITCH px each, nor for SVG cells', () => {
    expect(
      computeGrid({ width: 1300, budget: 600, setSizes: [50000], canvas: true, dpr: 1 }).k,
    ).toBe(1);
    expect(
      computeGrid({ width: 1200, budget: 50, setSizes: [3000], canvas: false, dpr: 1 }).k,
    ).toBe(1);
  });

  it('takes no more room than a row a set when even that overflows', () => {
    const sizes = Array.from({ length: 8 }, () => 60000);
    const g = computeGrid({ width: 1000, budget: 200, setSizes: sizes, canvas: true, dpr: 1 });
    expect(g.height).toBeGreaterThan(200);
    const most = denseGrid(
      { width: 1000, budget: 200, setSizes: sizes, canvas: true, dpr: 1 },
      60002,
    );
    expect(g.height).toBe(most.height);
    expect(g.k).toBeLessThan(60002);
  });

  // One set of 40: hot 0..9 · cold 10..29 · write 30..32 · writing 33 · free 34..39, 4 a cell.
  const info = new Uint32Array([10, 20, 3, 1, 6]);
  const order = Uint32Array.from({ length: 40 }, (_, i) => (i * 7) % 40);
  const grid = gridOf([40], 5, false, 4);
  const [sec] = sections(info, TOUCH);

  it('draws every buffer in exactly one cell, k at most a cell, in flow order', () => {
    const at = locate(grid, order, info, TOUCH, order);
    const perCell = new Map<string, number[]>();
    for (const b of order) {
      const p = at(b);
      expect(p).not.toBeNull();
      const key = `${p?.x},${p?.y}`;
      perCell.set(key, [...(perCell.get(key) ?? []), b]);
    }
    // 42 flow slots (40 buffers, 2 gaps) in 11 cells of 4.
    expect(perCell.size).toBe(11);
    for (const bufs of perCell.values()) expect(bufs.length).toBeLessThanOrEqual(4);
    expect(grid.sets[0].rows).toBe(3);
  });

  it('hit-tests a cell to its first buffer, which is drawn in that cell', () => {
    const at = locate(grid, order, info, TOUCH, order);
    for (let k = 0; k < order.length; k++) {
      const p = at(order[k]);
      if (!p) throw new Error('not located');
      const hit = hitTest(grid, [sec], order, p.x + 1, p.y + 1);
      expect(hit).not.toBeNull();
      expect(at(hit ?? -1)).toEqual(p);
      // The first of its cell: no buffer before it in the order shares the cell.
      const first = order.indexOf(hit ?? -1);
      expect(first).toBeLessThanOrEqual(k);
      for (let j = 0; j < first; j++) expect(at(order[j])).not.toEqual(p);
    }
    // Past the last cell, and in the label column: nothing.
    const end = slotXY(grid, 0, 44);
    expect(hitTest(grid, [sec], order, end.x + 1, end.y + 1)).toBeNull();
    expect(hitTest(grid, [sec], order, 10, 30)).toBeNull();
  });

  it('finds the first buffer of a range of flow slots across the gaps', () => {
    // writeStart 31, freeStart 36 (a gap at 30 and 35).
    expect(firstIndex(sec, 28, 32)).toBe(28);
    expect(firstIndex(sec, 30, 31)).toBeNull();
    expect(firstIndex(sec, 30, 34)).toBe(30);
    expect(firstIndex(sec, 35, 36)).toBeNull();
    expect(firstIndex(sec, 35, 40)).toBe(34);
    expect(firstIndex(sec, 42, 46)).toBeNull();
  });

  it('outlines regions on cell edges, each region at least one cell', () => {
    expect(cellSpan(grid, 0, 10)).toEqual([0, 3]);
    expect(cellSpan(grid, 10, 30)).toEqual([3, 8]);
    expect(cellSpan(grid, 31, 32)).toEqual([8, 9]);
    expect(cellSpan(grid, 12, 12)).toEqual([3, 3]);
    // Boundaries run through the gaps between cells.
    const half = (grid.pitch - grid.cell) / 2;
    const [poly] = rangeOutline(grid, 0, 10, 30);
    expect(poly[0]).toEqual([grid.gridX + 3 * grid.pitch - half, rowY0(grid) - half]);
    expect(stairAt(grid, 0, 10, 30)[1][0]).toBe(grid.gridX + 3 * grid.pitch - half);
  });

  it('agrees with itself on a real run', () => {
    const run = SimRun.create(
      harnessScenario({
        ...HARNESS_DEFAULTS,
        buffers: 40000,
        latches: 2,
        profile: '8.1.5',
        pools: false,
      }),
    );
    run.step(30000);
    const { order: o, info: inf } = run.order();
    const sizes = run.layoutInfo().sets.map((s) => s.hi - s.lo);
    const budget = 250; // 2 sets of 20,000: 322 px at 2 px a buffer
    const g = computeGrid({ width: 800, budget, setSizes: sizes, canvas: true, dpr: 1 });
    expect(g.k).toBeGreaterThan(1);
    const regions = run.layoutInfo().regions;
    const secs = sections(inf, regions);
    const at = locate(g, o, inf, regions, o);
    const cells = new Map<string, number>();
    for (const b of o) {
      const p = at(b);
      if (!p) throw new Error(`buf# ${b} not drawn`);
      const key = `${p.x},${p.y}`;
      cells.set(key, (cells.get(key) ?? 0) + 1);
      const hit = hitTest(g, secs, o, p.x + 0.5, p.y + 0.5);
      expect(hit === null ? null : at(hit)).toEqual(p);
    }
    for (const n of cells.values()) expect(n).toBeLessThanOrEqual(g.k);
    expect(g.height).toBeLessThanOrEqual(budget);
    run.free();
  });
});

function rowY0(grid: Grid): number {
  return grid.sets[0].top + LANE;
}
