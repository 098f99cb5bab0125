// The buffers of the LRU view on a canvas, for caches too large for one SVG node per buffer.
// One pass writes every cell's colour straight into an ImageData (device pixels), then one
// putImageData: no per-cell canvas calls, so 100,000 buffers redraw in a few milliseconds.
//
// A dense grid (k buffers a cell) is drawn in the same single pass: the buffers of a cell
// come one after another in the order, so their colours are summed in a few locals and the
// cell is painted, with the mean, when the walk leaves it. No array per frame.
import { FLAG } from '../../sim/engine';
import {
  DIFF_MARK,
  DIRTY_MARK,
  DOUBLE_MARK,
  doubleRows,
  FREE_FILL,
  packRgba,
  segmentColor,
} from '../../shared/views/colours';
import { rowY, type Grid } from './lruGrid';
import { type SetSections } from './lruLayout';
import type { CellState } from './lruCells';

export class CanvasCells {
  readonly canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  private image: ImageData | null = null;
  private pixels = new Uint32Array(0);
  private dpr = 1;
  private palette: number[] = [];
  /** Each segment's colour half-way to the dirty ink: a dirty buffer in a dense cell. */
  private dirtyPalette: number[] = [];
  private mixRgb = new Uint8Array(0);
  /** Device-pixel geometry of the dense frame being drawn (cells are square, rows touch). */
  private dense = { W: 0, pd: 1, x0: 0 };
  private readonly free = packRgba(FREE_FILL);
  private readonly dirtyInk = packRgba(DIRTY_MARK);
  private readonly osInk = packRgba(DOUBLE_MARK);
  private readonly diffInk = packRgba(DIFF_MARK);

  constructor(parent: HTMLElement) {
    this.canvas = document.createElement('canvas');
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0' });
    parent.prepend(this.canvas);
    const ctx = this.canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas context');
    this.ctx = ctx;
  }

  private resize(grid: Grid, dpr: number): void {
    const w = Math.max(1, Math.round(grid.width * dpr));
    const h = Math.max(1, Math.round(grid.height * dpr));
    if (this.image && this.image.width === w && this.image.height === h && this.dpr === dpr) return;
    this.dpr = dpr;
    this.canvas.width = w;
    this.canvas.height = h;
    this.canvas.style.width = `${grid.width}px`;
    this.canvas.style.height = `${grid.height}px`;
    this.image = this.ctx.createImageData(w, h);
    this.pixels = new Uint32Array(this.image.data.buffer);
  }

  private colour(seg: number): number {
    while (this.palette.length <= seg) {
      const c = packRgba(segmentColor(this.palette.length));
      this.palette.push(c);
      this.dirtyPalette.push(mix(c, this.dirtyInk));
    }
    return this.palette[seg];
  }

  /**
   * Every cell, walking the engine's order set by set and run by run, so the pixels are
   * written in sequence (no per-buffer position arrays).
   */
  draw(grid: Grid, secs: SetSections[], order: Uint32Array, st: CellState, dpr: number): void {
    this.resize(grid, dpr);
    const image = this.image;
    if (!image) return;
    this.pixels.fill(0);
    if (grid.k > 1) this.drawDense(grid, secs, order, st, dpr);
    else this.drawCells(grid, secs, order, st, dpr, image.width);
    this.ctx.putImageData(image, 0, 0);
  }

  private drawCells(
    grid: Grid,
    secs: SetSections[],
    order: Uint32Array,
    st: CellState,
    dpr: number,
    W: number,
  ): void {
    const px = this.pixels;
    const pd = Math.round(grid.pitch * dpr);
    const cd = Math.max(1, Math.round(grid.cell * dpr));
    const rowD = Math.round(grid.rowPitch * dpr);
    const x0 = Math.round(grid.gridX * dpr);
    const mark = cd >= 5 ? Math.max(2, Math.round(cd / 3)) : 0;
    // A buffer the OS page cache also holds: its bottom half in the double-buffering ink.
    const osBar = doubleRows(cd);
    const osInk = this.osInk;
    const { dba, flags } = st;
    // Compare mode: a frame round a buffer whose block the other configuration has not cached.
    const diff = cd >= 3 ? st.diff : null;
    const ring = Math.max(1, Math.round(cd / 6));
    const diffInk = this.diffInk;
    this.colour(31);
    const pal = this.palette;
    secs.forEach((sec, s) => {
      const box = grid.sets[s];
      if (!box) return;
      const cols = box.cols;
      const y0 = Math.round(rowY(grid, s, 0) * dpr);
      const runs: [number, number][] = [
        [0, sec.repl],
        [sec.writeStart, sec.write + sec.writing],
        [sec.freeStart, sec.free],
      ];
      let k = sec.offset;
      for (const [first, count] of runs) {
        let col = first % cols;
        let row = Math.floor(first / cols);
        for (let i = 0; i < count; i++, k++) {
          const b = order[k];
          const d = dba[b];
          // Segment index as splitDba computes it, without an object per buffer.
          const seg = (d >>> 22) - 1;
          const c = d === 0 || d === undefined ? this.free : (pal[seg] ?? this.colour(seg));
          const top = (y0 + row * rowD) * W + x0 + col * pd;
          for (let r = 0, o = top; r < cd; r++, o += W) for (let q = 0; q < cd; q++) px[o + q] = c;
          if (osBar && flags[b] & FLAG.OS_CACHED) {
            for (let r = cd - osBar, o = top + r * W; r < cd; r++, o += W)
              for (let q = 0; q < cd; q++) px[o + q] = osInk;
          }
          if (mark && flags[b] & FLAG.DIRTY) {
            for (let r = 0, o = top + cd - mark; r < mark; r++, o += W)
              for (let q = r; q < mark; q++) px[o + q] = this.dirtyInk;
          }
          if (diff && diff[b]) {
            for (let r = 0, o = top; r < cd; r++, o += W)
              for (let q = 0; q < cd; q++)
                if (r < ring || r >= cd - ring || q < ring || q >= cd - ring) px[o + q] = diffInk;
          }
          if (++col === cols) {
            col = 0;
            row++;
          }
        }
      }
    });
  }

  /**
   * The channels of every colour a dense cell mixes, by colour index: 0 free, 1 + 2 × seg a
   * segment's block, 2 + 2 × seg the same block dirty (half-way to the dirty ink). Bytes, so
   * the hot loop adds small integers (packed colours above 2³⁰ would be heap numbers).
   */
  private channels(segs: number): Uint8Array {
    const n = 1 + 2 * segs;
    if (this.mixRgb.length >= 3 * n) return this.mixRgb;
    this.colour(segs - 1);
    const out = new Uint8Array(3 * n);
    const put = (i: number, c: number) => {
      out[3 * i] = c & 255;
      out[3 * i + 1] = (c >>> 8) & 255;
      out[3 * i + 2] = (c >>> 16) & 255;
    };
    put(0, this.free);
    for (let seg = 0; seg < segs; seg++) {
      put(1 + 2 * seg, this.palette[seg]);
      put(2 + 2 * seg, this.dirtyPalette[seg]);
    }
    this.mixRgb = out;
    return out;
  }

  /**
   * Dense cells: each the mean colour of its buffers — free fill for a never-used one, its
   * segment's colour for one holding a block, half-way to the dirty ink when dirty — so a
   * full pool reads full, an empty one empty, and a cell half full is half tinted.
   */
  private drawDense(
    grid: Grid,
    secs: SetSections[],
    order: Uint32Array,
    st: CellState,
    dpr: number,
  ): void {
    const { dba, flags } = st;
    const diff = st.diff ?? null;
    const k = grid.k;
    this.dense.W = this.image?.width ?? 0;
    this.dense.pd = Math.max(1, Math.round(grid.pitch * dpr));
    this.dense.x0 = Math.round(grid.gridX * dpr);
    // Segments are numbered from the top 10 bits of the DBA: 1,023 at most.
    let rgb = this.channels(32);
    for (let si = 0; si < secs.length; si++) {
      const sec = secs[si];
      const box = grid.sets[si];
      if (!box) continue;
      const y0 = Math.round(rowY(grid, si, 0) * dpr);
      let cell = -1;
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      let dn = 0;
      let at = sec.offset;
      for (let run = 0; run < 3; run++) {
        const first = run === 0 ? 0 : run === 1 ? sec.writeStart : sec.freeStart;
        const count = run === 0 ? sec.repl : run === 1 ? sec.write + sec.writing : sec.free;
        if (count === 0) continue;
        const c0 = Math.floor(first / k);
        // Slots left in the current cell before the walk crosses into the next one.
        let left = k - (first - c0 * k);
        if (c0 !== cell) {
          if (n) this.fillCell(box.cols, cell, y0, r, g, b, n, dn);
          cell = c0;
          r = g = b = n = dn = 0;
        }
        for (let i = 0; i < count; i++, at++) {
          const buf = order[at];
          const d = dba[buf] | 0;
          // Segment index as splitDba computes it.
          let ci = 0;
          if (d !== 0) {
            const seg = (d >>> 22) - 1;
            ci = 1 + 2 * seg + (flags[buf] & FLAG.DIRTY ? 1 : 0);
            if (3 * ci >= rgb.length) rgb = this.channels(seg + 1);
          }
          r += rgb[3 * ci];
          g += rgb[3 * ci + 1];
          b += rgb[3 * ci + 2];
          n++;
          if (diff !== null && diff[buf]) dn++;
          if (--left === 0) {
            this.fillCell(box.cols, cell, y0, r, g, b, n, dn);
            cell++;
            left = k;
            r = g = b = n = dn = 0;
          }
        }
      }
      if (n) this.fillCell(box.cols, cell, y0, r, g, b, n, dn);
    }
  }

  /**
   * Paint dense cell `cell` (of a set whose first row is at device y `y0`) in a mean colour;
   * `dn` of its buffers hold a block the other configuration has not cached (compare mode):
   * its top row then takes the comparison's ink.
   */
  private fillCell(
    cols: number,
    cell: number,
    y0: number,
    r: number,
    g: number,
    b: number,
    n: number,
    dn = 0,
  ): void {
    const px = this.pixels;
    const { W, pd } = this.dense;
    const row = Math.floor(cell / cols);
    const top = (y0 + row * pd) * W + this.dense.x0 + (cell - row * cols) * pd;
    // Opaque ABGR as a negative int32 (small integers stay unboxed); the Uint32Array wraps it.
    const c = 0xff000000 | (((b + n / 2) / n) << 16) | (((g + n / 2) / n) << 8) | ((r + n / 2) / n);
    for (let y = 0, o = top; y < pd; y++, o += W) for (let q = 0; q < pd; q++) px[o + q] = c;
    if (dn > 0) for (let q = 0; q < pd; q++) px[top + q] = this.diffInk;
  }

  destroy(): void {
    this.canvas.remove();
  }
}

/** Packed colour `a` half-way to `b`. */
function mix(a: number, b: number): number {
  const ch = (sh: number) => Math.round((((a >>> sh) & 255) + ((b >>> sh) & 255)) / 2) << sh;
  return ((0xff << 24) | ch(16) | ch(8) | ch(0)) >>> 0;
}
