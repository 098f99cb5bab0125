// The buffers of the LRU view on a canvas, for caches too large for one SVG node per buffer.
// One pass writes every cell's colour straight into an ImageData (device pixels), then one
// putImageData: no per-cell canvas calls, so 100,000 buffers redraw in a few milliseconds.
import { FLAG } from '../../sim/engine';
import { DIRTY_MARK, DOUBLE_MARK, FREE_FILL, packRgba, segmentColor } from '../shared/colours';
import { rowY, type Grid, type SetSections } from './lruLayout';
import type { CellState } from './lruCells';

export class CanvasCells {
  readonly canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  private image: ImageData | null = null;
  private pixels = new Uint32Array(0);
  private dpr = 1;
  private palette: number[] = [];
  private readonly free = packRgba(FREE_FILL);
  private readonly dirtyInk = packRgba(DIRTY_MARK);
  private readonly osInk = packRgba(DOUBLE_MARK);

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
    while (this.palette.length <= seg)
      this.palette.push(packRgba(segmentColor(this.palette.length)));
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
    const px = this.pixels;
    const W = image.width;
    px.fill(0);
    const pd = Math.round(grid.pitch * dpr);
    const cd = Math.max(1, Math.round(grid.cell * dpr));
    const rowD = Math.round(grid.rowPitch * dpr);
    const x0 = Math.round(grid.gridX * dpr);
    const mark = cd >= 5 ? Math.max(2, Math.round(cd / 3)) : 0;
    // A buffer the OS page cache also holds: its bottom row(s) in the double-buffering ink.
    const osBar = cd >= 2 ? Math.max(1, Math.round(cd / 5)) : 0;
    const osInk = this.osInk;
    const { dba, flags } = st;
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
          if (++col === cols) {
            col = 0;
            row++;
          }
        }
      }
    });
    this.ctx.putImageData(image, 0, 0);
  }

  destroy(): void {
    this.canvas.remove();
  }
}
