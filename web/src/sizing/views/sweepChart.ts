// The sizing chart: what each run of a sweep ended with against the parameter's value — the
// first two figures of the simulation (hit ratio and physical reads; elapsed time and latch
// free waits), today's value as a dashed vertical line; a click picks the nearest value.
// Drawn by the shared line chart.
//
//   createSweepChart(el, onPick) → { update(points, metrics, param, current, mark?), destroy() }
import { format, max } from 'd3';
import type { Metric, SweepPoint } from '../sweep';
import { MUTED } from '../../shared/views/colours';
import { createLineChart, PLAIN_LOOK, type Line, type Look } from '../../shared/views/lineChart';

export interface SweepChart {
  /** `mark`: the value of a point to ring (a lecture slide's highlight), null for none. */
  update(
    points: SweepPoint[],
    metrics: Metric[],
    param: string,
    current: number | null,
    mark?: number | null,
  ): void;
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
export const fmt = (v: number) => (Math.abs(v) >= 1000 ? short(v) : `${+v.toPrecision(4)}`);

/**
 * What every chart of a sweep's points shares (this one and ./hostChart): the parameter's
 * value along x, the hover readout, the look, and a click that picks a value which ran (a
 * refused one is not one to set; its Use button is disabled too).
 */
export function sweepAxes(param: () => string, onPick: (value: number) => void) {
  return {
    xOf: (p: SweepPoint) => p.value,
    xLabel: param,
    xTick: (v: number) => fmt(v),
    xMin: () => 1,
    fmt,
    readout: (p: SweepPoint, lines: Line<SweepPoint>[]) =>
      [
        `${param()} ${fmt(p.value)}`,
        ...(p.error ? ['refused'] : lines.map((l) => `${l.label} ${fmt(l.value(p) ?? NaN)}`)),
      ].join(' · '),
    look: LOOK,
    onPick: (p: SweepPoint) => p.error === null && onPick(p.value),
  };
}

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
      ...sweepAxes(() => param, onPick),
      domain: (vs) => [0, Math.max(1, (max(vs) ?? 0) * 1.05)],
      empty: 'run a sweep to see its curve',
      refLegend: 'today',
    },
    'value',
  );
  return {
    update(points, metrics, name, current, mark = null) {
      shownMetrics = metrics;
      param = name;
      const refs =
        current === null
          ? []
          : [{ label: `now ${fmt(current)}`, value: current, axis: 'x' as const, color: MUTED }];
      const ringed = mark === null ? null : (points.find((p) => p.value === mark) ?? null);
      chart.update(points, { refs, x: 'value', mark: ringed });
    },
    destroy: () => chart.destroy(),
  };
}
