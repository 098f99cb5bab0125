// The library cache over the run (seed 001): four line charts fed from the store's library
// series (plus the current position), against simulated seconds or statements done, with the
// paper's final figures as dashed references.
import { useEffect, useRef, useState } from 'react';
import { useStoreApi } from '../store/context';
import type { AppState } from '../store/store';
import {
  LIB_CHARTS,
  libPaperMarks,
  libPointOf,
  X_LABEL,
  type LibChart,
  type LibChartSpec,
  type LibX,
} from '../views/libCharts';
import { createLibChart } from '../views/libLineChart';
import type { LibSeriesPoint } from '../views/libTypes';
import { Panel } from './Panel';
import './library-stats.css';

/** The sampled series, with the current position as its last point. */
export function libPoints(s: AppState): LibSeriesPoint[] {
  const { libSeries, libReport, position, seconds } = s;
  const last = libSeries[libSeries.length - 1];
  if (!libReport || (last && last.position === position)) return libSeries;
  return [
    ...libSeries.filter((p) => p.position < position),
    libPointOf(libReport, position, seconds),
  ];
}

function useLibChart(spec: LibChartSpec, x: LibX) {
  const store = useStoreApi();
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<LibChart | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const c = createLibChart(el, spec);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [spec]);

  useEffect(() => {
    let reported = false;
    const feed = (s: AppState) => {
      try {
        chart.current?.update(libPoints(s), { x, paper: libPaperMarks(s.current?.paper) });
      } catch (e) {
        // A chart that throws must not stop the store's other listeners.
        if (!reported) console.error('a library cache chart failed to draw:', e);
        reported = true;
      }
    };
    feed(store.getState());
    return store.subscribe((s, prev) => {
      if (
        s.libSeries !== prev.libSeries ||
        s.position !== prev.position ||
        s.libReport !== prev.libReport ||
        s.current !== prev.current
      ) {
        feed(s);
      }
    });
  }, [store, x]);

  return ref;
}

export function LibraryCharts() {
  const [x, setX] = useState<LibX>('seconds');
  const ratios = useLibChart(LIB_CHARTS.ratios, x);
  const parses = useLibChart(LIB_CHARTS.parses, x);
  const latches = useLibChart(LIB_CHARTS.latches, x);
  const search = useLibChart(LIB_CHARTS.search, x);
  return (
    <Panel title="Over the run" sub={`x: ${X_LABEL[x]}`} testId="library-charts">
      <div className="panel-body">
        <div className="lib-chart-controls">
          <label htmlFor="lib-chart-x">x axis</label>
          <select
            id="lib-chart-x"
            data-testid="lib-chart-x"
            value={x}
            onChange={(e) => setX(e.target.value as LibX)}
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
