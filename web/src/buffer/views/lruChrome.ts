// Everything of the LRU view that is not a buffer: the label column of each working set,
// region tints and rails (large cells) or outlines (small cells), the midpoint bars and the
// HOT HEAD / MIDPOINT / COLD TAIL / WRITE LIST / FREE tags.
import { format, select, type Selection } from 'd3';
import type { SetInfo } from '../../sim/engine';
import {
  INK,
  MIDPOINT,
  MUTED,
  poolColor,
  REGION_COLOR,
  REGION_DASH,
  REGION_TINT,
} from '../../shared/views/colours';
import { type Grid, type RegionName } from './lruGrid';
import { fitText, READABLE_PX } from '../../shared/views/lineChart';
import { uiWidth } from '../../shared/views/text';
import { rangeOutline, stairAt, regionRuns, toneOf, type Run, type SetSections } from './lruLayout';
import { boundaries, midpointBar, placeTags, TAG_H, type MidBar, type Tag } from './lruMarks';

type G = Selection<SVGGElement, unknown, null, undefined>;

const TAG_FILL: Record<Tag['kind'], string> = {
  midpoint: MIDPOINT,
  hot: REGION_COLOR.hot,
  cold: REGION_COLOR.cold,
  write: REGION_COLOR.write,
  writing: REGION_COLOR.writing,
  free: '#6c757d',
};

const compact = format('.3~s');
const grouped = format(',d');
const fmt = (n: number) => (n < 10000 ? grouped(n) : compact(n));

/**
 * The label column lines of one set: each of the policy's regions by its name, with its limit
 * when it has one; `compact`: three lines (no set and DBWR line, one line of list sizes).
 */
export function setLabel(set: SetInfo, index: number, sec: SetSections, compact = false): string[] {
  const writes = sec.write + sec.writing;
  const lists = sec.regions.map((r, k) => {
    const max = set.region_max[k];
    return `${r.def.label} ${fmt(r.len)}${max != null ? ` (max ${fmt(max)})` : ''}`;
  });
  if (compact)
    return [
      set.pool,
      sec.regions.length > 1
        ? sec.regions.map((r) => `${r.def.label} ${fmt(r.len)}`).join(' · ')
        : lists[0],
      `write ${fmt(writes)} · free ${fmt(sec.free)}`,
    ];
  return [
    set.pool,
    `set ${index} · DBWR ${set.dbwr}`,
    ...lists,
    `write ${fmt(writes)} · free ${fmt(sec.free)}`,
  ];
}

const LABEL_LINES = 5;

/** A region line's shorter wording, for a narrow label column: "hot 212 (max 500)" → "hot 212/500". */
export function shortLine(line: string): string | undefined {
  const m = / \(max ([\d,]+)\)$/.exec(line);
  return m ? `${line.slice(0, m.index)}/${m[1]}` : undefined;
}

export class LruChrome {
  private under: G;
  private over: G;
  private labels: G;

  private mid: G;
  private tags: G;
  /** The tags drawn now: a step's caption keeps clear of them (./lruEffects). */
  tagsNow: Tag[] = [];

  constructor(under: SVGGElement, over: SVGGElement, labels: SVGGElement) {
    this.under = select(under);
    // Outlines and rails, then the midpoint, then the tags on top.
    this.over = select(over).append('g');
    this.mid = select(over).append('g');
    this.tags = select(over).append('g');
    this.labels = select(labels);
  }

  update(grid: Grid, secs: SetSections[], sets: SetInfo[]): void {
    const runs: Run[] = grid.lanes
      ? secs.flatMap((sec, s) => (grid.sets[s] ? regionRuns(grid, sec, s) : []))
      : [];
    this.drawTints(runs);
    this.drawRails(runs);
    this.drawOutlines(grid.lanes ? [] : outlines(grid, secs));
    const mids = secs.flatMap((sec, s) =>
      grid.sets[s] ? boundaries(sec).map((r) => ({ sec, s, r })) : [],
    );
    this.drawBars(grid.lanes ? mids.map(({ sec, s, r }) => midpointBar(grid, sec, s, r)) : []);
    this.drawStairs(
      grid.lanes ? [] : mids.map(({ sec, s, r }) => stairAt(grid, s, r.start, sec.repl)),
    );
    this.tagsNow = placeTags(grid, secs);
    this.drawTags(this.tagsNow);
    this.drawLabels(grid, secs, sets);
  }

  private drawTints(runs: Run[]): void {
    this.under
      .selectAll<SVGRectElement, Run>('rect.tint')
      .data(runs)
      .join('rect')
      .attr('class', 'tint')
      .attr('x', (d) => d.x - 3)
      .attr('y', (d) => d.y - 3)
      .attr('width', (d) => d.w + 6)
      .attr('height', (d) => d.h + 6)
      .attr('rx', 5)
      .attr('fill', (d) => REGION_TINT[d.region]);
  }

  private drawRails(runs: Run[]): void {
    this.over
      .selectAll<SVGRectElement, Run>('rect.rail')
      .data(runs)
      .join('rect')
      .attr('class', 'rail')
      .attr('x', (d) => d.x)
      .attr('y', (d) => d.y + d.h + 2)
      .attr('width', (d) => d.w)
      .attr('height', 3)
      .attr('rx', 1.5)
      .attr('fill', (d) => REGION_COLOR[d.region]);
  }

  private drawOutlines(list: { region: RegionName; d: string }[]): void {
    this.over
      .selectAll<SVGPathElement, { region: RegionName; d: string }>('path.outline')
      .data(list)
      .join('path')
      .attr('class', 'outline')
      .attr('d', (o) => o.d)
      .attr('fill', 'none')
      .attr('stroke', (o) => REGION_COLOR[o.region])
      .attr('stroke-width', (o) => (o.region === 'hot' ? 2.5 : 2))
      .attr('stroke-linejoin', 'round')
      .attr('stroke-dasharray', (o) => REGION_DASH[o.region]);
  }

  private drawBars(bars: MidBar[]): void {
    this.mid
      .selectAll<SVGRectElement, MidBar>('rect.midpoint')
      .data(bars)
      .join('rect')
      .attr('class', 'midpoint')
      .attr('data-testid', 'midpoint')
      .attr('x', (d) => d.x - 2.5)
      .attr('y', (d) => d.y)
      .attr('width', 5)
      .attr('height', (d) => d.h)
      .attr('rx', 2)
      .attr('fill', MIDPOINT)
      .attr('stroke', '#fff')
      .attr('stroke-width', 1.5)
      .attr('paint-order', 'stroke');
  }

  /** The midpoint of a dense set: a dark line between the hot and the cold cells. */
  private drawStairs(stairs: [number, number][][]): void {
    const d = stairs
      .filter((pts) => pts.length > 1)
      .map((pts) => `M${pts.map(([x, y]) => `${x},${y}`).join('L')}`);
    this.mid
      .selectAll<SVGPathElement, string>('path.midpoint-halo')
      .data(d)
      .join('path')
      .attr('class', 'midpoint-halo')
      .attr('d', (v) => v)
      .attr('fill', 'none')
      .attr('stroke', '#fff')
      .attr('stroke-width', 6)
      .attr('stroke-linejoin', 'round');
    this.mid
      .selectAll<SVGPathElement, string>('path.midpoint')
      .data(d)
      .join('path')
      .attr('class', 'midpoint')
      .attr('data-testid', 'midpoint')
      .attr('d', (v) => v)
      .attr('fill', 'none')
      .attr('stroke', MIDPOINT)
      .attr('stroke-width', 3)
      .attr('stroke-linejoin', 'round');
  }

  private drawTags(tags: Tag[]): void {
    const g = this.tags
      .selectAll<SVGGElement, Tag>('g.tag')
      .data(tags, (d) => `${d.set}:${d.kind}`)
      .join((enter) => {
        const e = enter.append('g').attr('class', 'tag');
        e.append('line').attr('class', 'lead').attr('stroke-width', 1.5);
        e.append('rect').attr('rx', 4).attr('height', TAG_H);
        e.append('text')
          .attr('y', TAG_H / 2)
          .attr('dy', '0.35em')
          .attr('fill', '#fff')
          .attr('font-size', 12)
          .attr('font-weight', 700)
          .attr('letter-spacing', '0.04em');
        return e;
      })
      .attr('data-tag', (d) => d.kind)
      .attr('transform', (d) => `translate(${d.x},${d.y})`);
    g.select('rect')
      .attr('width', (d) => d.w)
      .attr('fill', (d) => TAG_FILL[d.kind]);
    // a tag in the top lane for a row further down points at it
    g.select('line.lead')
      .attr('display', (d) => (d.lead ? null : 'none'))
      .attr('stroke', (d) => TAG_FILL[d.kind])
      .attr('x1', (d) => (d.lead ? d.lead.x - d.x : 0))
      .attr('x2', (d) => (d.lead ? d.lead.x - d.x : 0))
      .attr('y1', TAG_H)
      .attr('y2', (d) => (d.lead ? d.lead.y - d.y : 0));
    g.select('text')
      .attr('x', (d) => d.w / 2)
      .attr('text-anchor', 'middle')
      .text((d) => d.text);
  }

  private drawLabels(grid: Grid, secs: SetSections[], sets: SetInfo[]): void {
    const rows = secs.flatMap((sec, s) =>
      grid.sets[s] && sets[s]
        ? [
            {
              s,
              top: grid.sets[s].top,
              lines: setLabel(sets[s], s, sec, grid.compact),
            },
          ]
        : [],
    );
    const g = this.labels
      .selectAll<SVGGElement, (typeof rows)[number]>('g.set-label')
      .data(rows, (d) => String(d.s))
      .join((enter) => {
        const e = enter.append('g').attr('class', 'set-label');
        e.append('text')
          .attr('class', 'pool')
          .attr('y', 16)
          .attr('font-size', 15)
          .attr('font-weight', 700);
        for (let i = 1; i < LABEL_LINES; i++)
          e.append('text')
            .attr('class', `l${i}`)
            .attr('y', 16 + i * 15.5)
            .attr('font-size', 12.5)
            .attr('fill', i === 1 ? MUTED : INK);
        return e;
      })
      .attr('data-set', (d) => d.s)
      .attr('transform', (d) => `translate(8,${d.top + 4})`);
    g.select('text.pool')
      .attr('fill', (d) => poolColor(d.lines[0]))
      .text((d) => d.lines[0]);
    // each line set smaller (then cut) rather than run into the grid: "write 0 · free 1,000"
    // at 12.5 px is wider than the label column at some sizes (issue 26 #10); never under
    // 12 px (18 in presenter mode's zoom, issue 41 #1): cut, its whole wording its tooltip
    const room = grid.labelW - 14;
    for (let i = 1; i < LABEL_LINES; i++)
      g.select<SVGTextElement>(`text.l${i}`).each(function (d) {
        const line = d.lines[i] ?? '';
        const fit = fitText(line, room, uiWidth, 12.5, shortLine(line), READABLE_PX);
        const text = select(this).text(fit.text).attr('font-size', fit.px);
        text
          .selectAll('title')
          .data(fit.text === line ? [] : [line])
          .join('title')
          .text((t) => t);
      });
    // A hairline between sets.
    this.labels
      .selectAll<SVGLineElement, (typeof rows)[number]>('line.sep')
      .data(rows.slice(1), (d) => String(d.s))
      .join('line')
      .attr('class', 'sep')
      .attr('x1', 0)
      .attr('x2', grid.width)
      .attr('y1', (d) => d.top - 7)
      .attr('y2', (d) => d.top - 7)
      .attr('stroke', '#dee2e6');
  }
}

function outlines(grid: Grid, secs: SetSections[]): { region: RegionName; d: string }[] {
  const out: { region: RegionName; d: string }[] = [];
  secs.forEach((sec, s) => {
    if (!grid.sets[s]) return;
    const w0 = sec.writeStart;
    const ranges: [RegionName, number, number][] = [
      ...sec.regions.map((r): [RegionName, number, number] => [
        toneOf(r),
        r.start,
        r.start + r.len,
      ]),
      ['write', w0, w0 + sec.write],
      ['writing', w0 + sec.write, w0 + sec.write + sec.writing],
      ['free', sec.freeStart, sec.freeStart + sec.free],
    ];
    for (const [region, a, b] of ranges)
      for (const poly of rangeOutline(grid, s, a, b))
        out.push({ region, d: `M${poly.map(([x, y]) => `${x},${y}`).join('L')}Z` });
  });
  return out;
}
