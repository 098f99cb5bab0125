// Geometry of the LRU view, as pure functions of the engine's `order`/`info` and the space
// available. Every position comes from `order`; nothing is guessed.
//
// Each working set is a block of rows. Its buffers flow left to right and wrap: the
// replacement list from the hot head (MRU) through the midpoint to the cold tail (LRU), a
// gap, the write list then the buffers DBWR is writing, a gap, the never-used buffers.
//
// Dense mode: when the buffers do not fit even at DENSE_PITCH px each (seed 004: 514,048),
// one cell stands for `k` consecutive flow slots. Positions, outlines and hit-tests stay in
// flow slots; `cellOf` is the one place a slot becomes a cell.
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
/** A set's label block: five lines, or three when several sets share a short view. */
const MIN_BLOCK = 84;
const MIN_BLOCK_COMPACT = 58;
/** Below this pitch (px), several sets try two-line labels to give their rows to the cells. */
const COMPACT_BELOW = 8;
const MAX_LANE_ROWS = 3;
const PAD_RIGHT = 10;
/** Smallest cell of one buffer on the canvas, and the cell of a dense grid (CSS px). */
export const DENSE_PITCH = 2;
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
  /** Flow slots (buffers) per cell: 1, or more in dense mode. */
  k: number;
  /** Three-line set labels (name, list sizes, write and free), for several sets in little height. */
  compact: boolean;
  sets: SetBox[];
}

/** The cell that flow slot `i` is drawn in. */
export function cellOf(grid: Grid, i: number): number {
  return grid.k === 1 ? i : Math.floor(i / grid.k);
}

/**
 * Flow range [a, b) as a range of cells. Dense cells on a border hold both sides; the border
 * goes to the nearer cell edge, and a non-empty range keeps at least one cell.
 */
export function cellSpan(grid: Grid, a: number, b: number): [number, number] {
  if (grid.k === 1) return [a, b];
  const ca = Math.round(a / grid.k);
  return b <= a ? [ca, ca] : [ca, Math.max(ca + 1, Math.round(b / grid.k))];
}

/** Whole device pixels from 14 px down to DENSE_PITCH (CSS px). */
function pitches(canvas: boolean, dpr: number): number[] {
  if (!canvas) return SVG_PITCHES;
  const out: number[] = [];
  for (let d = Math.floor(14 * dpr); d >= densePitchD(dpr); d--) out.push(d / dpr);
  return out;
}

function densePitchD(dpr: number): number {
  return Math.max(1, Math.round(DENSE_PITCH * dpr));
}

function gapFor(pitch: number, canvas: boolean, dpr: number): number {
  if (canvas) {
    const d = Math.round(pitch * dpr);
    return (d >= 12 ? 2 : d >= 4 ? 1 : 0) / dpr;
  }
  return pitch >= 12 ? 3 : pitch >= 6 ? 1 : 0;
}

function tryGrid(input: GridInput, pitch: number, labelW: number, k = 1, compact = false): Grid {
  const gridX = labelW;
  const gridW = Math.max(pitch, input.width - labelW - PAD_RIGHT);
  const cols = Math.max(1, Math.floor(gridW / pitch));
  // Each set's flow slots (its buffers and two gaps), as cells.
  const cells = (n: number) => Math.ceil((n + 2) / k);
  // Lanes for tags only when each set takes a few rows: many rows read better dense.
  const maxRows = Math.max(1, ...input.setSizes.map((n) => Math.ceil(cells(n) / cols)));
  const lanes = pitch >= 16 && maxRows <= MAX_LANE_ROWS;
  const rowPitch = pitch + (lanes ? LANE : 0);
  // Dense cells touch: a gap every 2 px would read as a texture, not as buffers.
  const cell = k > 1 ? pitch : pitch - gapFor(pitch, input.canvas, input.dpr);
  const sets: SetBox[] = [];
  let top = 0;
  for (const size of input.setSizes) {
    const rows = Math.max(1, Math.ceil(cells(size) / cols));
    const height = Math.max(
      compact ? MIN_BLOCK_COMPACT : MIN_BLOCK,
      LANE + (rows - 1) * rowPitch + pitch + BOTTOM,
    );
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
    // SVG cells print it from 9 px (a projector's 1280×720 shows 1,000 buffers at ~10 px).
    text: cell >= (input.canvas ? 14 : 9),
    k,
    compact,
    sets,
  };
}

/**
 * The largest cells for which every set fits in the budget. On the canvas, when not even
 * DENSE_PITCH px a buffer fits, the fewest buffers per DENSE_PITCH cell that fit (or, when
 * the sets' label blocks alone overflow the budget, that take no more room than one row each).
 */
export function computeGrid(input: GridInput): Grid {
  const full = fitGrid(input, false);
  // Several sets in a short view (seed 000's three pools on a 1024×768 projector): their
  // five-line label blocks, not their buffers, set the height and the cells shrink to a few
  // px. Three-line labels then leave more of the rows to the cells.
  if (input.setSizes.length > 1 && full.k === 1 && full.pitch < COMPACT_BELOW) {
    const compact = fitGrid(input, true);
    if (compact.k === 1 && compact.pitch > full.pitch) return compact;
  }
  return full;
}

function fitGrid(input: GridInput, compact: boolean): Grid {
  const labelW = labelWidth(input.width);
  const list = pitches(input.canvas, input.dpr);
  for (const p of list) {
    const g = tryGrid(input, p, labelW, 1, compact);
    if (g.height <= input.budget) return g;
  }
  const last = tryGrid(input, list[list.length - 1], labelW, 1, compact);
  if (!input.canvas) return last;
  const pitch = densePitchD(input.dpr) / input.dpr;
  // The height falls as k grows, down to one row a set at kMax.
  const kMax = Math.max(2, ...input.setSizes.map((n) => n + 2));
  const goal = Math.max(input.budget, tryGrid(input, pitch, labelW, kMax, compact).height);
  let lo = 2;
  let hi = kMax;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (tryGrid(input, pitch, labelW, mid, compact).height <= goal) hi = mid;
    else lo = mid + 1;
  }
  return tryGrid(input, pitch, labelW, lo, compact);
}

/** The dense grid of `k` buffers a cell (what computeGrid picks from). */
export function denseGrid(input: GridInput, k: number): Grid {
  return tryGrid(input, densePitchD(input.dpr) / input.dpr, labelWidth(input.width), k);
}

function labelWidth(width: number): number {
  return width < 640 ? 118 : 160;
}

/** Top of row `row` of set `s`. */
export function rowY(grid: Grid, s: number, row: number): number {
  return grid.sets[s].top + LANE + row * grid.rowPitch;
}

/** Top-left of the cell of flow slot `i` of set `s`. */
export function slotXY(grid: Grid, s: number, i: number): { x: number; y: number } {
  const cols = grid.sets[s].cols;
  const c = cellOf(grid, i);
  return { x: grid.gridX + (c % cols) * grid.pitch, y: rowY(grid, s, Math.floor(c / cols)) };
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

/** Where every buffer is drawn, from the engine's order and info (one cell each: SVG mode). */
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
  const c = row * box.cols + col;
  const k = firstIndex(secs[s], c * grid.k, (c + 1) * grid.k);
  const b = k === null ? undefined : order[secs[s].offset + k];
  return b === undefined ? null : b;
}

/**
 * Index in the set's part of `order` of the first buffer in flow slots [lo, hi) — a dense
 * cell's first buffer, the one a click on it selects — or null (only gaps).
 */
export function firstIndex(sec: SetSections, lo: number, hi: number): number | null {
  if (lo < sec.repl) return lo;
  const writes = sec.write + sec.writing;
  let i = Math.max(lo, sec.writeStart);
  if (i < hi && i < sec.writeStart + writes) return sec.repl + (i - sec.writeStart);
  i = Math.max(lo, sec.freeStart);
  if (i < hi && i < sec.freeStart + sec.free) return sec.repl + writes + (i - sec.freeStart);
  return null;
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
  const [ca, cb] = cellSpan(grid, a, b);
  let i = ca;
  while (i < cb) {
    const rowEnd = (Math.floor(i / cols) + 1) * cols;
    const end = Math.min(cb, rowEnd);
    const x = grid.gridX + (i % cols) * grid.pitch;
    const y = rowY(grid, s, Math.floor(i / cols));
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
export function rangeOutline(
  grid: Grid,
  s: number,
  slotA: number,
  slotB: number,
): [number, number][][] {
  const [a, b] = cellSpan(grid, slotA, slotB);
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
export function stairAt(
  grid: Grid,
  s: number,
  slotAt: number,
  slotEnd: number,
): [number, number][] {
  const [slot, end] = cellSpan(grid, slotAt, slotEnd);
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
