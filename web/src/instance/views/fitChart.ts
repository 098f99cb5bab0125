// The fit: the report's Buffer Pool Advisory and the model's, estimated physical reads against
// the size factor, today's size (1.0) marked — left of it the rows the fit used, right of it
// the model's predictions. Drawn by the shared line chart.
//
//   createFitChart(el) → { update(rows), destroy() }
import { format, max } from 'd3';
import { MUTED } from '../../shared/views/colours';
import { createLineChart, PLAIN_LOOK, type Line, type Look } from '../../shared/views/lineChart';
import type { FittedRow } from '../fit';

const short = format('~s');
const fmt = (v: number) => (Math.abs(v) >= 1000 ? short(v) : `${+v.toPrecision(4)}`);
const LOOK: Look = { ...PLAIN_LOOK, xTickPx: 70, lineAttr: 'data-line' };

const LINES: Line<FittedRow>[] = [
  {
    key: 'report',
    label: 'report (Oracle’s advisory)',
    color: '#2563eb',
    value: (r) => r.report_phys_reads,
  },
  {
    key: 'simulated',
    label: 'simulated (fitted model)',
    color: '#c2410c',
    value: (r) => r.simulated_phys_reads,
  },
];

export function createFitChart(el: HTMLElement): {
  update(rows: FittedRow[]): void;
  destroy(): void;
} {
  const chart = createLineChart<FittedRow, 'factor'>(
    el,
    {
      testId: 'instance-fit-chart',
      title: 'Estimated physical reads by cache size',
      ariaLabel:
        'The report’s Buffer Pool Advisory and the fitted model’s: estimated physical reads against the size factor; the fit used the rows at or below 1.0, the rows above are predictions',
      yLabel: 'estd physical reads',
      lines: () => LINES,
      xOf: (r) => r.size_factor,
      xLabel: () => 'size factor (1.0 = today’s cache)',
      xTick: (v) => `${+v.toFixed(2)}`,
      xMin: () => 2,
      fmt,
      domain: (vs) => [0, Math.max(1, (max(vs) ?? 0) * 1.05)],
      readout: (r) =>
        `× ${r.size_factor}: report ${r.report_phys_reads.toLocaleString('en')}, simulated ${r.simulated_phys_reads.toLocaleString('en')}${r.fitted ? ' (fitted)' : ' (predicted)'}`,
      empty: 'no advisory',
      look: LOOK,
      refLegend: 'today',
    },
    'factor',
  );
  return {
    update(rows) {
      chart.update(rows, {
        refs: [{ label: 'today: fitted ≤ 1.0 < predicted', value: 1, axis: 'x', color: MUTED }],
        x: 'factor',
      });
    },
    destroy: () => chart.destroy(),
  };
}
