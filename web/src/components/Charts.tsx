// Hit ratio per pool over the run, and physical reads: the views engineer's chart factories,
// fed from the store's series (sampled at ≤ 400 points) plus the current position.
import { useEffect, useRef } from 'react';
import { useStoreApi } from '../store/context';
import { paperMarks, pointOf } from '../store/run';
import type { AppState } from '../store/store';
import { createHitRatioChart, createPhysicalReadsChart } from '../views/charts';
import type { Chart, SeriesPoint } from '../views/types';
import { Panel } from './Panel';

function points(s: AppState): SeriesPoint[] {
  const { series, report, position, seconds } = s;
  const last = series[series.length - 1];
  if (!report || (last && last.position === position)) return series;
  return [...seriesBefore(series, position), pointOf(report, position, seconds)];
}

const seriesBefore = (series: SeriesPoint[], position: number) =>
  series.filter((p) => p.position < position);

function useChart(factory: (el: HTMLElement) => Chart) {
  const store = useStoreApi();
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const c = factory(el);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [factory]);

  useEffect(() => {
    let reported = false;
    const feed = (s: AppState) => {
      try {
        chart.current?.update(points(s), paperMarks(s.current));
      } catch (e) {
        // A chart that throws must not stop the store's other listeners.
        if (!reported) console.error('a chart failed to draw:', e);
        reported = true;
      }
    };
    feed(store.getState());
    return store.subscribe((s, prev) => {
      if (s.series !== prev.series || s.position !== prev.position || s.current !== prev.current) {
        feed(s);
      }
    });
  }, [store]);

  return ref;
}

export function Charts() {
  const hit = useChart(createHitRatioChart);
  const reads = useChart(createPhysicalReadsChart);
  return (
    <Panel title="Over the run" sub="x: accesses done" testId="charts">
      <div className="panel-body">
        <div className="view-host chart-host" ref={hit} data-testid="hit-ratio-chart" />
        <div className="view-host chart-host" ref={reads} data-testid="physical-reads-chart" />
      </div>
    </Panel>
  );
}
