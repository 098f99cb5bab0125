// The miss-ratio curves: each chosen policy's miss ratio (%) against the cache size in
// buffers, the profile's own rules drawn thicker, the scenario's size as a dashed vertical
// line. Drawn by the shared line chart.
//
//   createMrcChart(el) → { update(rows, policies, oracle, current), destroy() }
import { format, max, schemeTableau10 } from 'd3';
import type { Row } from '../plan';
import { policyLabel } from '../../sim/policy';
import { MUTED } from '../../shared/views/colours';
import { createLineChart, PLAIN_LOOK, type Line, type Look } from '../../shared/views/lineChart';

export interface MrcChart {
  update(rows: Row[], policies: string[], oracle: string, current: number | null): void;
  destroy(): void;
}

const short = format('~s');
const LOOK: Look = { ...PLAIN_LOOK, xTickPx: 80, lineAttr: 'data-line' };
const fmt = (v: number) => (Math.abs(v) >= 1000 ? short(v) : `${+v.toPrecision(4)}`);
/** Oracle's curve: the darkest ink, thicker than the others. */
export const ORACLE_COLOR = '#b42318';

/** A policy's colour: Oracle's own, else a fixed one by its place among the names. */
export const policyColor = (p: string, names: string[], oracle: string) =>
  p === oracle
    ? ORACLE_COLOR
    : schemeTableau10.filter((c) => c !== '#e15759')[Math.max(0, names.indexOf(p)) % 9];

/** A curve's name: the policy's own (`sim/policy`), marked when it is the profile's rules. */
export const curveLabel = (p: string, oracle: string) =>
  p === oracle ? `${policyLabel(p)} (Oracle’s rules)` : policyLabel(p);

export function createMrcChart(el: HTMLElement, names: () => string[]): MrcChart {
  let shown: string[] = [];
  let oracle = '';
  const chart = createLineChart<Row, 'buffers'>(
    el,
    {
      testId: 'mrc-chart',
      title: 'Miss ratio by cache size',
      ariaLabel:
        'Miss-ratio curves: the share of buffer gets that miss, in per cent, against the cache size in buffers, one line per policy, the scenario’s size marked',
      yLabel: 'miss ratio %',
      lines: () =>
        shown.map((p): Line<Row> => ({
          key: p,
          label: curveLabel(p, oracle),
          color: policyColor(p, names(), oracle),
          value: (r) =>
            r.ratio[p] === null || r.ratio[p] === undefined ? null : r.ratio[p]! * 100,
          width: p === oracle ? 4.5 : undefined,
        })),
      xOf: (r) => r.size,
      xLabel: () => 'cache size (buffers)',
      xTick: (v) => fmt(v),
      xMin: () => 0,
      fmt: (v) => `${+v.toPrecision(3)}`,
      // up to the highest curve (the floor of a good cache is near the bottom otherwise)
      domain: (vs) => [0, Math.min(100, Math.max(5, (max(vs) ?? 0) * 1.1))],
      readout: (r, lines) =>
        [
          `${fmt(r.size)} buffers`,
          ...lines.map((l) => {
            const v = l.value(r);
            return `${l.key} ${v === null ? '—' : `${v.toFixed(1)} %`}`;
          }),
        ].join(' · '),
      empty: 'compute the curves to see them',
      look: LOOK,
      refLegend: 'today',
    },
    'buffers',
  );
  return {
    update(rows, policies, oracleName, current) {
      shown = policies;
      oracle = oracleName;
      const refs =
        current === null
          ? []
          : [{ label: `today ${fmt(current)}`, value: current, axis: 'x' as const, color: MUTED }];
      chart.update(rows, { refs, x: 'buffers' });
    },
    destroy: () => chart.destroy(),
  };
}
