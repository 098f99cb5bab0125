// The rows under a working set's buffers (./policyChrome): the caption line of the policy's
// numbers, each with a gauge against the region it sizes (ARC's p against T1), and one row per
// ghost list, its remembered blocks dimmed in their objects' colours.
import { select, type Selection } from 'd3';
import type { PolicyParam, PolicyView } from '../../sim/engine';
import { splitDba } from '../../sim/engine';
import { INK, MUTED, REGION_COLOR, segmentColor } from '../../shared/views/colours';
import type { Grid } from './lruGrid';
import type { SetSections } from './lruLayout';
import {
  CAPTION_H,
  fitGhost,
  ghostCaption,
  GHOST_H,
  paramText,
  regionOfParam,
} from './policyState';
import type { PolicyInput } from './policyChrome';

type G = Selection<SVGGElement, unknown, null, undefined>;

const GAUGE_W = 84;
const CHAR_W = 7;

export interface GhostRow {
  key: string;
  set: number;
  y: number;
  caption: string;
  cells: { dba: number; x: number }[];
  cell: number;
  capW: number | null;
  more: number;
}

export interface CaptionItem {
  key: string;
  x: number;
  y: number;
  text: string;
  title: string;
  gauge: { fill: number; at: number; color: string } | null;
}

/** The caption items and ghost rows of every set, placed under its buffers. */
export function rowsOf(x: PolicyInput): { captions: CaptionItem[]; ghosts: GhostRow[] } {
  const captions: CaptionItem[] = [];
  const ghosts: GhostRow[] = [];
  x.secs.forEach((sec, s) => {
    const box = x.grid.sets[s];
    const st = x.states[s];
    if (!box || !st || box.extra === 0) return;
    let y = box.extraTop + 2;
    if (st.params.length > 0 || st.hand !== null) {
      captions.push(...captionItems(x, sec, s, st, y));
      y += CAPTION_H;
    }
    st.ghosts.forEach((g, k) => {
      const fit = fitGhost(g, x.grid.width - x.grid.gridX);
      const cells = g.dbas
        .slice(0, fit.shown)
        .map((dba, i) => ({ dba, x: x.grid.gridX + i * fit.pitch }));
      ghosts.push({
        key: `${s}:${k}`,
        set: s,
        y: y + k * GHOST_H,
        caption: ghostCaption(g),
        cells,
        cell: fit.cell,
        capW: fit.capacityW,
        more: g.dbas.length - fit.shown,
      });
    });
  });
  return { captions, ghosts };
}

export function drawCaptions(layer: G, items: CaptionItem[]): void {
  const g = layer
    .selectAll<SVGGElement, CaptionItem>('g.policy-param')
    .data(items, (d) => d.key)
    .join((enter) => {
      const e = enter.append('g').attr('class', 'policy-param');
      e.append('title');
      e.append('text').attr('y', 12).attr('font-size', 12.5).attr('fill', INK);
      e.append('rect')
        .attr('class', 'track')
        .attr('height', 8)
        .attr('rx', 2)
        .attr('fill', '#e9ecef');
      e.append('rect').attr('class', 'fill').attr('height', 8).attr('rx', 2);
      e.append('rect').attr('class', 'at').attr('width', 3).attr('height', 14).attr('fill', INK);
      return e;
    })
    .attr('data-testid', 'policy-param')
    .attr('transform', (d) => `translate(${d.x},${d.y})`);
  g.select('title').text((d) => d.title);
  g.select('text').text((d) => d.text);
  const gx = (d: CaptionItem) => d.text.length * CHAR_W + 8;
  const show = (d: CaptionItem) => (d.gauge ? 'inline' : 'none');
  g.select('rect.track').attr('display', show).attr('x', gx).attr('y', 4).attr('width', GAUGE_W);
  g.select('rect.fill')
    .attr('display', show)
    .attr('x', gx)
    .attr('y', 4)
    .attr('fill', (d) => d.gauge?.color ?? INK)
    .attr('width', (d) => (d.gauge?.fill ?? 0) * GAUGE_W);
  g.select('rect.at')
    .attr('display', show)
    .attr('y', 1)
    .attr('x', (d) => gx(d) + (d.gauge?.at ?? 0) * GAUGE_W - 1.5);
}

export function drawGhosts(layer: G, rows: GhostRow[], grid: Grid, ms: number): void {
  const g = layer
    .selectAll<SVGGElement, GhostRow>('g.ghost-row')
    .data(rows, (d) => d.key)
    .join((enter) => {
      const e = enter.append('g').attr('class', 'ghost-row');
      e.append('text')
        .attr('class', 'caption')
        .attr('x', 8)
        .attr('y', GHOST_H / 2)
        .attr('dy', '0.35em')
        .attr('font-size', 12.5)
        .attr('fill', MUTED);
      e.append('rect')
        .attr('class', 'capacity')
        .attr('fill', 'none')
        .attr('stroke', '#adb5bd')
        .attr('stroke-dasharray', '3 2')
        .attr('rx', 3);
      e.append('g').attr('class', 'blocks');
      e.append('text')
        .attr('class', 'more')
        .attr('y', GHOST_H / 2)
        .attr('dy', '0.35em')
        .attr('font-size', 11.5)
        .attr('fill', MUTED);
      return e;
    })
    .attr('data-testid', 'ghost-row')
    .attr('data-set', (d) => d.set)
    .attr('data-length', (d) => d.cells.length + d.more)
    .attr('transform', (d) => `translate(0,${d.y})`);
  g.select('text.caption').text((d) => d.caption);
  g.select('rect.capacity')
    .attr('display', (d) => (d.capW === null ? 'none' : 'inline'))
    .attr('x', grid.gridX - 2)
    .attr('y', (d) => (GHOST_H - d.cell) / 2 - 2)
    .attr('width', (d) => (d.capW ?? 0) + 2)
    .attr('height', (d) => d.cell + 4);
  g.select('text.more')
    .attr('x', (d) => (d.cells.at(-1)?.x ?? grid.gridX) + d.cell + 6)
    .text((d) => (d.more > 0 ? `+${d.more.toLocaleString('en')}` : ''));
  g.each(function (row) {
    select(this)
      .select<SVGGElement>('g.blocks')
      .selectAll<SVGRectElement, GhostRow['cells'][number]>('rect')
      .data(row.cells, (c) => String(c.dba))
      .join(
        (enter) =>
          enter
            .append('rect')
            .attr('x', (c) => c.x)
            .attr('opacity', ms > 0 ? 0 : 1)
            .call((e) =>
              e
                .transition()
                .delay(ms * 0.6)
                .duration(ms * 0.4)
                .attr('opacity', 1),
            ),
        (update) =>
          update.call((u) =>
            u
              .transition()
              .duration(ms)
              .attr('x', (c) => c.x),
          ),
      )
      .attr('y', (GHOST_H - row.cell) / 2)
      .attr('width', row.cell)
      .attr('height', row.cell)
      .attr('rx', Math.min(3, row.cell * 0.2))
      .attr('fill', (c) => colourOf(c.dba))
      .attr('fill-opacity', 0.35)
      .attr('stroke', (c) => colourOf(c.dba))
      .attr('stroke-dasharray', row.cell >= 8 ? '2 1.5' : null)
      .attr('stroke-width', row.cell >= 5 ? 1 : 0);
  });
}

const colourOf = (dba: number) => {
  const w = splitDba(dba);
  return w ? segmentColor(w.seg) : MUTED;
};

/** The caption line of set `s`: where the hand is, then each number with its gauge. */
export function captionItems(
  x: PolicyInput,
  sec: SetSections,
  s: number,
  st: PolicyView,
  y: number,
): CaptionItem[] {
  const size = Math.max(1, x.grid.sets[s].size);
  const out: CaptionItem[] = [];
  let cx = x.grid.gridX;
  const push = (item: Omit<CaptionItem, 'x' | 'y'>) => {
    out.push({ ...item, x: cx, y });
    cx += item.text.length * CHAR_W + (item.gauge ? GAUGE_W + 14 : 0) + 18;
  };
  if (st.hand !== null)
    push({
      key: `${s}:hand`,
      text: `hand → buf# ${st.hand}`,
      title: 'The buffer the victim scan looks at next',
      gauge: null,
    });
  st.params.forEach((p: PolicyParam, k) => {
    const r = regionOfParam(p, x.regions);
    const region = r >= 0 ? sec.regions[r] : undefined;
    const len = region?.len ?? 0;
    push({
      key: `${s}:p${k}`,
      text: `${p.name} ${paramText(p.value)}${region ? ` · ${region.def.label} now ${len}` : ''}`,
      title: `${p.name}: ${p.note}${region ? ` (the gauge: ${p.name} as a mark, ${region.def.label}'s length as the bar, out of the set's ${size} buffers)` : ''}`,
      gauge: region
        ? {
            fill: Math.min(1, len / size),
            at: Math.min(1, Math.max(0, p.value / size)),
            color: REGION_COLOR[region.def.tone],
          }
        : null,
    });
  });
  return out;
}
