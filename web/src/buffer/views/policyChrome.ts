// What the LRU view draws of a policy beyond its regions (./policyState): under each working
// set, a caption of the policy's numbers and a row per ghost list (./policyRows); on the
// buffers, the hand and a badge per marked buffer (./policyMarks); CLOCK's ring in the label
// column (./clockRing).
import { select, type Selection } from 'd3';
import type { PolicyView } from '../../sim/engine';
import type { RegionDef } from '../../sim/generated/buffer/RegionDef';
import { ClockRing } from './clockRing';
import type { Grid } from './lruGrid';
import type { Locator, SetSections } from './lruLayout';
import { RING_H, wantsRing } from './policyState';
import { drawCaptions, drawGhosts, rowsOf } from './policyRows';
import { drawBadges, drawHands } from './policyMarks';

type G = Selection<SVGGElement, unknown, null, undefined>;

export interface PolicyInput {
  grid: Grid;
  secs: SetSections[];
  regions: RegionDef[];
  states: PolicyView[];
  order: Uint32Array;
  dba: Uint32Array;
  /** Where each buffer's cell is now. */
  at: Locator;
  /** Where the buffer of each block the step evicted was drawn, by the block's dba. */
  evicted: Map<number, { x: number; y: number }>;
  /** Badges go on cells (SVG cells, one buffer each, large enough). */
  badges: boolean;
  /** The ring has room (./policyState's wantsRing). */
  ringRoom: boolean;
  animate: boolean;
  durationMs: number;
  dpr: number;
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
    const { captions, ghosts } = rowsOf(x);
    drawCaptions(this.rows, captions);
    drawGhosts(this.rows, ghosts, x.grid, x.animate ? x.durationMs : 0, x.evicted);
    drawHands(this.hands, x);
    this.was = drawBadges(this.marks, x, this.was);
    this.drawRings(x);
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
          cy: box.sideTop + RING_H / 2,
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
