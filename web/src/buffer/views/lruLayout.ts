// Geometry of the LRU view, as pure functions of the engine's `order`/`info` and the grid
// (./lruGrid): every position comes from `order`; nothing is guessed. The sets' sections,
// where each buffer is drawn, the hit test, and the regions' rectangles and outlines.
import type { RegionDef } from '../../sim/generated/buffer/RegionDef';
import {
  cellSpan,
  LANE,
  R_FREE,
  R_WRITE,
  R_WRITING,
  REGIONS,
  rowY,
  slotXY,
  type Grid,
  type RegionName,
} from './lruGrid';

/** One of the policy's regions in a set: its flow slots [start, start + len). */
export interface SectionRegion {
  def: RegionDef;
  start: number;
  len: number;
}

export interface SetSections {
  /** Index in `order` of the set's first buffer. */
  offset: number;
  /** The replacement list: the policy's regions, head first. */
  regions: SectionRegion[];
  repl: number;
  write: number;
  writing: number;
  free: number;
  /** Flow slots where the write list and the free buffers start (after their gaps). */
  writeStart: number;
  freeStart: number;
}

/**
 * The numbers of each set (one per region of the policy `defs`, then write list, writing,
 * free: the engine's `Layout.set_info_width`), with the flow slots of its sections.
 */
export function sections(info: Uint32Array, defs: readonly RegionDef[]): SetSections[] {
  const out: SetSections[] = [];
  const width = defs.length + 3;
  let offset = 0;
  for (let k = 0; k + width <= info.length; k += width) {
    let repl = 0;
    const regions = defs.map((def, r) => {
      const region = { def, start: repl, len: info[k + r] };
      repl += region.len;
      return region;
    });
    const [write, writing, free] = [
      info[k + defs.length],
      info[k + defs.length + 1],
      info[k + defs.length + 2],
    ];
    const writeStart = write + writing > 0 ? repl + 1 : repl;
    const afterWrite = writeStart + write + writing;
    const freeStart = free > 0 ? afterWrite + 1 : afterWrite;
    out.push({ offset, regions, repl, write, writing, free, writeStart, freeStart });
    offset += repl + write + writing + free;
  }
  return out;
}

/** The drawing region (colour) of a policy's region: its tone. */
export const toneOf = (r: SectionRegion): RegionName => r.def.tone;

/** The region code (`lruGrid`'s R_…) a policy's region is drawn with. */
const codeOf = (r: SectionRegion): number => REGIONS.indexOf(toneOf(r));

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
  defs: readonly RegionDef[],
  buffers: number,
  reuse?: Placement | null,
): Placement {
  // Arrays of a placement no longer needed are reused: at 100,000 buffers, fresh ones every
  // frame are megabytes of garbage.
  const fits = reuse && reuse.x.length === buffers;
  const x = fits ? reuse.x : new Float32Array(buffers);
  const y = fits ? reuse.y : new Float32Array(buffers);
  const region = fits ? reuse.region : new Uint8Array(buffers);
  const secs = sections(info, defs);
  const { gridX, pitch, rowPitch } = grid;
  secs.forEach((sec, s) => {
    const box = grid.sets[s];
    if (!box) return;
    const cols = box.cols;
    const top = box.top + LANE;
    // Runs of [first slot, count, region]: the order lists them in this sequence.
    const runs = [
      ...sec.regions.map((r) => [r.start, r.len, codeOf(r)]),
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
    ...sec.regions.flatMap((r) => rangeRuns(grid, s, r.start, r.start + r.len, toneOf(r))),
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
  defs: readonly RegionDef[],
  bufs: Iterable<number>,
): Locator {
  const want = new Set(bufs);
  const found = new Map<number, { x: number; y: number }>();
  if (want.size === 0) return () => null;
  sections(info, defs).forEach((sec, s) => {
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
