// Traces in (issue #12): a trace file — libCacheSim's txt, csv or oracleGeneral, or the
// project's CSV — dropped on the page (./TraceDrop) or chosen with the button, replayed in a
// Web Worker through the cache of the open scenario (its init.ora, pools and segments), the
// file streamed in chunks. The open scenario and its run are left alone.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  csvColumns,
  CSV_PARAMS_EXAMPLE,
  guessFormat,
  TRACE_FORMATS,
  type ObjectMap,
  type TraceFormat,
  type TraceOptions,
} from '../sim/trace';
import { engineModule } from '../sim/engine';
import { useApp, useStoreApi } from '../store/context';
import { selectCurrent } from '../store/selectors';
import {
  FORMAT_NOTES,
  MAP_RULES,
  reduceTrace,
  startTrace,
  traceStarted,
  type RunningTrace,
  type TraceState,
} from './traceClient';
import { Panel } from '../shared/Panel';
import { mib, TraceFigures, TraceProgress } from './TraceResult';
import {
  distinctIds,
  doesNotFit,
  WORKBENCH_BLOCKS,
  WORKBENCH_ID,
  workbenchSegments,
} from './workbench';

/** What a screen reader hears when a replay ends (its error is an alert of its own). */
function announce(t: TraceState): string {
  if (t.phase === 'done' && t.summary) {
    const r = t.summary.report;
    const ratio =
      r.total.hit_ratio === null ? '' : `, hit ratio ${(r.total.hit_ratio * 100).toFixed(2)} %`;
    return `Replay of ${t.name} done: ${r.accesses.toLocaleString('en')} accesses${ratio}.`;
  }
  if (t.phase === 'cancelled') return `Replay of ${t.name} cancelled.`;
  if (t.phase === 'error') return `Replay of ${t.name} stopped.`;
  return '';
}

/** Bytes read from the file's start to guess its format. */
const HEAD_BYTES = 4096;

export function TracePanel() {
  const store = useStoreApi();
  const current = useApp(selectCurrent);
  const dropped = useApp((s) => s.traceDrop);
  const [format, setFormat] = useState<TraceFormat | 'auto'>('auto');
  const [guessed, setGuessed] = useState<TraceFormat | null>(null);
  // no params: read as the command line reads a csv without them (a header's names, else
  // column 1: the engine's trace_feed::csv_params), so the page and `npm run -s sim` agree
  const [params, setParams] = useState('');
  // the trace workbench numbers ids densely unless the user chose (issue 41 #9)
  const onWorkbench = useApp((s) => s.scenarioId === WORKBENCH_ID);
  const [chosenMap, setMap] = useState<ObjectMap | null>(null);
  const map: ObjectMap = chosenMap ?? (onWorkbench ? 'dense' : 'direct');
  const [file, setFile] = useState<File | null>(null);
  const [trace, setTrace] = useState<TraceState | null>(null);
  const [columns, setColumns] = useState<string | null>(null);
  const running = useRef<RunningTrace | null>(null);
  const ids = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  /** Replays on the trace workbench: their ids to count, to cut its segments to them. */
  const onBench = useRef(new Set<number>());

  /** Replay `f` through the open scenario (read from the store: it may have just changed). */
  const start = async (f: File, forced: { map?: ObjectMap; bench?: boolean } = {}) => {
    const current = store.getState().current;
    if (!current) return;
    running.current?.cancel();
    running.current = null;
    const id = ++ids.current;
    setFile(f);
    const head = new Uint8Array(await f.slice(0, HEAD_BYTES).arrayBuffer());
    const guess = guessFormat(f.name, head);
    if (id !== ids.current) return; // another file came meanwhile
    setGuessed(guess);
    const chosen = format === 'auto' ? guess : format;
    // a csv replay says which columns it reads before it starts (a header's names choose them)
    let shown: string | null = null;
    if (chosen === 'csv')
      try {
        shown = csvColumns(params, head);
      } catch {
        shown = null; // the replay stops on the same refusal at line 1, and says it
      }
    setColumns(shown);
    const options: TraceOptions = {
      format: chosen,
      map: forced.map ?? map,
      ...(chosen === 'csv' && params.trim() ? { params } : {}),
    };
    if (forced.bench) onBench.current.add(id);
    setTrace(traceStarted(id, f, options, performance.now()));
    const hear = (m: Parameters<typeof reduceTrace>[1]) =>
      setTrace((s) => (s && s.id === id ? reduceTrace(s, m, performance.now()) : s));
    running.current = startTrace(
      { file: f, scenarioJson: JSON.stringify(current), options, module: engineModule() },
      (m) => {
        if (m.kind !== 'progress') running.current = null;
        hear(m);
      },
    );
  };

  // a file dropped on the page: taken once, replayed, and the panel brought into view
  const startLatest = useRef(start);
  useEffect(() => {
    startLatest.current = start;
  });
  useEffect(() => {
    if (!dropped) return;
    const f = store.getState().takeTrace();
    if (!f) return;
    void startLatest.current(f);
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [dropped, store]);

  useEffect(() => () => running.current?.cancel(), []);

  // A trace that does not fit the open scenario's segments (issue 26 #3): the workbench holds
  // any trace the engine replays; one click opens it and replays the file there, densely.
  const toBench = (f: File) => {
    store.getState().loadScenario(WORKBENCH_ID);
    setMap('dense');
    void start(f, { map: 'dense', bench: true });
  };
  // Once a workbench replay has counted the trace's distinct ids, the workbench's segments
  // are cut to them: a scenario sized from the trace (no figure changes: only ids matter).
  useEffect(() => {
    if (!trace || trace.phase !== 'done' || !onBench.current.delete(trace.id)) return;
    const distinct = distinctIds(trace.summary?.report.notes ?? []);
    if (distinct !== null && distinct > 0)
      store.getState().edit((d) => ({ ...d, objects: workbenchSegments(distinct) }));
  }, [trace, store]);

  // A replay that ends brings its figures or its error into view (the panel sits low in its
  // column: at 1280×720 they landed at y ≈ 1476) and says how it ended in a live region
  // (issue 26 #8).
  const result = useRef<HTMLDivElement>(null);
  const phase = trace?.phase;
  useEffect(() => {
    if (phase && phase !== 'running') result.current?.scrollIntoView({ block: 'nearest' });
  }, [phase, trace?.id]);

  const cancel = useCallback(() => {
    running.current?.cancel();
    running.current = null;
    setTrace((s) => s && reduceTrace(s, { kind: 'cancel' }, performance.now()));
  }, []);

  const busy = trace?.phase === 'running';
  const shownFormat = format === 'auto' ? guessed : format;
  return (
    <Panel title="Trace replay" sub="a trace file through this cache, in a worker" testId="trace">
      <div className="panel-body trace" ref={panel}>
        <p className="note">
          Drop a trace file anywhere on the page, or choose one: libCacheSim txt, csv or
          oracleGeneral, or the project’s CSV. It is read in chunks, never whole.
        </p>
        <div className="trace-form">
          <label>
            format
            <select
              value={format}
              data-testid="trace-format"
              onChange={(e) => setFormat(e.target.value as TraceFormat | 'auto')}
            >
              <option value="auto">
                {guessed ? `guess from the file (${guessed})` : 'guess from the file'}
              </option>
              {TRACE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </label>
          <label>
            ids to blocks
            <select
              value={map}
              data-testid="trace-map"
              onChange={(e) => setMap(e.target.value as ObjectMap)}
            >
              <option value="direct">direct</option>
              <option value="dense">dense</option>
            </select>
          </label>
          {shownFormat === 'csv' && (
            <label className="trace-params">
              csv params (libCacheSim’s trace-type-params)
              <input
                data-testid="trace-params"
                value={params}
                placeholder={`automatic: a header's column names, else column 1 (or e.g. ${CSV_PARAMS_EXAMPLE})`}
                spellCheck={false}
                onChange={(e) => setParams(e.target.value)}
              />
            </label>
          )}
        </div>
        <p className="note" data-testid="trace-notes">
          {shownFormat && <>{FORMAT_NOTES[shownFormat]}. </>}
          <b>{map}</b>: {MAP_RULES[map]}.
        </p>
        <div className="trace-actions">
          <button
            type="button"
            className="btn primary"
            data-testid="trace-choose"
            disabled={!current}
            onClick={() => input.current?.click()}
          >
            Choose a trace file…
          </button>
          {file && !busy && (
            <button
              type="button"
              className="btn"
              data-testid="trace-again"
              onClick={() => void start(file)}
              title="Replay the same file with the options above"
            >
              Replay {file.name} again
            </button>
          )}
          <input
            ref={input}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Trace file"
            data-testid="trace-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void start(f);
              e.target.value = ''; // the same file chosen again fires a change again
            }}
          />
        </div>
        {trace && (
          <div
            ref={result}
            className="trace-run"
            data-testid="trace-run"
            data-phase={trace.phase}
            data-format={trace.options.format}
            data-map={trace.options.map}
          >
            <p className="trace-what">
              <b>{trace.name}</b> ({mib(trace.size)}) as <b>{trace.options.format}</b>
              {trace.options.params !== undefined && <> ({trace.options.params})</>}, map{' '}
              <b>{trace.options.map}</b>
              {trace.phase === 'cancelled' && <> — cancelled</>}
            </p>
            {trace.options.format === 'csv' && columns && (
              <p className="note" data-testid="trace-columns">
                columns read — {columns}
              </p>
            )}
            {busy && <TraceProgress t={trace} onCancel={cancel} />}
            {trace.error && (
              <p className="error-text" role="alert" data-testid="trace-error">
                {trace.error}
              </p>
            )}
            <p className="visually-hidden" role="status" data-testid="trace-announce">
              {announce(trace)}
            </p>
            {trace.phase === 'error' && file && doesNotFit(trace.error) && !onWorkbench && (
              <div className="trace-bench" data-testid="trace-bench-offer">
                <p className="note">
                  This trace does not fit the open scenario: its segments hold too few blocks for
                  the trace’s ids (above). The trace workbench holds{' '}
                  {WORKBENCH_BLOCKS.toLocaleString('en')} blocks and numbers the ids densely; the
                  cache size and the profile stay yours to choose.
                </p>
                <button
                  type="button"
                  className="btn primary"
                  data-testid="trace-bench"
                  onClick={() => toBench(file)}
                >
                  Replay {file.name} on the trace workbench
                </button>
              </div>
            )}
            <TraceFigures t={trace} />
          </div>
        )}
      </div>
    </Panel>
  );
}
