// The buffers of the LRU view as SVG cells (up to a few thousand), keyed by buf#. Only the
// cells whose place or look changed are touched; moves are D3 transitions timed by the
// step's timeline.
import { easeCubicInOut, range, select, type Selection } from 'd3';
import { FLAG } from '../../sim/engine';
import {
  DIFF_MARK,
  DIRTY_MARK,
  DOUBLE_MARK,
  doubleRows,
  FREE_FILL,
  FREE_STROKE,
  inkOn,
  SELECT,
  segmentColor,
} from '../../shared/views/colours';
import { REGIONS, type Grid } from './lruGrid';
import { type Placement } from './lruLayout';
import { stop, stopNode } from '../../shared/views/stop';
import type { Timeline } from './timeline';

export interface CellState {
  dba: Uint32Array;
  tch: Uint32Array;
  flags: Uint8Array;
  /** Print touch counts (they mean nothing under 8.0's plain LRU). */
  showTch: boolean;
  /** Compare mode: 1 where the other configuration has not cached the buffer's block. */
  diff?: Uint8Array | null;
}

const MARK_DIRTY = 1;
const MARK_OS = 2;
const MARK_DIFF = 4;

export class SvgCells {
  private layer: Selection<SVGGElement, unknown, null, undefined>;
  private nodes: SVGGElement[] = [];
  private n = -1;
  private cell = 0;
  private text = false;
  // What each cell shows now (its target, for positions) and where it is mid-flight.
  private x = new Float32Array(0);
  private y = new Float32Array(0);
  private curX = new Float32Array(0);
  private curY = new Float32Array(0);
  private seg = new Int32Array(0);
  private tch = new Uint32Array(0);
  /** MARK_DIRTY | MARK_OS of what each cell shows. */
  private marks = new Uint8Array(0);
  private region = new Uint8Array(0);
  private selected: number | null = null;
  private shifting: number[] = [];

  constructor(layer: SVGGElement) {
    this.layer = select(layer);
  }

  /** (Re)create the cells when the buffer count or the cell size changes. */
  private build(n: number, grid: Grid, text: boolean): void {
    this.n = n;
    this.cell = grid.cell;
    this.text = text;
    const c = grid.cell;
    const cells = this.layer
      .selectAll<SVGGElement, number>('g.cell')
      .data(range(n), (d) => d)
      .join('g')
      .attr('class', 'cell')
      .attr('data-buf', (d) => d);
    cells.selectAll('*').remove();
    cells
      .append('rect')
      .attr('width', c)
      .attr('height', c)
      .attr('rx', Math.min(4, c * 0.18));
    if (this.text) {
      const font = c >= 14 ? Math.min(16, Math.round(c * 0.46)) : Math.max(8, c - 1);
      cells
        .append('text')
        .attr('class', 'tch')
        .attr('x', c / 2)
        .attr('y', c / 2)
        .attr('dy', '0.36em')
        .attr('text-anchor', 'middle')
        .attr('font-size', font)
        // a touch count a room cannot read is left to X$BH in presenter mode (modes.css)
        .attr('data-small', font < 12 ? '' : null)
        .attr('font-weight', 600);
    }
    if (c >= 5) {
      // Double buffering (seed 003): the bottom half of a buffer the OS also caches.
      const bar = doubleRows(c);
      cells
        .append('rect')
        .attr('class', 'os')
        .attr('x', 1)
        .attr('y', c - bar)
        .attr('width', Math.max(1, c - 2))
        .attr('height', bar)
        .attr('fill', DOUBLE_MARK)
        .attr('display', 'none');
      const r = Math.max(1.6, c * 0.12);
      cells
        .append('circle')
        .attr('class', 'dirty')
        .attr('r', r)
        .attr('cx', c - r - 1)
        .attr('cy', r + 1)
        .attr('fill', DIRTY_MARK)
        .attr('stroke', '#fff')
        .attr('stroke-width', c >= 14 ? 1.2 : 0.6)
        .attr('display', 'none');
    }
    this.nodes = cells.nodes();
    this.x = new Float32Array(n).fill(NaN);
    this.y = new Float32Array(n).fill(NaN);
    this.curX = new Float32Array(n);
    this.curY = new Float32Array(n);
    this.seg = new Int32Array(n).fill(-2);
    this.tch = new Uint32Array(n).fill(0xffffffff);
    this.marks = new Uint8Array(n).fill(255);
    this.region = new Uint8Array(n).fill(255);
    this.selected = null;
    this.shifting = [];
  }

  update(
    grid: Grid,
    pl: Placement,
    st: CellState,
    tl: Timeline | null,
    selected: number | null,
  ): void {
    const n = st.dba.length;
    const text = grid.text && st.showTch;
    if (n !== this.n || grid.cell !== this.cell || text !== this.text) this.build(n, grid, text);
    // Buffers still sliding from the last step go on sliding with this one's shift (or land).
    stopNode(this.layer.node() as Element, 'shift');
    const shifting = new Set<number>();
    for (const b of this.shifting)
      if (this.curX[b] !== this.x[b] || this.curY[b] !== this.y[b]) shifting.add(b);
    for (let b = 0; b < n; b++) {
      const nx = pl.x[b];
      const ny = pl.y[b];
      const seg = st.dba[b] === 0 ? -1 : (st.dba[b] >>> 22) - 1; // splitDba's segment
      const tch = st.tch[b];
      const f = st.flags[b];
      const marks =
        (f & FLAG.DIRTY ? MARK_DIRTY : 0) |
        (f & FLAG.OS_CACHED ? MARK_OS : 0) |
        (st.diff?.[b] ? MARK_DIFF : 0);
      const moved = nx !== this.x[b] || ny !== this.y[b];
      const look = seg !== this.seg[b] || tch !== this.tch[b] || marks !== this.marks[b];
      const node = this.nodes[b];
      if (pl.region[b] !== this.region[b]) {
        this.region[b] = pl.region[b];
        node.setAttribute('data-region', REGIONS[pl.region[b]]);
      }
      if (!moved && !look) continue;
      if (tch !== this.tch[b]) node.setAttribute('data-tch', String(tch));
      const first = Number.isNaN(this.x[b]);
      this.x[b] = nx;
      this.y[b] = ny;
      this.seg[b] = seg;
      this.tch[b] = tch;
      this.marks[b] = marks;
      if (!tl || first) {
        stopNode(node, 'move', 'look');
        shifting.delete(b);
        if (moved) this.moveNow(b, nx, ny);
        if (look) this.paint(node, seg, tch, marks);
        continue;
      }
      if (look) {
        const at = tl.changeAt.get(b) ?? tl.moveAt.get(b) ?? tl.settleAt;
        select(node)
          .transition('look')
          .delay(at)
          .duration(0)
          .on('start', () => this.paint(node, seg, tch, marks));
      }
      if (!moved) continue;
      if (tl.moveAt.has(b)) {
        shifting.delete(b);
        this.fly(b, node, nx, ny, tl);
      } else {
        stopNode(node, 'move');
        shifting.add(b);
      }
    }
    this.shifting = [...shifting];
    if (tl) this.shift(tl);
    else for (const b of this.shifting) this.moveNow(b, this.x[b], this.y[b]);
    this.select(selected);
  }

  /**
   * Everyone an event did not name but whose place changed (the list shifted by one around
   * an insertion or a promotion) slides together in one transition of the cells layer:
   * one tween for hundreds of cells, where a transition each would cost more than the frame.
   * A cell that changes row jumps rather than sliding diagonally across the whole row.
   */
  private shift(tl: Timeline): void {
    const list = this.shifting;
    if (!list.length) return;
    select(this.layer.node() as SVGGElement)
      .transition('shift')
      .delay(tl.settleAt)
      .duration(tl.moveDur)
      .ease(easeCubicInOut)
      .tween('shift', () => {
        const x0 = list.map((b) => this.curX[b]);
        const y0 = list.map((b) => this.curY[b]);
        return (t: number) => {
          list.forEach((b, i) => {
            const jump = y0[i] !== this.y[b];
            const k = jump ? (t > 0 ? 1 : 0) : t;
            this.moveNow(b, x0[i] + (this.x[b] - x0[i]) * k, y0[i] + (this.y[b] - y0[i]) * k);
          });
        };
      });
  }

  private moveNow(b: number, x: number, y: number): void {
    this.curX[b] = x;
    this.curY[b] = y;
    this.nodes[b].setAttribute('transform', `translate(${x},${y})`);
  }

  /** A buffer an event moves flies on its own, when its event comes. */
  private fly(b: number, node: SVGGElement, x: number, y: number, tl: Timeline): void {
    select(node)
      .transition('move')
      .delay(tl.moveAt.get(b) ?? tl.settleAt)
      .duration(tl.moveDur)
      .ease(easeCubicInOut)
      .tween('move', () => {
        const x0 = this.curX[b];
        const y0 = this.curY[b];
        return (t: number) => this.moveNow(b, x0 + (x - x0) * t, y0 + (y - y0) * t);
      });
  }

  private paint(node: SVGGElement, seg: number, tch: number, marks: number): void {
    const fill = seg < 0 ? FREE_FILL : segmentColor(seg);
    const rect = node.firstChild as SVGRectElement;
    rect.setAttribute('fill', fill);
    if (seg < 0) {
      rect.setAttribute('stroke', FREE_STROKE);
      rect.setAttribute('stroke-dasharray', '3 2');
      rect.removeAttribute('stroke-width');
    } else if (marks & MARK_DIFF) {
      rect.setAttribute('stroke', DIFF_MARK);
      rect.setAttribute('stroke-width', '2.5');
      rect.removeAttribute('stroke-dasharray');
    } else {
      rect.removeAttribute('stroke');
      rect.removeAttribute('stroke-dasharray');
      rect.removeAttribute('stroke-width');
    }
    node.toggleAttribute('data-diff', (marks & MARK_DIFF) !== 0);
    for (const child of Array.from(node.children)) {
      if (child.tagName === 'text') {
        const label = seg < 0 ? '' : String(tch);
        child.textContent = label;
        child.setAttribute('fill', inkOn(fill));
        // Small cells: squeeze two or more digits into the cell rather than spill over.
        if (this.cell < 14 && label.length > 1) {
          child.setAttribute('textLength', String(this.cell - 1));
          child.setAttribute('lengthAdjust', 'spacingAndGlyphs');
        } else child.removeAttribute('textLength');
      } else if (child.tagName === 'circle') {
        child.setAttribute('display', marks & MARK_DIRTY ? 'inline' : 'none');
      } else if (child.getAttribute('class') === 'os') {
        child.setAttribute('display', marks & MARK_OS ? 'inline' : 'none');
      }
    }
  }

  private select(buf: number | null): void {
    if (buf === this.selected) return;
    if (this.selected !== null) this.nodes[this.selected]?.querySelector('rect.sel')?.remove();
    this.selected = buf !== null && buf < this.n ? buf : null;
    if (this.selected === null) return;
    const node = this.nodes[this.selected];
    const c = this.cell;
    select(node)
      .raise()
      .append('rect')
      .attr('class', 'sel')
      .attr('x', -2.5)
      .attr('y', -2.5)
      .attr('width', c + 5)
      .attr('height', c + 5)
      .attr('rx', Math.min(5, c * 0.2) + 2)
      .attr('fill', 'none')
      .attr('stroke', SELECT)
      .attr('stroke-width', 3)
      .attr('pointer-events', 'none');
  }

  destroy(): void {
    stopNode(this.layer.node() as Element, 'shift');
    stop(this.layer.selectAll('g.cell'), 'move', 'look');
    this.layer.selectAll('*').remove();
  }
}
