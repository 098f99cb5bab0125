// Geometry of the LRU view, as pure functions of the engine's `order`/`info` and the space
// available. Every position comes from `order`; nothing is guessed.
//
// Each working set is a block of rows. Its buffers flow left to right and wrap: the
// replacement list from the hot head (MRU) through the midpoint to the cold tail (LRU), a
// gap, the write list then the buffers DBWR is writing, a gap, the never-used buffers.
import { SET_INFO_WIDTH } from '../../sim/engine';

export type RegionName = 'hot' | 'cold' | 'write' | 'writing' | 'free';
export const REGIONS: readonly RegionName[] = ['hot', 'cold', 'write', 'writing', 'free'];
export const R_HOT = 0;
export const R_COLD = 1;
export const R_WRITE = 2;
export const R_WRITING = 3;
export const R_FREE = 4;

/** Room above a row for its tags (HOT HEAD, MIDPOINT …) when cells are large. */
export const LANE = 20;
const SET_GAP = 14;
const BOTTOM = 6;
const MIN_BLOCK = 84;
const MAX_LANE_ROWS = 3;
const PAD_RIGHT = 10;
const SVG_PITCHES = [40, 36, 32, 28, 26, 24, 22, 20, 18, 16, 14, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3];

export interface GridInput {
  width: number;
  /** Height to fit in; the grid only overflows it when even the smallest cells do not fit. */
  budget: number;
  setSizes: number[];
  canvas: boolean;
  dpr: number;
}

export interface SetBox {
  top: number;
  height: number;
  cols: number;
  rows: number;
  size: number;
}

export interface Grid {
  width: number;
  height: number;
  labelW: number;
  gridX: number;
  pitch: number;
  cell: number;
  /** Tags sit in a lane above every row (else they overlap the row above). */
  lanes: boolean;
  rowPitch: number;
  /** Cells are large enough to print the touch count. */
  text: boolean;
  sets: SetBox[];
}

function pitches(canvas: boolean, dpr: number): number[] {
  if (!canvas) return SVG_PITCHES;
  const out: number[] = [];
  for (let d = Math.floor(14 * dpr); d >= 1; d--) out.push(d / dpr);
  return out;
}

function gapFor(pitch: number, canvas: boolean, dpr: number): number {
  if (canvas) {
    const d = Math.round(pitch * dpr);
    return (d >= 12 ? 2 : d >= 4 ? 1 : 0) / dpr;
  }
  return pitch >= 12 ? 3 : pitch >= 6 ? 1 : 0;
}

function tryGrid(input: GridInput, pitch: number, labelW: number): Grid {
  const gridX = labelW;
  const gridW = Math.max(pitch, input.width - labelW - PAD_RIGHT);
  const cols = Math.max(1, Math.floor(gridW / pitch));
  // Lanes for tags only when each set takes a few rows: many rows read better dense.
  const maxRows = Math.max(1, ...input.setSizes.map((n) => Math.ceil((n + 2) / cols)));
  const lanes = pitch >= 16 && maxRows <= MAX_LANE_ROWS;
  const rowPitch = pitch + (lanes ? LANE : 0);
  const cell = pitch - gapFor(pitch, input.canvas, input.dpr);
  const sets: SetBox[] = [];
  let top = 0;
  for (const size of input.setSizes) {
    const rows = Math.max(1, Math.ceil((size + 2) / cols));
    const height = Math.max(MIN_BLOCK, LANE + (rows - 1) * rowPitch + pitch + BOTTOM);
    sets.push({ top, height, cols, rows, size });
    top += height + SET_GAP;
  }
  return {
    width: input.width,
    height: Math.max(0, top - SET_GAP),
    labelW,
    gridX,
    pitch,
    cell,
    lanes,
    rowPitch,
    text: cell >= 14,
    sets,
  };
}

/** The largest cells for which every set fits in the budget. */
export function computeGrid(input: GridInput): Grid {
  const labelW = input.width < 640 ? 118 : 160;
  const list = pitches(input.canvas, input.dpr);
  let grid = tryGrid(input, list[list.length - 1], labelW);
  for (const p of list) {
    const g = tryGrid(input, p, labelW);
    if (g.height <= input.budget) {
      grid = g;
      break;
    }
  }
  return grid;
}

/** Top of row `row` of set `s`. */
export function rowY(grid: Grid, s: number, row: number): number {
  return grid.sets[s].top + LANE + row * grid.rowPitch;
}

/** Top-left of flow slot `i` of set `s`. */
export function slotXY(grid: Grid, s: number, i: number): { x: number; y: number } {
  const cols = grid.sets[s].cols;
  return { x: grid.gridX + (i % cols) * grid.pitch, y: rowY(grid, s, Math.floor(i / cols)) };
}

export interface SetSections {
  /** Index in `order` of the set's first buffer. */
  offset: number;
  repl: number;
  hot: number;
  write: number;
  writing: number;
  free: number;
  /** Flow slots where the write list and the free buffers start (after their gaps). */
  writeStart: number;
  freeStart: number;
}

/** The five numbers of each set, with the flow slots of its sections. */
export function sections(info: Uint32Array): SetSections[] {
  const out: SetSections[] = [];
  let offset = 0;
  for (let k = 0; k + SET_INFO_WIDTH <= info.length; k += SET_INFO_WIDTH) {
    const [repl, hot, write, writing, free] = [
      info[k],
      info[k + 1],
      info[k + 2],
      info[k + 3],
      info[k + 4],
    ];
    const writeStart = write + writing > 0 ? repl + 1 : repl;
    const afterWrite = writeStart + write + writing;
    const freeStart = free > 0 ? afterWrite + 1 : afterWrite;
    out.push({ offset, repl, hot, write, writing, free, writeStart, freeStart });
    offset += repl + write + writing + free;
  }
  return out;
}

export interface Placement {
  /** Top-left of each buffer's cell, by buf#. */
  x: Float32Array;
  y: Float32Array;
  region: Uint8Array;
  sets: SetSections[];
}

/** Where every buffer is drawn, from the engine's order and info. */
export function place(
  grid: Grid,
  order: Uint32Array,
  info: Uint32Array,
  buffers: number,
  reuse?: Placement | null,
): Placement {
  // Arrays of a placement no longer needed are reused: at 100,000 buffers, fresh ones every
  // frame are megabytes of garbage.
  const fits = reuse && reuse.x.length === buffers;
  const x = fits ? reuse.x : new Float32Array(buffers);
  const y = fits ? reuse.y : new Float32Array(buffers);
  const region = fits ? reuse.region : new Uint8Array(buffers);
  const secs = sections(info);
  const { gridX, pitch, rowPitch } = grid;
  secs.forEach((sec, s) => {
    const box = grid.sets[s];
    if (!box) return;
    const cols = box.cols;
    const top = box.top + LANE;
    // Runs of [first slot, count, region]: the order lists them in this sequence.
    const runs = [
      [0, sec.hot, R_HOT],
      [sec.hot, sec.repl - sec.hot, R_COLD],
      [sec.writeStart, sec.write, R_WRITE],
      [sec.writeStart + sec.write, sec.writing, R_WRITING],
      [sec.freeStart, sec.free, R_FREE],
    ];
    let k = sec.offset;
    for (const [first, count, r] of runs) {
      let col = first % cols;
      let row = Math.floor(first / cols);
      for (let i = first; i < first + count; i++, k++) {
        const b = order[k];
        if (b < buffers) {
          x[b] = gridX + col * pitch;
          y[b] = top + row * rowPitch;
          region[b] = r;
        }
        if (++col === cols) {
          col = 0;
          row++;
        }
      }
    }
  });
  return { x, y, region, sets: secs };
}

/** The buffer drawn at (px, py), or null (a gap, a label, outside). */
export function hitTest(
  grid: Grid,
  secs: SetSections[],
  order: Uint32Array,
  px: number,
  py: number,
): number | null {
  const s = grid.sets.findIndex((b) => py >= b.top && py < b.top + b.height);
  if (s < 0 || !secs[s]) return null;
  const box = grid.sets[s];
  const relY = py - (box.top + LANE);
  const relX = px - grid.gridX;
  if (relY < 0 || relX < 0) return null;
  const row = Math.floor(relY / grid.rowPitch);
  const col = Math.floor(relX / grid.pitch);
  if (col >= box.cols || relY - row * grid.rowPitch >= grid.pitch) return null;
  const i = row * box.cols + col;
  const sec = secs[s];
  let k: number;
  if (i < sec.repl) k = i;
  else if (i >= sec.writeStart && i < sec.writeStart + sec.write + sec.writing)
    k = sec.repl + (i - sec.writeStart);
  else if (i >= sec.freeStart && i < sec.freeStart + sec.free)
    k = sec.repl + sec.write + sec.writing + (i - sec.freeStart);
  else return null;
  const b = order[sec.offset + k];
  return b === undefined ? null : b;
}

export interface Run {
  region: RegionName;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Flow range [a, b) of set `s` as one rectangle per row. */
export function rangeRuns(grid: Grid, s: number, a: number, b: number, region: RegionName): Run[] {
  const out: Run[] = [];
  const cols = grid.sets[s].cols;
  let i = a;
  while (i < b) {
    const rowEnd = (Math.floor(i / cols) + 1) * cols;
    const end = Math.min(b, rowEnd);
    const { x, y } = slotXY(grid, s, i);
    out.push({ region, x, y, w: (end - i) * grid.pitch - (grid.pitch - grid.cell), h: grid.cell });
    i = end;
  }
  return out;
}

/** The regions of set `s`, as per-row rectangles. */
export function regionRuns(grid: Grid, sec: SetSections, s: number): Run[] {
  const w0 = sec.writeStart;
  return [
    ...rangeRuns(grid, s, 0, sec.hot, 'hot'),
    ...rangeRuns(grid, s, sec.hot, sec.repl, 'cold'),
    ...rangeRuns(grid, s, w0, w0 + sec.write, 'write'),
    ...rangeRuns(grid, s, w0 + sec.write, w0 + sec.write + sec.writing, 'writing'),
    ...rangeRuns(grid, s, sec.freeStart, sec.freeStart + sec.free, 'free'),
  ];
}

/**
 * Outline of flow range [a, b) when rows touch (no lanes): one staircase polygon, or two
 * rectangles when the range's first and last rows do not overlap.
 */
export function rangeOutline(grid: Grid, s: number, a: number, b: number): [number, number][][] {
  if (b <= a) return [];
  const cols = grid.sets[s].cols;
  const ra = Math.floor(a / cols);
  const rb = Math.floor((b - 1) / cols);
  const ca = a % cols;
  const cb = ((b - 1) % cols) + 1;
  // Boundaries run through the gaps between cells.
  const half = (grid.pitch - grid.cell) / 2;
  const X = (c: number) => grid.gridX + c * grid.pitch - half;
  const Y = (r: number) => rowY(grid, s, 0) + r * grid.rowPitch - half;
  const rect = (c0: number, c1: number, r0: number, r1: number): [number, number][] => [
    [X(c0), Y(r0)],
    [X(c1), Y(r0)],
    [X(c1), Y(r1)],
    [X(c0), Y(r1)],
  ];
  if (ra === rb) return [rect(ca, cb, ra, ra + 1)];
  if (rb === ra + 1 && cb <= ca) return [rect(ca, cols, ra, ra + 1), rect(0, cb, rb, rb + 1)];
  return [
    [
      [X(ca), Y(ra)],
      [X(cols), Y(ra)],
      [X(cols), Y(rb)],
      [X(cb), Y(rb)],
      [X(cb), Y(rb + 1)],
      [X(0), Y(rb + 1)],
      [X(0), Y(ra + 1)],
      [X(ca), Y(ra + 1)],
    ],
  ];
}

/**
 * The line between flow slots before `slot` and from `slot` to `end`, when rows touch: along
 * the bottom of the slot's row up to it (if the list goes on below), up its left side, then
 * along the top of the rest of its row (if there is a row above). Drawn as the midpoint of a
 * dense set. When every buffer is before `slot`, a short line after the last one.
 */
export function stairAt(grid: Grid, s: number, slot: number, end: number): [number, number][] {
  const cols = grid.sets[s].cols;
  const half = (grid.pitch - grid.cell) / 2;
  const X = (c: number) => grid.gridX + c * grid.pitch - half;
  const Y = (r: number) => rowY(grid, s, 0) + r * grid.rowPitch - half;
  if (end <= 0) return [];
  if (slot >= end) {
    const r = Math.floor((end - 1) / cols);
    const c = ((end - 1) % cols) + 1;
    return [
      [X(c), Y(r)],
      [X(c), Y(r + 1)],
    ];
  }
  const r = Math.floor(slot / cols);
  const c = slot % cols;
  const right = X(Math.min(cols, end - r * cols));
  // At a row start below the first row, the boundary is the top of that row.
  if (c === 0 && r > 0)
    return [
      [X(0), Y(r)],
      [right, Y(r)],
    ];
  const pts: [number, number][] = [];
  // Under the hot cells of the slot's row, when cold cells follow in the next row.
  if (c > 0 && end > (r + 1) * cols) pts.push([X(0), Y(r + 1)]);
  pts.push([X(c), Y(r + 1)], [X(c), Y(r)]);
  // Over the cold cells of the slot's row, when hot cells are above them.
  if (r > 0) pts.push([right, Y(r)]);
  return pts;
}

/** Where a buffer's cell is (top-left), or null. */
export type Locator = (buf: number) => { x: number; y: number } | null;

export function placementLocator(pl: Placement): Locator {
  return (b) => (b >= 0 && b < pl.x.length ? { x: pl.x[b], y: pl.y[b] } : null);
}

/**
 * The cells of a few buffers only, in one pass over `order` (the canvas draws the rest
 * straight from the order and never needs every position).
 */
export function locate(
  grid: Grid,
  order: Uint32Array,
  info: Uint32Array,
  bufs: Iterable<number>,
): Locator {
  const want = new Set(bufs);
  const found = new Map<number, { x: number; y: number }>();
  if (want.size === 0) return () => null;
  sections(info).forEach((sec, s) => {
    if (!grid.sets[s]) return;
    const runs: [number, number][] = [
      [0, sec.repl],
      [sec.writeStart, sec.write + sec.writing],
      [sec.freeStart, sec.free],
    ];
    let k = sec.offset;
    for (const [first, count] of runs)
      for (let i = first; i < first + count; i++, k++)
        if (want.has(order[k])) found.set(order[k], slotXY(grid, s, i));
  });
  return (b) => found.get(b) ?? null;
}
