// The bucket array of the cache buffers chains on a canvas: one cell per bucket (or per
// few buckets when there are more buckets than pixels), hue = its latch, shade = its chain
// length. An SVG over it rings the current bucket, the buckets its latch also covers and
// the selected buffer's bucket.
import { select } from 'd3';
import { FREE_FILL, latchColor, packRgba, SELECT, shade } from './colours';
import { bucketXY, lengthShade, stripGeom, type Strip } from './chainLayout';
import { PixelCanvas } from './pixelCanvas';

const MAX_SIBLINGS = 64;

export class ChainStrip extends PixelCanvas {
  private colours = new Uint32Array(0);
  private latches = 0;
  private readonly empty = packRgba(FREE_FILL);
  geom: Strip | null = null;
  private key = '';
  /** The chain lengths drawn last. */
  private seen = new Uint32Array(0);

  constructor(parent: HTMLElement) {
    super(parent);
    this.overlay();
    this.el.style.cursor = 'pointer';
  }

  /** Packed colour of a latch at a chain-length level (0 empty, 1, 2, 3+), computed once. */
  private colour(latch: number, len: number): number {
    const level = len >= 3 ? 3 : len;
    if (level === 0) return this.empty;
    const k = latch * 4 + level;
    let c = this.colours[k];
    if (c === 0) {
      c = packRgba(shade(latchColor(latch, this.latches), lengthShade(level)));
      this.colours[k] = c;
    }
    return c;
  }

  draw(
    buckets: number,
    latches: number,
    lengths: Uint32Array,
    width: number,
    height: number,
  ): void {
    const dpr = window.devicePixelRatio || 1;
    if (latches !== this.latches) {
      this.latches = latches;
      this.colours = new Uint32Array(latches * 4);
    }
    const g = stripGeom(buckets, latches, width, height, dpr);
    const key = `${buckets}|${latches}|${g.cols}|${g.rows}|${g.per}|${g.pitch}|${dpr}`;
    // Same geometry as last time: only the cells whose chains changed are repainted.
    const incremental = key === this.key && this.seen.length === buckets;
    this.key = key;
    this.geom = g;
    const W = Math.max(1, Math.round(g.width * dpr));
    const H = Math.max(1, Math.round(g.height * dpr));
    this.fit(W, H, g.width, g.height);
    const px = this.pixels;
    const d = Math.round(g.pitch * dpr);
    const size = d >= 4 ? d - 1 : d;
    const paint = (c: number) => {
      let len = 0;
      const b0 = c * g.per;
      for (let b = b0; b < b0 + g.per && b < buckets; b++) if (lengths[b] > len) len = lengths[b];
      const colour = this.colour(b0 % latches, len);
      let o = Math.floor(c / g.cols) * d * W + (c % g.cols) * d;
      for (let r = 0; r < size; r++, o += W) for (let k = 0; k < size; k++) px[o + k] = colour;
    };
    if (incremental) {
      const seen = this.seen;
      let changed = 0;
      for (let b = 0; b < buckets; b++)
        if (lengths[b] !== seen[b]) {
          paint(Math.floor(b / g.per));
          changed++;
        }
      if (changed === 0) return;
    } else {
      px.fill(0);
      const cells = Math.ceil(buckets / g.per);
      for (let c = 0; c < cells; c++) paint(c);
      this.seen = new Uint32Array(buckets);
    }
    this.seen.set(lengths.subarray(0, buckets));
    if (this.image) this.ctx.putImageData(this.image, 0, 0);
  }

  /** Rings: the current bucket (solid), its latch's other buckets (thin), the selected buffer's. */
  mark(
    current: number | null,
    latches: number,
    buckets: number,
    selectedBucket: number | null,
  ): boolean {
    const g = this.geom;
    if (!g) return false;
    const size = Math.max(g.pitch, 7) + 4;
    type M = { b: number; kind: 'current' | 'sibling' | 'selected' };
    const marks: M[] = [];
    if (current !== null) {
      const siblings = Math.ceil((buckets - (current % latches)) / latches);
      // Only where one cell is one bucket and large enough to ring.
      if (siblings <= MAX_SIBLINGS && latches < buckets && g.per === 1 && g.pitch >= 4)
        for (let b = current % latches; b < buckets; b += latches)
          if (b !== current) marks.push({ b, kind: 'sibling' });
      marks.push({ b: current, kind: 'current' });
    }
    if (selectedBucket !== null) marks.push({ b: selectedBucket, kind: 'selected' });
    select(this.svg)
      .selectAll<SVGRectElement, M>('rect')
      .data(marks)
      .join('rect')
      .attr('data-mark', (m) => m.kind)
      .attr('data-bucket', (m) => m.b)
      .attr(
        'x',
        (m) => bucketXY(g, m.b).x + g.pitch / 2 - (m.kind === 'sibling' ? size * 0.35 : size / 2),
      )
      .attr(
        'y',
        (m) => bucketXY(g, m.b).y + g.pitch / 2 - (m.kind === 'sibling' ? size * 0.35 : size / 2),
      )
      .attr('width', (m) => (m.kind === 'sibling' ? size * 0.7 : size))
      .attr('height', (m) => (m.kind === 'sibling' ? size * 0.7 : size))
      .attr('rx', 2)
      .attr('fill', 'none')
      .attr('stroke', (m) => (m.kind === 'selected' ? '#e8590c' : SELECT))
      .attr('stroke-width', (m) => (m.kind === 'sibling' ? 1.2 : 2.5))
      .attr('stroke-dasharray', (m) => (m.kind === 'selected' ? '3 2' : null));
    return marks.some((m) => m.kind === 'sibling');
  }
}
