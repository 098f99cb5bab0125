// V$DB_CACHE_ADVICE of one pool as a chart: estimated physical reads (left axis) and the
// share of DB time spent in them (right axis) against the pool's size in buffers, today's
// size as a dashed vertical line. Drawn by the shared line chart.
//
//   createAdviceChart(el, pool) → { update(rows, currentBuffers), destroy() }
import { format, max } from 'd3';
import type { AdviceRow } from '../advice';
import { MUTED } from '../../shared/views/colours';
import { createLineChart, PLAIN_LOOK, type Line, type Look } from '../../shared/views/lineChart';

export interface AdviceChart {
  update(rows: AdviceRow[], currentBuffers: number): void;
  destroy(): void;
}

const short = format('~s');
const READS = '#2563eb';
const SHARE = '#c2410c';
const LOOK: Look = { ...PLAIN_LOOK, xTickPx: 80, lineAttr: 'data-line' };
const fmt = (v: number) => (Math.abs(v) >= 1000 ? short(v) : `${+v.toPrecision(4)}`);

const LINES: Line<AdviceRow>[] = [
  {
    key: 'estd_physical_reads',
    label: 'estd physical reads',
    color: READS,
    value: (r) => r.estd_physical_reads,
  },
  {
    key: 'estd_pct_of_db_time_for_reads',
    label: '% of DB time in reads',
    color: SHARE,
    value: (r) => r.estd_pct_of_db_time_for_reads,
    right: true,
  },
];

export function createAdviceChart(el: HTMLElement, pool: string): AdviceChart {
  const chart = createLineChart<AdviceRow, 'buffers'>(
    el,
    {
      testId: `advice-chart-${pool}`,
      title: `${pool}: estimated reads by size`,
      ariaLabel: `V$DB_CACHE_ADVICE for the ${pool} pool: estimated physical reads against the pool's size in buffers, today's size marked`,
      yLabel: 'estd physical reads',
      y2Label: '% of DB time',
      lines: () => LINES,
      xOf: (r) => r.buffers_for_estimate,
      xLabel: () => 'buffers_for_estimate',
      xTick: (v) => fmt(v),
      xMin: () => 1,
      fmt,
      fmt2: (v) => `${+v.toPrecision(3)}`,
      domain: (vs) => [0, Math.max(1, (max(vs) ?? 0) * 1.05)],
      readout: (r) =>
        [
          `${fmt(r.buffers_for_estimate)} buffers (× ${r.size_factor})`,
          `${r.estd_physical_reads.toLocaleString('en')} reads`,
          r.estd_pct_of_db_time_for_reads === null
            ? ''
            : `${r.estd_pct_of_db_time_for_reads.toFixed(1)} % of DB time`,
        ]
          .filter(Boolean)
          .join(' · '),
      empty: 'no advice yet: run the scenario',
      look: LOOK,
      refLegend: 'today',
    },
    'buffers',
  );
  return {
    update(rows, current) {
      const refs = [
        { label: `today ${fmt(current)}`, value: current, axis: 'x' as const, color: MUTED, pool },
      ];
      chart.update(rows, { refs, x: 'buffers' });
    },
    destroy: () => chart.destroy(),
  };
}
