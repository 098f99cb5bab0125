// CLOCK's ring: a working set's replacement list bent into a circle (the list's order is the
// clock's), one arc per buffer in its object's colour, a tick outside the arcs whose mark is
// set (the reference bit) and the hand as a line from the centre. A canvas: a ring of a few
// thousand arcs is one path per buffer, cheap to repaint every step.
import { FREE_FILL, INK, segmentColor } from '../../shared/views/colours';
import { splitDba } from '../../sim/engine';

export interface RingInput {
  /** The set's replacement list, in its order (head first). */
  list: Uint32Array;
  dba: Uint32Array;
  /** Buffers whose mark is set (non-zero). */
  marked: Set<number>;
  hand: number | null;
  /** Centre and radius in CSS px, in the stage's coordinates. */
  cx: number;
  cy: number;
  r: number;
}

/** The angle (radians, 0 at twelve o'clock, clockwise) of position `i` of `n`. */
export const ringAngle = (i: number, n: number) => (n > 0 ? (2 * Math.PI * i) / n : 0);

export class ClockRing {
  private canvas: HTMLCanvasElement;

  constructor(stage: HTMLElement, set: number) {
    this.canvas = document.createElement('canvas');
    this.canvas.dataset.testid = 'clock-ring';
    this.canvas.dataset.set = String(set);
    this.canvas.setAttribute('role', 'img');
    Object.assign(this.canvas.style, { position: 'absolute', pointerEvents: 'none' });
    stage.appendChild(this.canvas);
  }

  draw(x: RingInput, dpr: number): void {
    const size = 2 * (x.r + 8);
    const c = this.canvas;
    c.style.left = `${x.cx - size / 2}px`;
    c.style.top = `${x.cy - size / 2}px`;
    c.style.width = `${size}px`;
    c.style.height = `${size}px`;
    const px = Math.round(size * dpr);
    if (c.width !== px) c.width = c.height = px;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, size, size);
    const o = size / 2;
    const n = x.list.length;
    const band = Math.max(6, x.r * 0.28);
    const at = (i: number) => ringAngle(i, n) - Math.PI / 2;
    ctx.lineWidth = band;
    let handAt = -1;
    for (let i = 0; i < n; i++) {
      const b = x.list[i];
      if (b === x.hand) handAt = i;
      const where = splitDba(x.dba[b]);
      ctx.strokeStyle = where ? segmentColor(where.seg) : FREE_FILL;
      ctx.beginPath();
      // A hair of white between arcs while they are wide enough to show it.
      const gap = n <= 120 ? 0.012 : 0;
      ctx.arc(o, o, x.r - band / 2, at(i) + gap, at(i + 1) - gap);
      ctx.stroke();
      if (x.marked.has(b)) {
        ctx.strokeStyle = INK;
        ctx.lineWidth = 2.5;
        ctx.beginPath();
        ctx.arc(o, o, x.r + 3, at(i) + gap, at(i + 1) - gap);
        ctx.stroke();
        ctx.lineWidth = band;
      }
    }
    if (handAt >= 0) {
      const a = at(handAt + 0.5);
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      ctx.moveTo(o, o);
      ctx.lineTo(o + Math.cos(a) * (x.r - band - 2), o + Math.sin(a) * (x.r - band - 2));
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(o, o, 3.5, 0, 2 * Math.PI);
      ctx.fill();
    }
    c.dataset.hand = String(x.hand ?? '');
    c.setAttribute(
      'aria-label',
      `Clock ring of ${n} buffers, ${x.marked.size} with the mark set` +
        (x.hand !== null ? `; the hand points at buf# ${x.hand}` : ''),
    );
  }

  destroy(): void {
    this.canvas.remove();
  }
}
