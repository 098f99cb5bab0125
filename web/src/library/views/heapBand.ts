// The shared pool as a memory map on a canvas: the pool's bytes in address order, left to
// right, row after row; each device-pixel column is a slice of the address space, filled
// bottom-up by the share of each chunk class in it. An SVG over it marks allocations.
import { select } from 'd3';
import { packRgba } from '../../shared/views/colours';
import {
  ALLOC_MARK,
  bandGeom,
  CLASS_COLOR,
  CLASSES,
  columnMix,
  spanRects,
  stackBounds,
  STACK,
  type Band,
  type Rect,
} from './layout';
import { PixelCanvas } from '../../shared/views/pixelCanvas';

export interface Mark {
  offset: number;
  size: number;
  /** Order in the step (animation delay) and a label for tests. */
  index: number;
  piece: string;
}

export class HeapBand extends PixelCanvas {
  private readonly colours = Uint32Array.from(CLASS_COLOR, (c) => packRgba(c));
  private readonly bounds = new Int32Array(2 * CLASSES);
  private mix: Float32Array = new Float32Array(0);
  band: Band | null = null;

  constructor(parent: HTMLElement) {
    super(parent);
    this.el.className = 'lib-band';
    this.svg.setAttribute('class', 'lib-band-marks');
  }

  draw(chunks: Uint32Array, poolBytes: number, width: number, height: number): void {
    const dpr = window.devicePixelRatio || 1;
    const band = bandGeom(poolBytes, width, height, dpr);
    this.band = band;
    const W = band.cols;
    const H = Math.max(1, Math.round(band.height * dpr));
    const image = this.fit(W, H, band.width, band.height);
    const px = this.pixels;
    px.fill(0);
    const mix = (this.mix = columnMix(chunks, band, this.mix));
    const rowPx = Math.round(band.rowH * dpr);
    const pitchPx = Math.round((band.rowH + band.gap) * dpr);
    const out = this.bounds;
    for (let c = 0; c < W * band.rows; c++) {
      const x = c % W;
      const bottom = (Math.floor(c / W) * pitchPx + rowPx - 1) * W + x;
      stackBounds(mix, c, rowPx, out);
      for (let k = 0; k < STACK.length; k++) {
        const colour = this.colours[STACK[k]];
        for (let y = out[2 * k]; y < out[2 * k + 1]; y++) px[bottom - y * W] = colour;
      }
    }
    this.ctx.putImageData(image, 0, 0);
  }

  /** Outline the chunks allocated this step; `ms` > 0 pulses them one after another. */
  mark(marks: Mark[], ms: number): void {
    const band = this.band;
    const rects: (Rect & Mark)[] = [];
    if (band)
      for (const m of marks)
        for (const r of spanRects(band, m.offset, m.size, 3)) rects.push({ ...r, ...m });
    const step = marks.length ? Math.min(300, (ms * 0.5) / marks.length) : 0;
    select(this.svg)
      .selectAll<SVGRectElement, Rect & Mark>('rect')
      .data(rects)
      .join('rect')
      .attr('class', `lib-alloc-mark${ms > 0 ? ' lib-pulse' : ''}`)
      .attr('data-offset', (r) => r.offset)
      .attr('data-piece', (r) => r.piece)
      .attr('x', (r) => r.x - 1)
      .attr('y', (r) => r.y - 3)
      .attr('width', (r) => r.w + 2)
      .attr('height', (r) => r.h + 6)
      .attr('rx', 2)
      .attr('fill', ALLOC_MARK)
      .attr('fill-opacity', 0.25)
      .attr('stroke', ALLOC_MARK)
      .attr('stroke-width', 2)
      .style('animation-delay', (r) => `${Math.round(r.index * step)}ms`);
  }
}
