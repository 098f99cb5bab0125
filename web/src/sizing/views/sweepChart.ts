// The sizing chart: what each run of a sweep ended with against the parameter's value — the
// first two figures of the simulation (hit ratio and physical reads; elapsed time and latch
// free waits), today's value as a dashed vertical line; a click picks the nearest value.
// Drawn by the shared line chart.
//
//   createSweepChart(el, onPick) → { update(points, metrics, param, current), destroy() }
import { format, max } from 'd3';
import type { Metric, SweepPoint } from '../sweep';
import { MUTED } from '../../shared/views/colours';
import { createLineChart, PLAIN_LOOK, type Line, type Look } from '../../shared/views/lineChart';

export interface SweepChart {
  update(points: SweepPoint[], metrics: Metric[], param: string, current: number | null): void;
  destroy(): void;
}

const short = format('~s');
const LEFT = '#2563eb';
const RIGHT = '#c2410c';

const LOOK: Look = { ...PLAIN_LOOK, xTickPx: 80, lineAttr: 'data-line' };

/** A figure as the chart shows it: a ratio in per cent, anything else as it is. */
const shown = (key: string, v: number | null | undefined) =>
  v === null || v === undefined ? null : key === 'hit_ratio' ? v * 100 : v;
const label = (m: Metric) => (m.key === 'hit_ratio' ? 'hit ratio %' : m.label);
const fmt = (v: number) => (Math.abs(v) >= 1000 ? short(v) : `${+v.toPrecision(4)}`);

export function createSweepChart(el: HTMLElement, onPick: (value: number) => void): SweepChart {
  let shownMetrics: Metric[] = [];
  let param = 'value';
  const chart = createLineChart<SweepPoint, 'value'>(
    el,
    {
      testId: 'sweep-chart',
      title: 'One run per value',
      ariaLabel: 'What each run of the sweep ended with, against the parameter',
      yLabel: '',
      lines: () =>
        shownMetrics.slice(0, 2).map((m, i): Line<SweepPoint> => ({
          key: m.key,
          label: label(m),
          color: i === 0 ? LEFT : RIGHT,
          value: (p) => shown(m.key, p.metrics[m.key]),
          right: i === 1,
        })),
      xOf: (p) => p.value,
      xLabel: () => param,
      xTick: (v) => fmt(v),
      xMin: () => 1,
      fmt,
      domain: (vs) => [0, Math.max(1, (max(vs) ?? 0) * 1.05)],
      readout: (p, lines) =>
        [
          `${param} ${fmt(p.value)}`,
          ...(p.error ? ['refused'] : lines.map((l) => `${l.label} ${fmt(l.value(p) ?? NaN)}`)),
        ].join(' · '),
      empty: 'run a sweep to see its curve',
      look: LOOK,
      refLegend: 'today',
      // a refused value is not one to set (its Use button is disabled too)
      onPick: (p) => p.error === null && onPick(p.value),
    },
    'value',
  );
  return {
    update(points, metrics, name, current) {
      shownMetrics = metrics;
      param = name;
      const refs =
        current === null
          ? []
          : [{ label: `now ${fmt(current)}`, value: current, axis: 'x' as const, color: MUTED }];
      chart.update(points, { refs, x: 'value' });
    },
    destroy: () => chart.destroy(),
  };
}
