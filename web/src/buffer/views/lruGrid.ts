// The grid of the LRU view: how many rows and columns each working set gets at which cell
// pitch, as pure functions of the buffer counts and the space available, and where a flow
// slot's cell is. ./lruLayout places the buffers in it.
//
// Each working set is a block of rows. Its buffers flow left to right and wrap: the
// replacement list from the hot head (MRU) through the midpoint to the cold tail (LRU), a
// gap, the write list then the buffers DBWR is writing, a gap, the never-used buffers.
//
// Dense mode: when the buffers do not fit even at DENSE_PITCH px each (seed 004: 514,048),
// one cell stands for `k` consecutive flow slots. Positions, outlines and hit-tests stay in
// flow slots; `cellOf` is the one place a slot becomes a cell.

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
  /**
   * Height each set needs under its buffers for what its policy draws there (a caption, ghost
   * lists, a ring: ./policyState's extraHeight). None: nothing.
   */
  extra?: number[];
  /** Height each set needs in its label column under its label (CLOCK's ring). */
  side?: number[];
}

export interface SetBox {
  top: number;
  height: number;
  cols: number;
  rows: number;
  size: number;
  /** Where the rows under the buffers start (./policyState), and their height. */
  extraTop: number;
  extra: number;
  /** Where the label column has room under the set's label. */
  sideTop: number;
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
  input.setSizes.forEach((size, s) => {
    const rows = Math.max(1, Math.ceil(cells(size) / cols));
    const label = compact ? MIN_BLOCK_COMPACT : MIN_BLOCK;
    // The rows under the buffers start after them (or after the label, when it is taller);
    // what the label column holds under the label may reach down beside them.
    const under = Math.max(label, LANE + (rows - 1) * rowPitch + pitch + BOTTOM);
    const extra = input.extra?.[s] ?? 0;
    const height = Math.max(label + (input.side?.[s] ?? 0), under + extra);
    sets.push({
      top,
      height,
      cols,
      rows,
      size,
      extraTop: top + under,
      extra,
      sideTop: top + label,
    });
    top += height + SET_GAP;
  });
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

/** Width of the label column left of the cells. */
export function labelWidth(width: number): number {
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
