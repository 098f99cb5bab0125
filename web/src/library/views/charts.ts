// What the library cache's charts show (seed 001), against simulated seconds or statements
// done: hit ratios, parse counts, latch sleeps and waits, free-list search length. The paper's
// final figures (parse count (hard), latch free wait, elapsed time) become dashed reference
// lines where the chart has their axis. The shared line chart (../shared/lineChart) draws a spec.
//
//   createChart(el, CHARTS.parses) → { update(points, { x, paper }), destroy() }
import { format, max, min } from 'd3';
import type { PaperMarks, SeriesPoint } from '../series';
import { createLineChart, type Look, type Ref } from '../../shared/views/lineChart';

/** What the x axis counts. */
export type XAxis = 'seconds' | 'statements';

export interface Line {
  key: string;
  label: string;
  color: string;
  value: (p: SeriesPoint) => number;
  /** Drawn against the right-hand axis. */
  right?: boolean;
}

export interface ChartSpec {
  testId: string;
  title: string;
  yLabel: string;
  y2Label?: string;
  lines: Line[];
  /** Tick and hover text of the left axis (and of the right one, when it has lines). */
  fmt: (v: number) => string;
  fmt2?: (v: number) => string;
  /** The left axis' domain from every value it shows. */
  domain: (values: number[]) => [number, number];
  /** Horizontal references from the paper (the elapsed time is added for every chart). */
  refs?: (m: PaperMarks) => Ref[];
}

export interface Chart {
  update(points: SeriesPoint[], opts: { x: XAxis; paper: PaperMarks }): void;
  destroy(): void;
}

export const count = format(',');
export const short = format('~s');
export const PAPER = '#495057';
const countDomain = (vs: number[]): [number, number] => [0, Math.max(10, (max(vs) ?? 0) * 1.05)];

export const X_LABEL: Record<XAxis, string> = {
  seconds: 'simulated seconds',
  statements: 'statements done',
};

export const xOf = (p: SeriesPoint, x: XAxis) => (x === 'seconds' ? p.seconds : p.statements);

/** The dashed references of a chart: its own, and the paper's elapsed time on a time axis. */
export function refsFor(spec: ChartSpec, m: PaperMarks, x: XAxis): Ref[] {
  const refs = spec.refs?.(m) ?? [];
  if (x === 'seconds' && m.elapsed_s !== undefined) {
    refs.push({
      label: `paper: ${m.elapsed_s} s elapsed`,
      value: m.elapsed_s,
      axis: 'x',
      color: PAPER,
    });
  }
  return refs;
}

export const CHARTS = {
  ratios: {
    testId: 'lib-ratio-chart',
    title: 'SQL AREA hit ratios',
    yLabel: 'ratio (0–1)',
    lines: [
      { key: 'get', label: 'gethitratio', color: '#3b5bdb', value: (p) => p.gethitratio },
      { key: 'pin', label: 'pinhitratio', color: '#2b8a3e', value: (p) => p.pinhitratio },
    ],
    fmt: (v) => v.toFixed(2),
    domain: (vs) => [Math.max(0, Math.floor(((min(vs) ?? 0) - 0.05) * 10) / 10), 1],
  },
  parses: {
    testId: 'lib-parse-chart',
    title: 'Parse count (cumulative)',
    yLabel: 'parses',
    lines: [
      { key: 'total', label: 'parse count (total)', color: '#3b5bdb', value: (p) => p.parse_total },
      { key: 'hard', label: 'parse count (hard)', color: '#d9480f', value: (p) => p.parse_hard },
    ],
    fmt: (v) => short(v),
    domain: countDomain,
    refs: (m) =>
      m.parse_count_hard === undefined
        ? []
        : [
            {
              label: `paper hard parses: ${count(m.parse_count_hard)}`,
              value: m.parse_count_hard,
              axis: 'y',
              color: '#d9480f',
            },
          ],
  },
  latches: {
    testId: 'lib-latch-chart',
    title: 'Latch sleeps, latch free wait',
    yLabel: 'sleeps',
    y2Label: 'latch free wait, s',
    lines: [
      { key: 'lc', label: 'library cache', color: '#7048e8', value: (p) => p.lc_sleeps },
      { key: 'sp', label: 'shared pool', color: '#1971c2', value: (p) => p.sp_sleeps },
      {
        key: 'wait',
        label: 'latch free (s)',
        color: '#c2255c',
        value: (p) => p.latch_free_wait_s,
        right: true,
      },
    ],
    fmt: (v) => short(v),
    fmt2: (v) => `${Number(v.toFixed(2))} s`,
    domain: countDomain,
    refs: (m) =>
      m.latch_free_wait_s === undefined
        ? []
        : [
            {
              label: `paper latch free: ${m.latch_free_wait_s} s`,
              value: m.latch_free_wait_s,
              axis: 'y2',
              color: '#c2255c',
            },
          ],
  },
  search: {
    testId: 'lib-search-chart',
    title: 'Mean free-list search length',
    yLabel: 'chunks / allocation',
    lines: [
      { key: 'mean', label: 'chunks examined', color: '#e67700', value: (p) => p.mean_search },
    ],
    fmt: (v) => (v >= 1000 ? short(v) : `${Number(v.toFixed(1))}`),
    domain: (vs) => [0, Math.max(1, (max(vs) ?? 0) * 1.1)],
  },
} satisfies Record<string, ChartSpec>;

const LOOK: Look = {
  axisFont: 11,
  lineWidth: 2,
  xTickPx: 80,
  gridUnder: true,
  legendSwatch: 16,
  legendTextX: 20,
  legendGap: 12,
  paperColor: PAPER,
  refWidth: 1.5,
  refText: { x: 4, y: -4, dy: null },
  lineAttr: 'data-line',
};

/** One library cache chart: a spec of CHARTS drawn by the shared line chart. */
export function createChart(el: HTMLElement, spec: ChartSpec): Chart {
  const fmtOf = (l: Line) => (l.right ? (spec.fmt2 ?? spec.fmt) : spec.fmt);
  const chart = createLineChart<SeriesPoint, XAxis>(
    el,
    {
      testId: spec.testId,
      title: spec.title,
      ariaLabel: `${spec.title}: ${spec.yLabel} over the run`,
      yLabel: spec.yLabel,
      y2Label: spec.y2Label,
      lines: () => spec.lines,
      xOf,
      xLabel: (x) => X_LABEL[x],
      xTick: (v, x) => (x === 'seconds' ? `${v}` : short(v)),
      xMin: (x) => (x === 'seconds' ? 1 : 10),
      fmt: spec.fmt,
      fmt2: spec.fmt2,
      domain: spec.domain,
      readout: (p, _lines, x) => {
        const where =
          x === 'seconds' ? `${p.seconds.toFixed(2)} s` : `${count(p.statements)} statements`;
        const parts = spec.lines.map((l) => `${l.label} ${fmtOf(l)(l.value(p))}`);
        return `${where} · ${parts.join(' · ')}`;
      },
      empty: 'no statements yet',
      look: LOOK,
    },
    'seconds',
  );
  return {
    update(points, { x, paper }) {
      chart.update(points, { refs: refsFor(spec, paper, x), x });
    },
    destroy: () => chart.destroy(),
  };
}
