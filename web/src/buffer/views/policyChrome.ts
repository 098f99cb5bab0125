// What the LRU view draws of a policy beyond its regions (./policyState): under each working
// set, a caption of the policy's numbers with a gauge each (ARC's p against T1) and one row
// per ghost list, its remembered blocks dimmed in their objects' colours with its length and
// capacity; on the buffers, the hand (CLOCK, SIEVE) and a badge per marked buffer (reference
// bit, visited, freq, LIR/HIR, OPT's next use); CLOCK's ring in the label column.
import { select, type Selection } from 'd3';
import type { PolicyParam, PolicyView } from '../../sim/engine';
import { splitDba } from '../../sim/engine';
import { INK, MUTED, REGION_COLOR, segmentColor } from '../../shared/views/colours';
import type { RegionDef } from '../../sim/generated/buffer/RegionDef';
import { ClockRing } from './clockRing';
import type { Grid } from './lruGrid';
import type { Locator, SetSections } from './lruLayout';
import {
  badgesOf,
  CAPTION_H,
  fitGhost,
  ghostCaption,
  GHOST_H,
  paramText,
  regionOfParam,
  RING_H,
  wantsRing,
  type Badge,
} from './policyState';

type G = Selection<SVGGElement, unknown, null, undefined>;

const GAUGE_W = 84;
const CHAR_W = 7;
/** Colours of a status word's badge: LIR filled, anything else outlined. */
const STATUS_FILL = '#1864ab';

export interface PolicyInput {
  grid: Grid;
  secs: SetSections[];
  regions: RegionDef[];
  states: PolicyView[];
  order: Uint32Array;
  dba: Uint32Array;
  /** Where each buffer's cell is now. */
  at: Locator;
  /** Badges go on cells (SVG cells, one buffer each, large enough). */
  badges: boolean;
  /** The ring has room (./policyState's wantsRing). */
  ringRoom: boolean;
  animate: boolean;
  durationMs: number;
  dpr: number;
}

interface GhostRow {
  key: string;
  set: number;
  y: number;
  caption: string;
  cells: { dba: number; x: number }[];
  cell: number;
  capW: number | null;
  more: number;
}

interface CaptionItem {
  key: string;
  x: number;
  y: number;
  text: string;
  title: string;
  gauge: { fill: number; at: number; color: string } | null;
}

interface BadgeAt extends Badge {
  buf: number;
  x: number;
  y: number;
}

export class PolicyChrome {
  private rows: G;
  private marks: G;
  private hands: G;
  private stage: HTMLElement;
  private rings = new Map<number, ClockRing>();
  private was = new Map<number, string>();

  constructor(rows: SVGGElement, marks: SVGGElement, stage: HTMLElement) {
    this.rows = select(rows);
    this.marks = select(marks).append('g').attr('class', 'badges');
    this.hands = select(marks).append('g').attr('class', 'hands');
    this.stage = stage;
  }

  update(x: PolicyInput): void {
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
    this.drawCaptions(captions);
    this.drawGhosts(ghosts, x.grid, x.animate ? x.durationMs : 0);
    this.drawHands(x);
    this.drawBadges(x);
    this.drawRings(x);
  }

  private drawCaptions(items: CaptionItem[]): void {
    const g = this.rows
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

  private drawGhosts(rows: GhostRow[], grid: Grid, ms: number): void {
    const g = this.rows
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

  private drawHands(x: PolicyInput): void {
    const c = x.grid.cell;
    const hands = x.states.flatMap((st, s) => {
      const p = st.hand === null ? null : x.at(st.hand);
      return p && x.grid.sets[s] ? [{ set: s, buf: st.hand as number, ...p }] : [];
    });
    const tri = Math.max(5, Math.min(9, c * 0.4));
    this.hands
      .selectAll<SVGGElement, (typeof hands)[number]>('g.hand')
      .data(hands, (d) => String(d.set))
      .join((enter) => {
        const e = enter
          .append('g')
          .attr('class', 'hand')
          .attr('transform', (d) => `translate(${d.x},${d.y})`);
        e.append('rect').attr('fill', 'none').attr('stroke', INK).attr('stroke-width', 2.5);
        e.append('path').attr('fill', INK).attr('stroke', '#fff').attr('stroke-width', 1);
        return e;
      })
      .attr('data-testid', 'policy-hand')
      .attr('data-buf', (d) => d.buf)
      .call((g) => {
        g.select('rect')
          .attr('x', -2)
          .attr('y', -2)
          .attr('width', c + 4)
          .attr('height', c + 4)
          .attr('rx', 3);
        g.select('path').attr(
          'd',
          `M${c / 2 - tri},${-3 - tri * 1.2}L${c / 2 + tri},${-3 - tri * 1.2}L${c / 2},-3Z`,
        );
      })
      .transition()
      .duration(x.animate ? x.durationMs * 0.8 : 0)
      .attr('transform', (d) => `translate(${d.x},${d.y})`);
  }

  private drawBadges(x: PolicyInput): void {
    const c = x.grid.cell;
    const list: BadgeAt[] = [];
    if (x.badges && c >= 7)
      x.states.forEach((st) => {
        for (const [buf, badge] of badgesOf(st)) {
          const p = x.at(buf);
          if (p) list.push({ ...badge, buf, ...p });
        }
      });
    const text = c >= 14;
    const r = text ? Math.max(6, Math.min(8, c * 0.22)) : 2.2;
    const font = Math.round(r * 1.45);
    const wide = (s: string) => Math.max(2 * r, s.length * font * 0.62 + 5);
    // A buffer that moved shows its badge again once it has arrived.
    const now = new Map(list.map((b) => [b.buf, `${b.x},${b.y}`]));
    const moved = (b: BadgeAt) => x.animate && this.was.get(b.buf) !== now.get(b.buf);
    this.was = now;
    const g = this.marks
      .selectAll<SVGGElement, BadgeAt>('g.badge')
      .data(list, (d) => String(d.buf))
      .join((enter) => {
        const e = enter.append('g').attr('class', 'badge').attr('pointer-events', 'none');
        e.append('rect').attr('class', 'mark');
        e.append('text').attr('class', 'mark').attr('text-anchor', 'middle').attr('dy', '0.35em');
        e.append('rect').attr('class', 'status');
        e.append('text').attr('class', 'status').attr('text-anchor', 'middle').attr('dy', '0.35em');
        return e;
      })
      .attr('data-buf', (d) => d.buf)
      .attr('data-mark', (d) => d.mark ?? '')
      .attr('data-status', (d) => d.status ?? '')
      .attr('transform', (d) => `translate(${d.x},${d.y})`);
    g.interrupt()
      .attr('opacity', (d) => (moved(d) ? 0 : 1))
      .filter((d) => moved(d))
      .transition()
      .delay(x.durationMs * 0.85)
      .duration(120)
      .attr('opacity', 1);
    g.select('rect.mark')
      .attr('display', (d) => (d.mark === null ? 'none' : 'inline'))
      .attr('x', -3)
      .attr('y', -3)
      .attr('width', (d) => (text ? wide(d.mark ?? '') : 2 * r))
      .attr('height', 2 * r)
      .attr('rx', r)
      .attr('fill', (d) => (d.zero ? '#fff' : INK))
      .attr('stroke', (d) => (d.zero ? MUTED : '#fff'))
      .attr('stroke-width', 1);
    g.select('text.mark')
      .attr('display', (d) => (d.mark === null || !text ? 'none' : 'inline'))
      .attr('x', (d) => -3 + wide(d.mark ?? '') / 2)
      .attr('y', -3 + r)
      .attr('font-size', font)
      .attr('font-weight', 700)
      .attr('fill', (d) => (d.zero ? INK : '#fff'))
      .text((d) => d.mark ?? '');
    const word = (d: BadgeAt) => (c >= 26 ? (d.status ?? '') : (d.status ?? '').slice(0, 1));
    const lir = (d: BadgeAt) => d.status === 'LIR';
    // Inside the cell's bottom edge: below it are the next row's tags.
    g.select('rect.status')
      .attr('display', (d) => (d.status === null ? 'none' : 'inline'))
      .attr('x', 0)
      .attr('y', c - 2 * r)
      .attr('width', (d) => (text ? wide(word(d)) : 2 * r))
      .attr('height', 2 * r)
      .attr('rx', 3)
      .attr('fill', (d) => (lir(d) ? STATUS_FILL : '#fff'))
      .attr('stroke', STATUS_FILL)
      .attr('stroke-width', 1);
    g.select('text.status')
      .attr('display', (d) => (d.status === null || !text ? 'none' : 'inline'))
      .attr('x', (d) => wide(word(d)) / 2)
      .attr('y', c - r)
      .attr('font-size', font)
      .attr('font-weight', 700)
      .attr('fill', (d) => (lir(d) ? '#fff' : STATUS_FILL))
      .text(word);
  }

  private drawRings(x: PolicyInput): void {
    const keep = new Set<number>();
    x.secs.forEach((sec, s) => {
      const box = x.grid.sets[s];
      const st = x.states[s];
      if (!box || !st || !wantsRing(st, x.ringRoom)) return;
      keep.add(s);
      let ring = this.rings.get(s);
      if (!ring) this.rings.set(s, (ring = new ClockRing(this.stage, s)));
      const r = Math.min(x.grid.labelW / 2 - 14, RING_H / 2 - 10);
      ring.draw(
        {
          list: x.order.subarray(sec.offset, sec.offset + sec.repl),
          dba: x.dba,
          marked: new Set(st.marks.filter(([, v]) => v !== null && v !== 0).map(([b]) => b)),
          hand: st.hand,
          cx: x.grid.labelW / 2,
          cy: box.extraTop + RING_H / 2,
          r,
        },
        x.dpr,
      );
    });
    for (const [s, ring] of this.rings)
      if (!keep.has(s)) {
        ring.destroy();
        this.rings.delete(s);
      }
  }

  destroy(): void {
    for (const ring of this.rings.values()) ring.destroy();
    this.rings.clear();
  }
}

const colourOf = (dba: number) => {
  const w = splitDba(dba);
  return w ? segmentColor(w.seg) : MUTED;
};

/** The caption line of set `s`: where the hand is, then each number with its gauge. */
function captionItems(
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
    const region = sec.regions[r];
    const len = region?.len ?? 0;
    push({
      key: `${s}:p${k}`,
      text: `${p.name} ${paramText(p.value)}${region ? ` · ${region.def.label} ${len}` : ''}`,
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
