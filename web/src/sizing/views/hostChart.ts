// The sizing sweep's host chart (seed 002): transactions per second against the parameter,
// with its peak marked, beside the paging that explains the fall after it — page-ins and
// migrations per second on the right-hand axis. Seed 002's finding is this curve: throughput
// rises with the cache until the host starts paging it (184.7 → 161.9 tps at 100,000 buffers).
// Drawn by the shared line chart (issue 26 #11).
//
//   createHostChart(el, onPick) → { update(points, param, current, mark?), destroy() }
import type { SweepPoint } from '../sweep';
import { MUTED } from '../../shared/views/colours';
import { createLineChart, type Line } from '../../shared/views/lineChart';
import { fmt, sweepAxes } from './sweepChart';

export interface HostChart {
  /** `mark`: the value of a point to ring (a lecture slide's highlight), null for none. */
  update(points: SweepPoint[], param: string, current: number | null, mark?: number | null): void;
  destroy(): void;
}

/** The lines: throughput on the left, the host's paging on the right. */
const LINES: { key: string; label: string; color: string; right: boolean }[] = [
  { key: 'tps', label: 'transactions/s', color: '#2563eb', right: false },
  { key: 'page_ins_per_s', label: 'page-ins/s', color: '#c2410c', right: true },
  { key: 'migrations_per_s', label: 'migrations/s', color: '#7c3aed', right: true },
];

/** The point with the most transactions per second (the first such), or null. */
export function peakOf(points: SweepPoint[]): SweepPoint | null {
  let best: SweepPoint | null = null;
  for (const p of points) {
    const tps = p.error ? null : p.metrics.tps;
    if (tps === null || tps === undefined || !Number.isFinite(tps)) continue;
    if (!best || tps > (best.metrics.tps as number)) best = p;
  }
  return best;
}

export function createHostChart(el: HTMLElement, onPick: (value: number) => void): HostChart {
  let param = 'value';
  const chart = createLineChart<SweepPoint, 'value'>(
    el,
    {
      testId: 'sweep-host-chart',
      title: 'Throughput and paging, one run per value',
      ariaLabel:
        'Transactions per second, page-ins and migrations per second against the parameter',
      yLabel: 'transactions/s',
      y2Label: 'per second',
      lines: (): Line<SweepPoint>[] =>
        LINES.map((l) => ({ ...l, value: (p) => (p.error ? null : (p.metrics[l.key] ?? null)) })),
      ...sweepAxes(() => param, onPick),
      fmt2: fmt,
      domain: (vs) => [0, Math.max(1, Math.max(...vs, 0) * 1.1)],
      empty: 'run a sweep to see throughput and paging',
      refLegend: 'peak, today',
    },
    'value',
  );
  return {
    update(points, name, current, mark = null) {
      param = name;
      const peak = peakOf(points);
      const refs = [
        ...(peak
          ? [
              {
                label: `peak ${fmt(peak.metrics.tps as number)} tps at ${fmt(peak.value)}`,
                value: peak.value,
                axis: 'x' as const,
                color: '#2563eb',
              },
            ]
          : []),
        ...(current === null
          ? []
          : [{ label: `now ${fmt(current)}`, value: current, axis: 'x' as const, color: MUTED }]),
      ];
      const ringed = mark === null ? null : (points.find((p) => p.value === mark) ?? null);
      chart.update(points, { refs, x: 'value', mark: ringed });
    },
    destroy: () => chart.destroy(),
  };
}
