// The rows under a working set's buffers (./policyChrome): the caption line of the policy's
// numbers, each with a gauge against the region it sizes (ARC's p against T1), and one row per
// ghost list, its remembered blocks dimmed in their objects' colours.
import { select, type Selection } from 'd3';
import type { PolicyParam, PolicyView } from '../../sim/engine';
import { splitDba } from '../../sim/engine';
import { INK, MUTED, REGION_COLOR, segmentColor } from '../../shared/views/colours';
import { fitText } from '../../shared/views/lineChart';
import { uiWidth } from '../../shared/views/text';
import type { Grid } from './lruGrid';
import type { SetSections } from './lruLayout';
import {
  CAPTION_H,
  captionLines,
  captionSlots,
  CHAR_W,
  GAUGE_W,
  packCaption,
  fitGhost,
  ghostCaption,
  GHOST_H,
  paramText,
} from './policyState';
import type { PolicyInput } from './policyChrome';

type G = Selection<SVGGElement, unknown, null, undefined>;

type GhostCell = { dba: number; x: number };

export interface GhostRow {
  key: string;
  set: number;
  y: number;
  caption: string;
  /** The caption for a narrow label column: the list's name and counts ("B1 35/50"). */
  short: string;
  cells: GhostCell[];
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
      const slots = captionSlots(st, x.regions);
      captions.push(...captionItems(x, sec, s, st, y));
      y += captionLines(slots, x.grid.width - x.grid.gridX - 10) * CAPTION_H;
    }
    st.ghosts.forEach((g, k) => {
      const fit = fitGhost(g, x.grid.width - x.grid.gridX - 10);
      const cells = g.dbas
        .slice(0, fit.shown)
        .map((dba, i) => ({ dba, x: x.grid.gridX + i * fit.pitch }));
      ghosts.push({
        key: `${s}:${k}`,
        set: s,
        y: y + k * GHOST_H,
        caption: ghostCaption(g),
        short: ghostCaption({ ...g, label: g.label.split(' ')[0] }),
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
        .attr('class', 'gauge-track')
        .attr('height', 8)
        .attr('rx', 2)
        .attr('fill', '#e9ecef');
      e.append('rect').attr('class', 'gauge-fill').attr('height', 8).attr('rx', 2);
      e.append('rect')
        .attr('class', 'gauge-at')
        .attr('width', 3)
        .attr('height', 14)
        .attr('fill', INK);
      return e;
    })
    .attr('data-testid', 'policy-param')
    .attr('transform', (d) => `translate(${d.x},${d.y})`);
  g.select('title').text((d) => d.title);
  g.select('text').text((d) => d.text);
  const gx = (d: CaptionItem) => d.text.length * CHAR_W + 8;
  const show = (d: CaptionItem) => (d.gauge ? 'inline' : 'none');
  g.select('rect.gauge-track')
    .attr('display', show)
    .attr('x', gx)
    .attr('y', 4)
    .attr('width', GAUGE_W);
  g.select('rect.gauge-fill')
    .attr('display', show)
    .attr('x', gx)
    .attr('y', 4)
    .attr('fill', (d) => d.gauge?.color ?? INK)
    .attr('width', (d) => (d.gauge?.fill ?? 0) * GAUGE_W);
  g.select('rect.gauge-at')
    .attr('display', show)
    .attr('y', 1)
    .attr('x', (d) => gx(d) + (d.gauge?.at ?? 0) * GAUGE_W - 1.5);
}

/**
 * The ghost rows; `from`: where the buffer of each block the step evicted was drawn (its
 * block flies from there into its list), `ms`: the step's time (0: no animation).
 */
export function drawGhosts(
  layer: G,
  rows: GhostRow[],
  grid: Grid,
  ms: number,
  from: Map<number, { x: number; y: number }>,
): void {
  const g = layer
    .selectAll<SVGGElement, GhostRow>('g.ghost-row')
    .data(rows, (d) => d.key)
    .join((enter) => {
      const e = enter.append('g').attr('class', 'ghost-row');
      e.append('text')
        .attr('class', 'ghost-caption')
        .attr('x', 8)
        .attr('y', GHOST_H / 2)
        .attr('dy', '0.35em')
        .attr('font-size', 12.5)
        .attr('fill', MUTED);
      e.append('rect')
        .attr('class', 'ghost-capacity')
        .attr('fill', 'none')
        .attr('stroke', '#adb5bd')
        .attr('stroke-dasharray', '3 2')
        .attr('rx', 3);
      e.append('g').attr('class', 'blocks');
      e.append('text')
        .attr('class', 'ghost-more')
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
  // In the label column, left of the cells (its full wording as a tooltip when shortened)
  const room = grid.gridX - 14;
  g.select<SVGTextElement>('text.ghost-caption').each(function (d) {
    const fit = fitText(d.caption, room, uiWidth, 12.5, d.short);
    const text = select(this).text(fit.text).attr('font-size', fit.px);
    text
      .selectAll('title')
      .data(fit.text === d.caption ? [] : [d.caption])
      .join('title')
      .text((t) => t);
  });
  g.select('rect.ghost-capacity')
    .attr('display', (d) => (d.capW === null ? 'none' : 'inline'))
    .attr('x', grid.gridX - 2)
    .attr('y', (d) => (GHOST_H - d.cell) / 2 - 2)
    .attr('width', (d) => (d.capW ?? 0) + 2)
    .attr('height', (d) => d.cell + 4);
  g.select('text.ghost-more')
    .attr('x', (d) => (d.cells.at(-1)?.x ?? grid.gridX) + d.cell + 6)
    .text((d) => (d.more > 0 ? `+${d.more.toLocaleString('en')}` : ''));
  g.each(function (row) {
    const y = (GHOST_H - row.cell) / 2;
    const rx = Math.min(3, row.cell * 0.2);
    // A block the step evicted flies from its buffer's cell into the list; others fade in.
    const flies = (c: GhostCell) => ms > 0 && from.has(c.dba);
    select(this)
      .select<SVGGElement>('g.blocks')
      .selectAll<SVGRectElement, GhostCell>('rect')
      .data(row.cells, (c) => String(c.dba))
      .join(
        (enter) =>
          enter
            .append('rect')
            .each(function (c) {
              const r = select(this);
              const at = from.get(c.dba);
              if (ms > 0 && at) {
                r.attr('x', at.x)
                  .attr('y', at.y - row.y)
                  .attr('width', grid.cell)
                  .attr('height', grid.cell)
                  .attr('rx', Math.min(4, grid.cell * 0.18));
              } else r.attr('x', c.x).attr('opacity', ms > 0 ? 0 : 1);
            })
            .call((e) =>
              e
                .filter((c) => !flies(c))
                .transition()
                .delay(ms * 0.6)
                .duration(ms * 0.4)
                .attr('opacity', 1),
            )
            .call((e) =>
              e
                .filter(flies)
                .transition()
                .delay(ms * 0.3)
                .duration(ms * 0.7)
                .attr('x', (c) => c.x)
                .attr('y', y)
                .attr('width', row.cell)
                .attr('height', row.cell)
                .attr('rx', rx),
            ),
        (update) =>
          update
            .attr('y', y)
            .attr('width', row.cell)
            .attr('height', row.cell)
            .attr('rx', rx)
            .call((u) =>
              u
                .transition()
                .duration(ms)
                .attr('x', (c) => c.x),
            ),
      )
      .attr('fill', (c) => colourOf(c.dba))
      .attr('fill-opacity', 0.35)
      .attr('stroke', (c) => colourOf(c.dba))
      .attr('stroke-dasharray', row.cell >= 8 ? '2 1.5' : null)
      .attr('stroke-width', row.cell >= 5 ? 1 : 0)
      .filter((c) => !flies(c))
      .attr('y', y)
      .attr('width', row.cell)
      .attr('height', row.cell)
      .attr('rx', rx);
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
  const slots = captionSlots(st, x.regions);
  const at = packCaption(slots, x.grid.width - x.grid.gridX - 10);
  return slots.map((slot, k) => {
    const pos = { x: x.grid.gridX + at[k].x, y: y + at[k].line * CAPTION_H };
    if (slot.param < 0)
      return {
        ...pos,
        key: `${s}:hand`,
        text: `hand → buf# ${st.hand}`,
        title: 'The buffer the victim scan looks at next',
        gauge: null,
      };
    const p: PolicyParam = st.params[slot.param];
    const region = slot.region >= 0 ? sec.regions[slot.region] : undefined;
    const len = region?.len ?? 0;
    return {
      ...pos,
      key: `${s}:p${slot.param}`,
      text: `${p.name} ${paramText(p.value)}${region ? ` · ${region.def.label} now ${len}` : ''}`,
      title: `${p.name}: ${p.note}${region ? ` (the gauge: ${p.name} as a mark, ${region.def.label}'s length as the bar, out of the set's ${size} buffers)` : ''}`,
      gauge: region
        ? {
            fill: Math.min(1, len / size),
            at: Math.min(1, Math.max(0, p.value / size)),
            color: REGION_COLOR[region.def.tone],
          }
        : null,
    };
  });
}
