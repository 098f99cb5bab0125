// The bucket array of the cache buffers chains on a canvas: one cell per bucket (or per
// few buckets when there are more buckets than pixels), shaded by its chain length
// (colours.ts' bucketFill). An SVG over it rings the current bucket, the buckets its latch
// also covers and the selected buffer's bucket.
import { select } from 'd3';
import { BUCKET_FILL, packRgba, SELECT } from './colours';
import { bucketXY, stripGeom, type Strip } from './chainLayout';
import { PixelCanvas } from './pixelCanvas';

const MAX_SIBLINGS = 64;

export class ChainStrip extends PixelCanvas {
  private readonly fills = BUCKET_FILL.map((c) => packRgba(c));
  geom: Strip | null = null;
  private key = '';
  /** The chain lengths drawn last. */
  private seen = new Uint32Array(0);

  constructor(parent: HTMLElement) {
    super(parent);
    this.overlay();
    this.el.style.cursor = 'pointer';
  }

  draw(
    buckets: number,
    latches: number,
    lengths: Uint32Array,
    width: number,
    height: number,
  ): void {
    const dpr = window.devicePixelRatio || 1;
    const g = stripGeom(buckets, latches, width, height, dpr);
    const key = `${buckets}|${latches}|${g.cols}|${g.rows}|${g.per}|${g.pitch}|${dpr}`;
    // Same geometry as last time: only the cells whose chains changed are repainted.
    const incremental = key === this.key && this.seen.length === buckets;
    this.key = key;
    this.geom = g;
    // a bucket's cell size, for a reader (and e2e/presenter.spec.ts: 4 px on a projector)
    this.el.dataset.pitch = String(g.pitch);
    this.el.dataset.per = String(g.per);
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
      const colour = this.fills[Math.min(3, len)];
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
      .selectAll<SVGRectElement, M>('rect.mark')
      .data(marks)
      .join('rect')
      .attr('class', 'mark')
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
    this.drawCursor();
    return marks.some((m) => m.kind === 'sibling');
  }

  // ---- the keyboard: the strip is one Tab stop; arrows move a bucket cursor, Enter picks ----
  private cursor: number | null = null;
  private buckets = 0;
  private live: HTMLElement | null = null;

  /**
   * Makes the strip reachable by keyboard: ←/→ move one bucket, ↑/↓ one row, Page Up/Down ten
   * rows; a polite live region reads the bucket and its chain length; Enter calls `pick`.
   */
  keys(label: string, pick: (bucket: number) => void, describe: (bucket: number) => string) {
    const el = this.el;
    el.tabIndex = 0;
    el.dataset.keynav = 'buckets';
    el.setAttribute('role', 'group');
    el.setAttribute('aria-roledescription', 'bucket grid');
    el.setAttribute('aria-label', `${label}: arrow keys move, Enter shows the bucket's chain`);
    const live = document.createElement('div');
    live.className = 'visually-hidden';
    live.setAttribute('aria-live', 'polite');
    live.dataset.testid = 'bucket-cursor';
    el.after(live);
    this.live = live;
    const say = (b: number) => (live.textContent = describe(b));
    el.addEventListener('focus', () => {
      this.cursor ??= 0;
      this.drawCursor();
      say(this.cursor);
    });
    el.addEventListener('blur', () => this.drawCursor());
    el.addEventListener('keydown', (e) => {
      const g = this.geom;
      if (!g || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const row = g.cols * g.per;
      const step: Record<string, number> = {
        ArrowRight: g.per,
        ArrowLeft: -g.per,
        ArrowDown: row,
        ArrowUp: -row,
        PageDown: 10 * row,
        PageUp: -10 * row,
      };
      const at = this.cursor ?? 0;
      if (e.key === 'Enter') pick(at);
      else if (e.key in step)
        this.cursor = Math.min(this.buckets - 1, Math.max(0, at + step[e.key]));
      else return;
      // Handled here: the page's shortcuts skip a prevented key.
      e.preventDefault();
      this.drawCursor();
      if (e.key !== 'Enter' && this.cursor !== null) say(this.cursor);
    });
  }

  /** How many buckets the strip has now (the cursor stays within them). */
  setBuckets(n: number): void {
    this.buckets = n;
    if (this.cursor !== null && this.cursor >= n) this.cursor = n - 1;
  }

  private drawCursor(): void {
    const g = this.geom;
    const on = g && this.cursor !== null && document.activeElement === this.el;
    const size = g ? Math.max(g.pitch, 7) + 8 : 0;
    select(this.svg)
      .selectAll<SVGRectElement, number>('rect.key-cursor')
      .data(on && g && this.cursor !== null ? [this.cursor] : [])
      .join('rect')
      .attr('class', 'key-cursor')
      .attr('x', (b) => (g ? bucketXY(g, b).x + g.pitch / 2 - size / 2 : 0))
      .attr('y', (b) => (g ? bucketXY(g, b).y + g.pitch / 2 - size / 2 : 0))
      .attr('width', size)
      .attr('height', size)
      .attr('rx', 3)
      .attr('fill', 'none')
      .attr('stroke', '#3b5bdb')
      .attr('stroke-width', 2.5)
      .attr('stroke-dasharray', '4 2');
  }

  override destroy(): void {
    this.live?.remove();
    super.destroy();
  }
}
