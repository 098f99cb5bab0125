// Line charts over the run, one line per pool: the hit ratio and the physical reads, each
// with the paper's figure as a dashed reference line when the scenario reproduces a seed.
// Drawn by the shared line chart (../shared/lineChart).
//
//   createHitRatioChart(el) / createPhysicalReadsChart(el) → { update(points, paper?), destroy() }
import { format, max, min } from 'd3';
import type { PaperMark, SeriesPoint } from '../series';
import { poolColor } from '../../shared/views/colours';
import { createLineChart, PLAIN_LOOK, type Line } from '../../shared/views/lineChart';

export interface Chart {
  update(points: SeriesPoint[], paper?: PaperMark[]): void;
  destroy(): void;
}

type Pool = SeriesPoint['pools'][number];

interface Spec {
  testId: string;
  title: string;
  yLabel: string;
  value: (p: Pool) => number | null;
  paper: (m: PaperMark) => number;
  tick: (v: number) => string;
  readout: (v: number) => string;
  /** The y domain from every value shown (series and paper). */
  domain: (values: number[]) => [number, number];
}

const count = format(',');
const short = format('~s');

const LOOK = PLAIN_LOOK;

/** One line per pool seen in the series. */
function poolLines(spec: Spec, points: SeriesPoint[]): Line<SeriesPoint>[] {
  const pools = [...new Set(points.flatMap((p) => p.pools.map((q) => q.name)))];
  return pools.map((name) => ({
    key: name,
    label: name,
    color: poolColor(name),
    value: (p) => {
      const q = p.pools.find((r) => r.name === name);
      return q ? spec.value(q) : null;
    },
  }));
}

function createPoolChart(el: HTMLElement, spec: Spec): Chart {
  const chart = createLineChart<SeriesPoint, 'accesses'>(
    el,
    {
      testId: spec.testId,
      title: spec.title,
      ariaLabel: spec.title,
      yLabel: spec.yLabel,
      lines: (points) => poolLines(spec, points),
      xOf: (p) => p.position,
      xLabel: () => 'accesses',
      xTick: (v) => (Number.isInteger(v) ? short(v) : ''),
      xMin: () => 10,
      fmt: spec.tick,
      domain: spec.domain,
      readout: (p) => {
        const parts = p.pools.map((q) => {
          const v = spec.value(q);
          return `${q.name} ${v === null ? '—' : spec.readout(v)}`;
        });
        return `${count(p.position)} accesses · ${parts.join(' · ')}`;
      },
      empty: 'no accesses yet',
      look: LOOK,
    },
    'accesses',
  );
  return {
    update(points, marks = []) {
      const refs = marks.map((m) => ({
        label: `paper ${m.pool}: ${spec.readout(spec.paper(m))}`,
        value: spec.paper(m),
        axis: 'y' as const,
        color: poolColor(m.pool),
        pool: m.pool,
      }));
      chart.update(points, { refs, x: 'accesses' });
    },
    destroy: () => chart.destroy(),
  };
}

export function createHitRatioChart(el: HTMLElement): Chart {
  return createPoolChart(el, {
    testId: 'hit-ratio-chart',
    title: 'Hit ratio',
    yLabel: 'hit ratio %',
    value: (p) => (p.hit_ratio === null ? null : p.hit_ratio * 100),
    paper: (m) => m.hit_ratio * 100,
    tick: (v) => `${v}`,
    readout: (v) => `${v.toFixed(1)} %`,
    domain: (vs) => {
      const lo = min(vs) ?? 0;
      return [Math.max(0, Math.floor((lo - 5) / 10) * 10), 100];
    },
  });
}

export function createPhysicalReadsChart(el: HTMLElement): Chart {
  return createPoolChart(el, {
    testId: 'physical-reads-chart',
    title: 'Physical reads',
    yLabel: 'physical reads',
    value: (p) => p.physical_reads,
    paper: (m) => m.physical_reads,
    tick: (v) => short(v),
    readout: (v) => count(Math.round(v)),
    domain: (vs) => [0, Math.max(10, (max(vs) ?? 0) * 1.05)],
  });
}
