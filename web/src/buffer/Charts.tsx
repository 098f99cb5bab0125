// Hit ratio per pool over the run, and physical reads: the shared chart factories, fed from
// the slot's series (sampled at ≤ 400 points) plus the current position.
import { paperMarks } from './series';
import { bufferSim } from '../store/selectors';
import { chartPoints } from '../store/slot';
import type { AppState } from '../store/store';
import { createHitRatioChart, createPhysicalReadsChart, type Chart } from './views/charts';
import { Panel } from '../shared/Panel';
import { useChart } from '../shared/useChart';

const feed = (chart: Chart, s: AppState) => {
  const sim = bufferSim(s);
  chart.update(sim ? chartPoints(sim) : [], paperMarks(s.current));
};

export function Charts() {
  const hit = useChart(createHitRatioChart, feed);
  const reads = useChart(createPhysicalReadsChart, feed);
  return (
    <Panel title="Over the run" sub="x: accesses done" exports={{ name: 'charts', image: true }}>
      <div className="panel-body">
        <div className="view-host chart-host" ref={hit} data-testid="hit-ratio-chart" />
        <div className="view-host chart-host" ref={reads} data-testid="physical-reads-chart" />
      </div>
    </Panel>
  );
}
