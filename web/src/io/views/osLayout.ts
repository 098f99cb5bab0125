// Geometry and contents of the OS page cache layer, as pure functions: the pages the engine
// lists (`SimRun.osCache`: pairs [dba, buffer], most recently used first) laid out as a grid
// of slots, one per page the OS can hold (up to the limit drawn), filled from the head.
import { NO_BUFFER } from '../../sim/engine';

/** Most pages the layer asks the engine for, and draws, per frame. */
export const OS_PAGE_LIMIT = 65_536;

export interface OsGridInput {
  width: number;
  /** Height the grid may take. */
  maxHeight: number;
  /** Slots to draw: min(page cache size, limit). */
  slots: number;
  dpr: number;
}

export interface OsGrid {
  cols: number;
  rows: number;
  /** CSS px from one slot to the next, and the drawn square (pitch less the gap). */
  pitch: number;
  cell: number;
  width: number;
  height: number;
}

/** The largest whole-device-pixel cells for which every slot fits in the height. */
export function osGrid({ width, maxHeight, slots, dpr }: OsGridInput): OsGrid {
  const n = Math.max(1, slots);
  let best: OsGrid | null = null;
  for (let d = Math.floor(16 * dpr); d >= 1; d--) {
    const pitch = d / dpr;
    const cols = Math.max(1, Math.floor(width / pitch));
    const rows = Math.ceil(n / cols);
    const gap = d >= 8 ? 2 : d >= 4 ? 1 : 0;
    best = {
      cols,
      rows,
      pitch,
      cell: (d - gap) / dpr,
      width: Math.min(width, cols * pitch),
      height: rows * pitch,
    };
    if (best.height <= maxHeight) break;
  }
  // d = 1 always sets it.
  return best as OsGrid;
}

/** Top-left of slot `i`. */
export function osSlotXY(g: OsGrid, i: number): { x: number; y: number } {
  return { x: (i % g.cols) * g.pitch, y: Math.floor(i / g.cols) * g.pitch };
}

/** The slot at (x, y) in CSS px, or null (outside, or past `count`). */
export function osSlotAt(g: OsGrid, x: number, y: number, count: number): number | null {
  if (x < 0 || y < 0) return null;
  const col = Math.floor(x / g.pitch);
  const row = Math.floor(y / g.pitch);
  if (col >= g.cols || row >= g.rows) return null;
  const i = row * g.cols + col;
  return i < count ? i : null;
}

export interface OsSummary {
  /** Pages listed (at most the limit asked for). */
  pages: number;
  /** Of them, the ones whose block is also in a buffer. */
  doubled: number;
  /** Pages per segment index, listed ones only. */
  perSegment: Map<number, number>;
}

/** Count what the listed pages hold. */
export function summarize(pairs: Uint32Array): OsSummary {
  const perSegment = new Map<number, number>();
  let doubled = 0;
  const pages = pairs.length >> 1;
  for (let i = 0; i < pages; i++) {
    const seg = (pairs[2 * i] >>> 22) - 1;
    perSegment.set(seg, (perSegment.get(seg) ?? 0) + 1);
    if (pairs[2 * i + 1] !== NO_BUFFER) doubled++;
  }
  return { pages, doubled, perSegment };
}

/** The slot of the page whose block buffer `buf` also holds, or -1. */
export function slotOfBuffer(pairs: Uint32Array, buf: number): number {
  for (let i = 1; i < pairs.length; i += 2) if (pairs[i] === buf) return i >> 1;
  return -1;
}

/** What the layer says about truncation: null when every resident page is drawn. */
export function truncation(resident: number, listed: number): string | null {
  if (resident <= listed) return null;
  return `showing the ${listed.toLocaleString('en')} most recently used of ${resident.toLocaleString('en')} pages`;
}
