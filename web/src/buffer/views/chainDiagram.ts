// The chain of one bucket as linked buffer headers, and the walk of a lookup over it,
// header by header, to the one found (green) or to the end (a miss, red).
import { select, type Selection } from 'd3';
import { FLAG, splitDba } from '../../sim/engine';
import { walkedHeaders, type Lookup } from '../../shared/views/chainLayout';
import {
  DIRTY_MARK,
  latchColor,
  MUTED,
  SELECT,
  segmentColor,
  shade,
} from '../../shared/views/colours';
import { fitText } from '../../shared/views/lineChart';
import { stop } from '../../shared/views/stop';
import { uiWidth } from '../../shared/views/text';
import type { ChainFrame } from './types';

export const BOX_W = 112;
export const BOX_H = 50;
const LINK = 24;
const HEAD_W = 118;
export const CHAIN_H = BOX_H + 28;
const FOUND = '#2b8a3e';
const MISSED = '#c92a2a';
const WALK = '#f59f00';

export type G = Selection<SVGGElement, unknown, null, undefined>;

/** What the diagram shows: a bucket, and the lookup that walked it (if this step did). */
export interface Shown {
  bucket: number;
  look: Lookup | null;
  /** Where the bucket came from, for the caption. */
  why: 'lookup' | 'selected' | 'clicked' | 'marked' | 'last';
}

export function drawChain(
  chainG: G,
  onSelect: (buf: number) => void,
  frame: ChainFrame,
  s: Shown,
  chain: number[],
  w: number,
  animate: boolean,
): void {
  chainG.attr('data-bucket', s.bucket).attr('data-latch', s.bucket % frame.latches);
  stop(chainG);
  stop(chainG.selectAll('*'));
  chainG.selectAll('*').remove();
  const fits = Math.max(1, Math.floor((w - HEAD_W - 40) / (BOX_W + LINK)));
  const visible = chain.length > fits ? chain.slice(0, fits - 1) : chain;
  const more = chain.length - visible.length;
  const tint = latchColor(s.bucket % frame.latches, frame.latches);
  const head = chainG.append('g').attr('class', 'bucket-head');
  head
    .append('rect')
    .attr('width', HEAD_W)
    .attr('height', BOX_H)
    .attr('rx', 6)
    .attr('fill', shade(tint, 0.35))
    .attr('stroke', shade(tint, 1))
    .attr('stroke-width', 2);
  head
    .append('text')
    .attr('x', 10)
    .attr('y', 20)
    .attr('font-weight', 700)
    .text(`bucket ${s.bucket}`);
  head
    .append('text')
    .attr('x', 10)
    .attr('y', 38)
    .attr('fill', MUTED)
    .text(`latch ${s.bucket % frame.latches}`);
  const xOf = (i: number) => HEAD_W + LINK + i * (BOX_W + LINK);
  const ends = [...visible.map((_, i) => xOf(i)), xOf(visible.length)];
  ends.forEach((x) => arrow(chainG, x - LINK + 3, x - 3));
  const boxes = chainG
    .selectAll<SVGGElement, number>('g.header')
    .data(visible)
    .join('g')
    .attr('class', 'header')
    .attr('data-buf', (b) => b)
    .attr('transform', (_, i) => `translate(${xOf(i)},0)`)
    .style('cursor', 'pointer')
    .on('click', (_, b) => onSelect(b));
  boxes
    .append('rect')
    .attr('class', 'box')
    .attr('width', BOX_W)
    .attr('height', BOX_H)
    .attr('rx', 6)
    .attr('fill', '#fff')
    .attr('stroke', (b) => (b === frame.selected ? SELECT : '#adb5bd'))
    .attr('stroke-width', (b) => (b === frame.selected ? 3 : 1.2));
  boxes
    .append('rect')
    .attr('width', 7)
    .attr('height', BOX_H)
    .attr('rx', 3)
    .attr('fill', (b) => {
      const where = splitDba(frame.dba[b]);
      return where ? segmentColor(where.seg) : '#ced4da';
    });
  boxes
    .append('text')
    .attr('x', 15)
    .attr('y', 16)
    .attr('font-weight', 700)
    .text((b) => `buf# ${b}`);
  // The segment's name, set smaller to fit the box (LOOKUP_TBL_PK was cut to
  // "LOOKUP_TBL_…"); cut only below 9 px, with the whole name as its title.
  boxes
    .append('text')
    .attr('x', 15)
    .attr('y', 31)
    .each(function (b) {
      const where = splitDba(frame.dba[b]);
      const name = where ? (frame.objects[where.seg]?.name ?? `seg ${where.seg}`) : 'free';
      const fit = fitText(name, BOX_W - 15 - 6, uiWidth, 12);
      const text = select(this).attr('font-size', fit.px).text(fit.text);
      if (fit.text !== name) text.append('title').text(name);
    });
  boxes
    .append('text')
    .attr('x', 15)
    .attr('y', 44)
    .attr('font-size', 12)
    .attr('fill', MUTED)
    .text((b) => `blk ${splitDba(frame.dba[b])?.block ?? '—'}`);
  boxes
    .filter((b) => (frame.flags[b] & FLAG.DIRTY) !== 0)
    .append('circle')
    .attr('cx', BOX_W - 9)
    .attr('cy', 9)
    .attr('r', 4)
    .attr('fill', DIRTY_MARK);
  const endX = xOf(visible.length);
  chainG
    .append('text')
    .attr('x', endX)
    .attr('y', BOX_H / 2)
    .attr('dy', '0.35em')
    .attr('fill', MUTED)
    .text(more > 0 ? `… ${more} more` : chain.length ? 'end' : 'empty chain');
  if (s.look) walk(chainG, s.look, chain, visible, xOf, endX, animate ? frame.durationMs : 0);
}

/** The walk: a cursor over each compared header, then found (green) or not (red). */
function walk(
  chainG: G,
  look: Lookup,
  chain: number[],
  visible: number[],
  xOf: (i: number) => number,
  endX: number,
  ms: number,
): void {
  const path = walkedHeaders(chain, look).filter((b) => visible.includes(b));
  const beat = path.length ? Math.min(380, (ms * 0.7) / (path.length + 1)) : 0;
  const posOf = (b: number) => xOf(visible.indexOf(b));
  path.forEach((b, i) => {
    const hit = b === look.found;
    const mark = chainG
      .append('g')
      .attr('class', 'walk-mark')
      .attr('data-walk', i)
      .attr('transform', `translate(${posOf(b)},0)`)
      .attr('opacity', ms ? 0 : 1);
    mark
      .append('rect')
      .attr('x', -3)
      .attr('y', -3)
      .attr('width', BOX_W + 6)
      .attr('height', BOX_H + 6)
      .attr('rx', 8)
      .attr('fill', 'none')
      .attr('stroke', hit ? FOUND : WALK)
      .attr('stroke-width', hit ? 3.5 : 2.5);
    below(mark, hit ? FOUND : WALK, hit ? '✓ found' : `≠ ${i + 1}`, true);
    if (ms)
      mark
        .transition()
        .delay(i * beat)
        .duration(Math.min(120, beat))
        .attr('opacity', 1);
  });
  const result = chainG
    .append('g')
    .attr('class', 'walk-result')
    .attr(
      'transform',
      `translate(${look.found !== null && visible.includes(look.found) ? posOf(look.found) : endX},0)`,
    )
    .attr('opacity', ms ? 0 : 1);
  if (look.found === null) {
    below(result, MISSED, '✗ miss', false);
    if (look.inserted !== null && visible[0] === look.inserted) {
      const neu = chainG
        .append('g')
        .attr('transform', `translate(${xOf(0)},0)`)
        .attr('opacity', ms ? 0 : 1);
      below(neu, '#1c7ed6', 'new: hung at head', true);
      if (ms)
        neu
          .transition()
          .delay((path.length + 1) * beat)
          .duration(150)
          .attr('opacity', 1);
    }
  }
  if (ms)
    result
      .transition()
      .delay(path.length * beat)
      .duration(150)
      .attr('opacity', 1);
}

/** A bold caption under a box (centred on it, or from its left edge). */
function below(g: G, fill: string, text: string, centred: boolean): void {
  const t = g.append('text');
  if (centred) t.attr('x', BOX_W / 2);
  t.attr('y', BOX_H + 14);
  if (centred) t.attr('text-anchor', 'middle');
  t.attr('font-size', 12).attr('font-weight', 700).attr('fill', fill).text(text);
}

function arrow(g: G, x0: number, x1: number): void {
  const y = BOX_H / 2;
  g.append('line')
    .attr('x1', x0)
    .attr('x2', x1 - 5)
    .attr('y1', y)
    .attr('y2', y)
    .attr('stroke', '#868e96')
    .attr('stroke-width', 1.6);
  g.append('path')
    .attr('d', `M${x1 - 7},${y - 4.5}L${x1},${y}L${x1 - 7},${y + 4.5}Z`)
    .attr('fill', '#868e96');
}
