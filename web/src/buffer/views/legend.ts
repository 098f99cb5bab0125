// The LRU view's key: one swatch per object, then what the regions and marks mean. Plain
// HTML (it wraps and stays crisp); rebuilt only when the objects change.
import type { Segment } from '../../sim/engine';
import {
  DIFF_MARK,
  DIRTY_MARK,
  DOUBLE_MARK,
  FREE_FILL,
  FREE_STROKE,
  MIDPOINT,
  REGION_COLOR,
  segmentColor,
} from '../../shared/views/colours';
import { styled } from '../../shared/views/host';
import type { RegionDef } from '../../sim/generated/buffer/RegionDef';
import { item } from './legendItem';
import { policyLegend, policyLegendKey, type PolicyKey } from './policyLegend';

const keys = new WeakMap<HTMLElement, string>();

/** Object swatches shown before the rest fold into "+ N more objects". */
export const MAX_SWATCHES = 12;

/** Rebuild the legend when what it explains changed; true when it did (its height may too). */
export function renderLegend(
  el: HTMLElement,
  objects: Segment[],
  regions: RegionDef[],
  tchText: boolean,
  osCache = false,
  diffOther: string | null = null,
  policy: PolicyKey | null = null,
  short = false,
): boolean {
  const key = JSON.stringify([
    short,
    policy ? policyLegendKey(policy) : null,
    objects.map((o) => [o.name, o.buffer_pool ?? 'DEFAULT']),
    regions.map((r) => r.name),
    tchText,
    osCache,
    diffOther,
  ]);
  if (keys.get(el) === key) return false;
  keys.set(el, key);
  el.replaceChildren();
  el.dataset.testid = 'lru-legend';
  Object.assign(el.style, {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '6px 16px',
    alignItems: 'center',
    margin: '0 0 10px',
    fontSize: '13px',
  });
  // A real instance's many segments (the 128 GB scenario has 66) would fill the panel with
  // swatches and push the lists out of it: past MAX_SWATCHES the rest fold into one line
  // that opens on a click.
  const shown = objects.length > MAX_SWATCHES ? MAX_SWATCHES - 1 : objects.length;
  const swatch = (parent: HTMLElement, o: Segment, seg: number) => {
    const pool = o.buffer_pool && o.buffer_pool !== 'DEFAULT' ? ` (${o.buffer_pool})` : '';
    const span = item(parent, { background: segmentColor(seg) }, `${o.name}${pool}`);
    span.dataset.segment = String(seg);
    span.style.fontWeight = '600';
  };
  objects.slice(0, shown).forEach((o, seg) => swatch(el, o, seg));
  if (shown < objects.length) {
    const more = styled('details', { maxWidth: '100%' }, el);
    more.dataset.testid = 'lru-legend-more';
    const summary = styled('summary', { cursor: 'pointer', fontWeight: '600' }, more);
    summary.textContent = `+ ${objects.length - shown} more objects`;
    const rest = styled(
      'div',
      { display: 'flex', flexWrap: 'wrap', gap: '6px 16px', margin: '6px 0 0' },
      more,
    );
    objects.slice(shown).forEach((o, k) => swatch(rest, o, shown + k));
  }
  styled('span', { width: '1px', alignSelf: 'stretch', background: '#ced4da' }, el);
  // The outline's colour and dashes (lruChrome draws regions so around small cells).
  const rail = (c: string, dashed = false): Partial<CSSStyleDeclaration> => ({
    height: '4px',
    width: '16px',
    borderRadius: '1px',
    background: dashed ? `repeating-linear-gradient(90deg, ${c} 0 5px, transparent 5px 7px)` : c,
  });
  // The policy's regions as the engine names them, each after its boundary mark if any; a
  // cold region beside others is dashed, as lruChrome outlines it.
  for (const r of regions) {
    if (r.boundary_tag)
      item(
        el,
        { width: '4px', height: '15px', background: MIDPOINT },
        r.boundary_tag[0].toLowerCase(),
      );
    item(el, rail(REGION_COLOR[r.tone], r.tone === 'cold' && regions.length > 1), r.legend, short);
  }
  if (policy) policyLegend(el, policy, short);
  item(el, rail(REGION_COLOR.write), 'write list');
  item(el, rail(REGION_COLOR.writing), 'DBWR writing');
  item(el, { background: FREE_FILL, border: `1px dashed ${FREE_STROKE}` }, 'free (never used)');
  item(el, { width: '9px', height: '9px', borderRadius: '50%', background: DIRTY_MARK }, 'dirty');
  if (osCache)
    item(
      el,
      { background: '#dee2e6', boxShadow: `inset 0 -6px 0 ${DOUBLE_MARK}` },
      'lower half teal: also in the OS page cache (double-buffered)',
    ).dataset.legend = 'os-cached';
  if (diffOther)
    item(
      el,
      { background: '#dee2e6', boxShadow: `inset 0 0 0 2.5px ${DIFF_MARK}` },
      `outlined: a block ${diffOther} has not cached`,
    ).dataset.legend = 'diff';
  if (tchText) {
    const t = document.createElement('span');
    t.textContent = 'number in a cell = touch count (tch)';
    t.style.color = '#5c6370';
    el.appendChild(t);
  }
  return true;
}
