// The library cache over the run (seed 001): four line charts fed from the store's library
// series (plus the current position), against simulated seconds or statements done, with the
// paper's final figures as dashed references.
import { useCallback, useState } from 'react';
import { paperMarks } from './series';
import { librarySim } from '../store/selectors';
import { chartPoints } from '../store/slot';
import type { AppState } from '../store/store';
import {
  createChart,
  CHARTS,
  X_LABEL,
  type Chart,
  type ChartSpec,
  type XAxis,
} from './views/charts';
import { Panel } from '../shared/Panel';
import { useChart } from '../shared/useChart';

const makers = new Map<ChartSpec, (el: HTMLElement) => Chart>();
/** A stable factory per spec (the chart is mounted once). */
const maker = (spec: ChartSpec) => {
  let make = makers.get(spec);
  if (!make) {
    make = (el) => createChart(el, spec);
    makers.set(spec, make);
  }
  return make;
};

function useSeriesChart(spec: ChartSpec, x: XAxis) {
  const feed = useCallback(
    (chart: Chart, s: AppState) => {
      const sim = librarySim(s);
      chart.update(sim ? chartPoints(sim) : [], { x, paper: paperMarks(s.current?.paper) });
    },
    [x],
  );
  return useChart(maker(spec), feed);
}

export function LibraryCharts() {
  const [x, setX] = useState<XAxis>('seconds');
  const ratios = useSeriesChart(CHARTS.ratios, x);
  const parses = useSeriesChart(CHARTS.parses, x);
  const latches = useSeriesChart(CHARTS.latches, x);
  const search = useSeriesChart(CHARTS.search, x);
  return (
    <Panel
      title="Over the run"
      sub={`x: ${X_LABEL[x]}`}
      testId="library-charts"
      exports={{ name: 'library-charts', image: true }}
    >
      <div className="panel-body">
        <div className="lib-chart-controls">
          <label htmlFor="lib-chart-x">x axis</label>
          <select
            id="lib-chart-x"
            data-testid="lib-chart-x"
            value={x}
            onChange={(e) => setX(e.target.value as XAxis)}
          >
            <option value="seconds">{X_LABEL.seconds}</option>
            <option value="statements">{X_LABEL.statements}</option>
          </select>
          <span>· dashed: the paper&apos;s final figures</span>
        </div>
        <div className="view-host chart-host" ref={ratios} data-testid="lib-ratio-chart" />
        <div className="view-host chart-host" ref={parses} data-testid="lib-parse-chart" />
        <div className="view-host chart-host" ref={latches} data-testid="lib-latch-chart" />
        <div className="view-host chart-host" ref={search} data-testid="lib-search-chart" />
        <p className="note">
          Hit ratios are fractions 0–1; parse counts and sleeps are cumulative; the latch free wait
          (right axis) is in seconds, all sessions; search length is the mean number of free-list
          chunks examined per shared pool allocation so far.
        </p>
      </div>
    </Panel>
  );
}
