// Sizing (issue 10): the running scenario swept over one numeric parameter in a Web Worker —
// one run to the end per value — drawn as curves with today's value marked; a click on the
// chart, or Use in the table, sets that value (the run is rebuilt at the same position).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { parameterDocs, type Scenario } from '../sim/engine';
import { isLibraryScenario } from '../sim/library';
import {
  metricsOf,
  planSweep,
  readBound,
  valueOf,
  withParam,
  type SweepPoint,
  type SweepSpec,
} from './sweep';
import { startSweep, type RunningSweep } from './sweepClient';
import { sizingRequests } from './request';
import { useApp } from '../store/context';
import { selectCurrent, selectEdit } from '../store/selectors';
import { createHostChart, type HostChart } from './views/hostChart';
import { createSweepChart, type SweepChart } from './views/sweepChart';
import { Panel } from '../shared/Panel';
import { RunButton } from '../shared/RunButton';
import { ScrollX } from '../shared/ScrollX';
import { Table } from '../shared/Table';

/** What a sweep can vary here: numeric init.ora parameters of this simulation, then costs. */
function paramsFor(scenario: Scenario): string[] {
  const library = isLibraryScenario(scenario);
  const init = parameterDocs()
    .filter((d) => d.kind === 'integer' || d.kind === 'size')
    .filter((d) => d.area === 'both' || d.area === (library ? 'library_cache' : 'buffer_cache'))
    .map((d) => d.name);
  const costs = library
    ? ['cost.library.execute_us', 'cost.library.hard_parse_us']
    : ['cost.physical_read_ms', 'cost.logical_read_us'];
  return [...init, ...costs.filter((p) => valueOf(scenario, p) !== null)];
}

/** The value a sweep starts around: the scenario's, else the parameter's numeric default. */
function around(scenario: Scenario, param: string): number | null {
  const v = valueOf(scenario, param);
  if (v !== null) return v;
  const d = Number(parameterDocs().find((p) => p.name === param)?.default);
  return Number.isFinite(d) && d > 0 ? d : null;
}

const fmt = (v: number | null | undefined, key = '') =>
  v === null || v === undefined
    ? '—'
    : key === 'hit_ratio'
      ? `${(v * 100).toFixed(1)} %`
      : Number.isInteger(v)
        ? v.toLocaleString('en')
        : v.toPrecision(4);

interface Result {
  base: Scenario;
  param: string;
  values: number[];
  points: SweepPoint[];
  /** How many Workers share the points. */
  workers: number;
}

export function SizingPanel() {
  const current = useApp(selectCurrent);
  const edit = useApp(selectEdit);
  const params = useMemo(() => (current ? paramsFor(current) : []), [current]);
  const [param, setParam] = useState(() =>
    current && isLibraryScenario(current) ? 'shared_pool_size' : 'db_block_buffers',
  );
  const [range, setRange] = useState({ from: '', to: '', steps: '10' });
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const sweep = useRef<RunningSweep | null>(null);
  const chart = useRef<SweepChart | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const hostChart = useRef<HostChart | null>(null);
  const hostEl = useRef<HTMLDivElement>(null);
  // a host (seed 002's oltp_batch, or a `host` section): throughput and paging get their chart
  const paging = !!current && metricsOf(current).some((m) => m.key === 'tps');

  // A parameter of the other simulation (another scenario was loaded): the first of this one.
  const chosen = params.includes(param) ? param : (params[0] ?? param);
  const now = current ? valueOf(current, chosen) : null;
  const centre = current ? around(current, chosen) : null;
  const from = range.from || (centre === null ? '' : String(Math.max(1, Math.round(centre / 10))));
  const to = range.to || (centre === null ? '' : String(Math.round(centre * 2)));

  const use = useCallback(
    (value: number) => {
      if (result) edit((d) => withParam(d, result.param, value));
    },
    [edit, result],
  );

  // the chart's click handler reads the latest `use` through this ref
  const pick = useRef(use);
  useEffect(() => {
    pick.current = use;
  }, [use]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const c = createSweepChart(el, (v) => pick.current(v));
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const el = hostEl.current;
    if (!el || !paging) return;
    const c = createHostChart(el, (v) => pick.current(v));
    hostChart.current = c;
    return () => {
      c.destroy();
      hostChart.current = null;
    };
  }, [paging]);

  // a lecture slide's point of the sweep, ringed on the chart (../lecture, highlight.point)
  const marked = useStore(sizingRequests, (s) => s.point);

  useEffect(() => {
    if (!chart.current || !current) return;
    const shownParam = result?.param ?? chosen;
    chart.current.update(
      result?.points ?? [],
      metricsOf(current),
      shownParam,
      valueOf(current, shownParam),
      marked,
    );
    hostChart.current?.update(
      result?.points ?? [],
      shownParam,
      valueOf(current, shownParam),
      marked,
    );
  }, [result, current, chosen, paging, marked]);

  useEffect(() => () => sweep.current?.cancel(), []);

  /** Run the sweep `spec` of the current scenario (a refusal is said, as the engine words it). */
  const runSpec = useCallback(
    (spec: SweepSpec) => {
      if (!current) return;
      try {
        planSweep(current, spec);
      } catch (e) {
        setError((e as Error).message);
        return;
      }
      sweep.current?.cancel();
      setError(null);
      setRunning(true);
      const base = current;
      setResult({ base, param: spec.param, values: [], points: [], workers: 0 });
      sweep.current = startSweep(base, spec, (m) => {
        if (m.kind === 'start')
          setResult((r) => r && { ...r, values: m.values, workers: m.workers });
        else if (m.kind === 'point')
          setResult((r) => r && { ...r, points: [...r.points, m.point] });
        else {
          if (m.kind === 'error') setError(m.message);
          setRunning(false);
          sweep.current = null;
        }
      });
    },
    [current],
  );

  const run = () => {
    let spec: SweepSpec;
    try {
      spec = {
        param: chosen,
        from: readBound(from, 'from'),
        to: readBound(to, 'to'),
        steps: Number(range.steps),
      };
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    runSpec(spec);
  };

  // a lecture slide's sweep (action.sweep) of the scenario shown: the form shows it, and it
  // runs as if typed there — asked for now, or before the panel was mounted
  useEffect(() => {
    if (!current) return;
    let live = true;
    const take = () => {
      const spec = live ? sizingRequests.getState().takeSweep(current) : null;
      if (!spec) return;
      setParam(spec.param);
      setRange({ from: String(spec.from), to: String(spec.to), steps: String(spec.steps) });
      runSpec(spec);
      // the chart the slide talks about, in view (the panel's place grew as it loaded)
      host.current?.scrollIntoView({ block: 'center', behavior: 'instant' });
    };
    const unsubscribe = sizingRequests.subscribe(take);
    queueMicrotask(take);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [current, runSpec]);

  const cancel = () => {
    sweep.current?.cancel();
    sweep.current = null;
    setRunning(false);
  };

  // the table: the first two figures, and a host's throughput and paging
  const metrics = current
    ? metricsOf(current).filter(
        (m, i) => i < 2 || ['tps', 'page_ins_per_s', 'migrations_per_s'].includes(m.key),
      )
    : [];
  const stale =
    result &&
    current &&
    JSON.stringify(withParam(result.base, result.param, 0)) !==
      JSON.stringify(withParam(current, result.param, 0));
  const done = result?.points.length ?? 0;
  const total = result?.values.length ?? 0;

  /** The sweep's first or last value, as typed (empty: around today's). */
  const edge = (bound: 'from' | 'to') => (
    <label>
      {bound}
      <input
        inputMode="decimal"
        data-testid={`sweep-${bound}`}
        value={bound === 'from' ? from : to}
        onChange={(e) => setRange((r) => ({ ...r, [bound]: e.target.value }))}
      />
    </label>
  );
  return (
    <Panel title="Sizing" sub="one run to the end per value, in workers">
      <div className="panel-body sizing">
        <form
          className="sizing-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!running) run();
          }}
        >
          <label>
            parameter
            <select
              value={chosen}
              data-testid="sweep-param"
              onChange={(e) => {
                setParam(e.target.value);
                setRange((r) => ({ ...r, from: '', to: '' }));
              }}
            >
              {params.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          {edge('from')}
          {edge('to')}
          <label>
            runs
            <input
              inputMode="numeric"
              data-testid="sweep-steps"
              value={range.steps}
              onChange={(e) => setRange((r) => ({ ...r, steps: e.target.value }))}
            />
          </label>
          <RunButton running={running} onCancel={cancel} testId="sweep">
            Sweep
          </RunButton>
        </form>
        {running && (
          <div className="busy" role="status" data-testid="sweep-progress">
            <span>
              run <b>{done}</b> / {total || '…'}
              {result?.workers ? ` · ${result.workers} worker${result.workers > 1 ? 's' : ''}` : ''}
            </span>
            <progress max={Math.max(1, total)} value={done} aria-label="Sweep runs done" />
          </div>
        )}
        {error && (
          <p className="error-text" role="alert" data-testid="sweep-error">
            {error}
          </p>
        )}
        {stale && (
          <p className="note">
            Computed for an earlier configuration; sweep again to see the curve of this one.
          </p>
        )}
        <div className="view-host chart-host" ref={host} />
        {paging && <div className="view-host chart-host" ref={hostEl} />}
        {result && result.points.length > 0 && (
          <ScrollX label="The sweep's figures">
            <Table
              head={[result.param, ...metrics.map((m) => m.label), '']}
              testId="sweep-table"
              className="grid compact"
            >
              {result.points.map((p) => (
                <tr key={p.value} data-value={p.value} aria-current={p.value === now || undefined}>
                  <td>{fmt(p.value)}</td>
                  {p.error ? (
                    <td colSpan={metrics.length} title={p.error} className="sweep-refused">
                      refused: {p.error}
                    </td>
                  ) : (
                    metrics.map((m) => <td key={m.key}>{fmt(p.metrics[m.key], m.key)}</td>)
                  )}
                  <td>
                    <button
                      className="btn small"
                      disabled={!!p.error || p.value === now}
                      onClick={() => use(p.value)}
                      aria-label={`Use ${result.param} = ${p.value}`}
                    >
                      Use
                    </button>
                  </td>
                </tr>
              ))}
            </Table>
          </ScrollX>
        )}
      </div>
    </Panel>
  );
}
