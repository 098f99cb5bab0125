// The legend's lines for what a policy draws beyond its regions (./policyChrome): each ghost
// list, the hand and CLOCK's ring, what the badges mean and each adaptive number.
import type { PolicyView } from '../../sim/engine';
import { INK, MUTED, REGION_COLOR } from '../../shared/views/colours';
import type { RegionDef } from '../../sim/generated/buffer/RegionDef';
import { item as itemOf } from './legendItem';
import { regionOfParam } from './policyState';

/** The policy's state (any set's: they share their structure) and whether a ring is drawn. */
export interface PolicyKey {
  state: PolicyView;
  ring: boolean;
  regions: readonly RegionDef[];
}

/** What the legend depends on: the structures, not their contents. */
export function policyLegendKey({ state, ring }: PolicyKey): unknown {
  return [
    state.ghosts.map((g) => g.label),
    state.hand !== null,
    ring,
    state.mark_name,
    state.marks.some(([, v]) => v === null),
    [...new Set(state.status.map(([, w]) => w))].sort(),
    state.params.map((p) => [p.name, p.note]),
  ];
}

const pill = (fill: string, stroke: string): Partial<CSSStyleDeclaration> => ({
  width: '12px',
  height: '12px',
  borderRadius: '6px',
  background: fill,
  border: `1px solid ${stroke}`,
  boxSizing: 'border-box',
});

export function policyLegend(
  el: HTMLElement,
  { state, ring, regions }: PolicyKey,
  short = false,
): void {
  const item = (parent: HTMLElement, swatch: Partial<CSSStyleDeclaration>, label: string) =>
    itemOf(parent, swatch, label, short);
  const mark = (e: HTMLElement, name: string) => (e.dataset.legend = name);
  for (const g of state.ghosts)
    mark(
      item(
        el,
        { background: 'rgba(92, 99, 112, 0.3)', border: `1px dashed ${MUTED}` },
        `${g.label}: evicted blocks remembered, not held (dimmed; length/capacity)`,
      ),
      'ghost',
    );
  if (state.hand !== null)
    mark(
      item(
        el,
        {
          width: '0',
          height: '0',
          borderRadius: '0',
          borderLeft: '6px solid transparent',
          borderRight: '6px solid transparent',
          borderTop: `9px solid ${INK}`,
        },
        ring
          ? 'hand: where the victim scan looks next (the ring under the label: the list as a clock)'
          : 'hand: where the victim scan looks next',
      ),
      'hand',
    );
  if (state.mark_name) {
    const never = state.marks.some(([, v]) => v === null) ? '; ∞ = never used again' : '';
    mark(item(el, pill(INK, INK), `badge: ${state.mark_name} (hollow: 0${never})`), 'mark');
  }
  const words = [...new Set(state.status.map(([, w]) => w))].sort();
  if (words.length)
    mark(
      item(
        el,
        { ...pill(REGION_COLOR.cold, REGION_COLOR.cold), borderRadius: '3px' },
        `badge below: ${words.join(' / ')} status`,
      ),
      'status',
    );
  // The numbers under the set: what each means is its tooltip; the legend says how to read
  // the gauges (a number that sizes a region) and names the others.
  const gauged = state.params.filter((p) => regionOfParam(p, regions) >= 0).map((p) => p.name);
  const plain = state.params.filter((p) => regionOfParam(p, regions) < 0).map((p) => p.name);
  if (gauged.length)
    mark(
      item(
        el,
        { height: '6px', width: '16px', background: '#e9ecef', borderLeft: `3px solid ${INK}` },
        `${gauged.join(', ')}: a target (mark) against its region's length now (bar)`,
      ),
      'param',
    );
  if (plain.length)
    mark(
      item(el, { display: 'none' }, `${plain.join(', ')}: the policy's numbers (hover for each)`),
      'param',
    );
}
