// Highlights and captions of one step, drawn over the cells (SVG or canvas alike): rings
// that walk the scan, pulse a hit, mark the victim and the inserted buffer, and one caption
// at a time saying what happened. The last caption and the final rings stay until the next
// update, so a single step can be read at leisure.
import { select, type Selection } from 'd3';
import { DIRTY_MARK, REGION_COLOR, SELECT } from '../../shared/views/colours';
import { LANE, type Grid } from './lruGrid';
import { TAG_H } from './lruMarks';
import type { Locator } from './lruLayout';
import { stop } from '../../shared/views/stop';
import { textWidth } from '../../shared/views/text';
import type { AnimStep, StepKind, Timeline } from './timeline';

const RING: Record<StepKind, string> = {
  hit: '#2f9e44',
  too_soon: '#2f9e44',
  to_head: '#2f9e44',
  free: '#495057',
  inspect: '#f59f00',
  promote: REGION_COLOR.hot,
  cool: REGION_COLOR.cold,
  dirty_skip: REGION_COLOR.write,
  victim: '#e03131',
  insert: '#1c7ed6',
  dirty: DIRTY_MARK,
  write: REGION_COLOR.writing,
  written: REGION_COLOR.writing,
  wait: '#e03131',
};

/** Rings that stay after the step: they mark where the step left things. */
const STAYS = new Set<StepKind>(['hit', 'too_soon', 'to_head', 'insert', 'dirty']);
/** Steps whose buffer moves: a ring where it was, then one where it lands. */
const MOVERS = new Set<StepKind>(['to_head', 'promote', 'cool', 'dirty_skip', 'written']);
const MAX_RINGS = 240;
const CAPTION_FONT = '600 12.5px system-ui, sans-serif';
/** Space kept between a caption and a tag beside it. */
const GAP = 6;

/** A tag's box in the view (./lruMarks' Tag): captions keep clear of it. */
interface Box {
  x: number;
  y: number;
  w: number;
}

type G = Selection<SVGGElement, unknown, null, undefined>;

export class LruEffects {
  private layer: G;
  private selLayer: G;

  constructor(layer: SVGGElement, selLayer: SVGGElement) {
    this.layer = select(layer);
    this.selLayer = select(selLayer);
  }

  clear(): void {
    stop(this.layer.selectAll('*'));
    this.layer.selectAll('*').remove();
  }

  play(
    tl: Timeline,
    grid: Grid,
    before: Locator | null,
    after: Locator,
    tags: readonly Box[] = [],
  ): void {
    this.clear();
    const steps = thin(tl.steps);
    const pad = 3;
    const size = Math.max(grid.cell, 9) + 2 * pad;
    const centre = (at: Locator, b: number) => {
      const p = at(b);
      return p ? { x: p.x + grid.cell / 2, y: p.y + grid.cell / 2 } : null;
    };
    const ring = (s: AnimStep, p: { x: number; y: number }, at: number, until: number | null) => {
      const big = s.kind === 'inspect' ? size : size * 2;
      const r = this.layer
        .append('rect')
        .attr('class', `ring ring-${s.kind}`)
        .attr('data-step', s.kind)
        .attr('data-buf', s.buf)
        .attr('x', p.x - big / 2)
        .attr('y', p.y - big / 2)
        .attr('width', big)
        .attr('height', big)
        .attr('rx', Math.min(6, size * 0.25))
        .attr('fill', 'none')
        .attr('stroke', RING[s.kind])
        .attr('stroke-width', grid.cell >= 14 ? 3 : 2.5)
        .attr('stroke-dasharray', s.kind === 'too_soon' ? '4 3' : null)
        .attr('opacity', 0);
      // A pulse: the ring closes in on the cell as it appears.
      const t = r
        .transition()
        .delay(at)
        .duration(Math.min(s.kind === 'inspect' ? 90 : 220, s.dur / 2))
        .attr('opacity', 1)
        .attr('x', p.x - size / 2)
        .attr('y', p.y - size / 2)
        .attr('width', size)
        .attr('height', size);
      if (until !== null)
        t.transition()
          .delay(Math.max(0, until - at))
          .duration(160)
          .attr('opacity', 0)
          .remove();
    };
    const captionAt = new Map<AnimStep, { x: number; y: number }>();
    for (const s of steps) {
      if (s.buf < 0) {
        const box = grid.sets[s.set];
        if (box) captionAt.set(s, { x: grid.gridX, y: box.top + 28 });
        continue;
      }
      const now = centre(after, s.buf);
      if (!now) continue;
      const was = (before && centre(before, s.buf)) || now;
      const moved = was.x !== now.x || was.y !== now.y;
      const fade = s.at + (s.kind === 'inspect' ? s.dur * 0.6 : s.dur + tl.moveDur);
      if (MOVERS.has(s.kind) && moved) {
        // Where it was when the step reached it, then where it landed.
        ring(s, was, s.at, s.at + s.dur);
        ring(s, now, s.at + tl.moveDur * 0.8, STAYS.has(s.kind) ? null : fade + 600);
        captionAt.set(s, now);
      } else {
        const p = s.where === 'before' ? was : now;
        ring(s, p, s.at, STAYS.has(s.kind) ? null : fade);
        captionAt.set(s, p);
      }
    }
    const captions = steps.filter((s) => s.caption && captionAt.has(s));
    captions.forEach((s, i) => {
      const next = captions[i + 1];
      const p = captionAt.get(s);
      if (p) this.caption(grid, s, p, tags, next ? next.at - s.at : null);
    });
  }

  /** One caption in the lane above its ring's row (see captionBox), or none. */
  private caption(
    grid: Grid,
    s: AnimStep,
    p: { x: number; y: number },
    tags: readonly Box[],
    life: number | null,
  ): void {
    const g = this.layer
      .append('g')
      .attr('class', 'caption')
      .attr('data-step', s.kind)
      .attr('opacity', 0)
      .attr('pointer-events', 'none');
    const rect = g.append('rect').attr('rx', 6).attr('fill', '#212529').attr('fill-opacity', 0.93);
    g.append('circle').attr('cx', 11).attr('r', 4).attr('fill', RING[s.kind]);
    g.append('text')
      .attr('x', 21)
      .attr('dy', '0.35em')
      .style('font', CAPTION_FONT)
      .attr('fill', '#fff')
      .text(s.label);
    const w = Math.ceil(textWidth(s.label, CAPTION_FONT) + 30);
    const at = captionBox(grid, p, w, tags);
    if (!at) {
      g.remove();
      return;
    }
    rect.attr('width', w).attr('height', at.h);
    g.select('circle').attr('cy', at.h / 2);
    g.select('text').attr('y', at.h / 2);
    g.attr('transform', `translate(${at.x},${at.y})`);
    const t = g.transition().delay(s.at).duration(90).attr('opacity', 1);
    if (life !== null)
      t.transition()
        .delay(Math.max(0, life - 90))
        .duration(60)
        .attr('opacity', 0)
        .remove();
  }

  /** The selection ring, for the canvas (SVG cells carry their own): `at` null removes it. */
  selectRing(grid: Grid, at: Locator | null, buf: number | null): void {
    const p = at && buf !== null ? at(buf) : null;
    const size = Math.max(grid.cell, 8) + 8;
    this.selLayer
      .selectAll<SVGRectElement, { x: number; y: number }>('rect.sel')
      .data(p ? [p] : [])
      .join('rect')
      .attr('class', 'sel')
      .attr('x', (d) => d.x + grid.cell / 2 - size / 2)
      .attr('y', (d) => d.y + grid.cell / 2 - size / 2)
      .attr('width', size)
      .attr('height', size)
      .attr('rx', 4)
      .attr('fill', 'none')
      .attr('stroke', SELECT)
      .attr('stroke-width', 3);
  }

  destroy(): void {
    this.clear();
    this.selLayer.selectAll('*').remove();
  }
}

/**
 * Where a caption `w` px wide goes for a ring centred at `p`: in the lane above the ring's row,
 * centred on it and kept inside the grid, so that it never covers a cell (issue 26 #10: beside
 * the ring it hid the list head). Every set has a lane above its first row; rows below have
 * one only when the cells are large (`grid.lanes`), else the caption stands in the top lane,
 * over the ring's column. A lane full of tags: no caption (the narration says the same).
 */
export function captionBox(
  grid: Grid,
  p: { x: number; y: number },
  w: number,
  avoid: readonly Box[] = [],
): { x: number; y: number; h: number } | null {
  const box = grid.sets.find((b) => p.y >= b.top && p.y < b.top + b.height);
  if (!box) return null;
  const rowTop = p.y - grid.cell / 2;
  const firstRow = rowTop < box.top + LANE + grid.pitch / 2;
  // a row with no lane of its own (small cells) has its caption in the set's top lane
  const y = (firstRow || !grid.lanes ? box.top : rowTop - LANE) + 1;
  const h = LANE - 2;
  // Centred on the ring, or the nearest place beside a tag in the lane (never over one).
  const lo = grid.gridX - 2;
  const hi = grid.width - 2 - w;
  const inLane = avoid.filter((t) => t.y < y + h && y < t.y + TAG_H);
  const free = (x: number) =>
    x >= lo && x <= hi && !inLane.some((t) => x < t.x + t.w + GAP && t.x < x + w + GAP);
  const want = Math.max(lo, Math.min(hi, p.x - w / 2));
  const xs = [want, ...inLane.flatMap((t) => [t.x + t.w + GAP, t.x - GAP - w])]
    .filter(free)
    .sort((a, b) => Math.abs(a - want) - Math.abs(b - want));
  return xs.length ? { x: xs[0], y, h } : null;
}

/** At most MAX_RINGS steps: every step that is not an inspection, and a sample of those. */
function thin(steps: AnimStep[]): AnimStep[] {
  if (steps.length <= MAX_RINGS) return steps;
  const inspects = steps.filter((s) => s.kind === 'inspect');
  const others = steps.length - inspects.length;
  const keep = Math.max(1, MAX_RINGS - others);
  const every = Math.ceil(inspects.length / keep);
  let k = 0;
  return steps.filter((s) => s.kind !== 'inspect' || k++ % every === 0 || k === inspects.length);
}
