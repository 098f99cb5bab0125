// Miss-ratio curves (issue 25, item 5): for the scenario's workload or a trace file, every
// chosen replacement policy's miss ratio at 20 cache sizes, computed in Web Workers
// (./mrcClient), drawn on one chart with the scenario's size marked and Oracle's own rules
// drawn thicker. LRU and OPT come from one pass over the reference stream (exact stack
// algorithms); every other policy from one run per size.
import { useEffect, useMemo, useRef, useState } from 'react';
import { engineModule, type Scenario } from '../sim/engine';
import { curvePolicies, type StreamSummary, type Workload } from '../sim/mrc';
import { traitsOf } from '../sim/profile';
import { guessFormat } from '../sim/trace';
import { useApp } from '../store/context';
import { selectCurrent } from '../store/selectors';
import { Panel } from '../shared/Panel';
import { RunButton } from '../shared/RunButton';
import { startCurves, type RunningCurves } from './mrcClient';
import { addPoints, curveRows, defaultPolicies, pointsDone, toRows, type Curves } from './plan';
import { createMrcChart, curveLabel, policyColor, type MrcChart } from './views/mrcChart';

/** The largest trace the curves take whole (every Worker holds a copy). */
const MAX_TRACE_BYTES = 64 << 20;

interface Result {
  policies: string[];
  sizes: number[];
  summary: StreamSummary | null;
  curves: Curves;
  total: number;
  workers: number;
}

/** What the export menu reads at the click (the panel's own state, not the store's). */
const exported: { rows: ReturnType<typeof curveRows> } = { rows: [] };

export function MrcPanel() {
  const current = useApp(selectCurrent);
  const { names, stack } = useMemo(() => curvePolicies(), []);
  const oracle = current ? traitsOf(current.profile).replacement : 'lru';
  const [chosen, setChosen] = useState<string[] | null>(null);
  const picked = chosen ?? defaultPolicies(names, oracle);
  const [trace, setTrace] = useState<File | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const job = useRef<RunningCurves | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<MrcChart | null>(null);
  const namesRef = useRef(names);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const c = createMrcChart(el, () => namesRef.current);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, []);

  const shownCurrent = result?.summary?.current_buffers ?? null;
  useEffect(() => {
    const rows = result ? toRows(result.curves, result.sizes) : [];
    chart.current?.update(rows, result?.policies ?? [], oracle, shownCurrent);
    exported.rows = result ? curveRows(result.curves, stack, result.policies) : [];
  }, [result, oracle, shownCurrent, stack]);

  useEffect(() => () => job.current?.cancel(), []);

  const toggle = (p: string) =>
    setChosen(picked.includes(p) ? picked.filter((q) => q !== p) : [...picked, p]);

  const workload = async (scenario: Scenario): Promise<Workload> => {
    if (!trace) return { kind: 'scenario', scenario };
    if (trace.size > MAX_TRACE_BYTES)
      throw new Error(
        `${trace.name} is ${(trace.size / 2 ** 20).toFixed(0)} MiB: the curves take traces of up to 64 MiB whole (replay a larger one in the trace panel)`,
      );
    const bytes = new Uint8Array(await trace.arrayBuffer());
    const format = guessFormat(trace.name, bytes.subarray(0, 4096));
    return { kind: 'trace', scenario, options: { format, map: 'dense' }, bytes, name: trace.name };
  };

  const run = async () => {
    if (!current || picked.length === 0) return;
    job.current?.cancel();
    setError(null);
    let w: Workload;
    try {
      w = await workload(current);
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    const policies = names.filter((n) => picked.includes(n));
    setRunning(true);
    setResult({ policies, sizes: [], summary: null, curves: {}, total: 0, workers: 0 });
    job.current = startCurves(w, policies, stack, engineModule(), (m) => {
      if (m.kind === 'plan') setResult((r) => r && { ...r, ...m });
      else if (m.kind === 'points')
        setResult((r) => r && { ...r, curves: addPoints(r.curves, m.policy, m.points) });
      else {
        if (m.kind === 'error') setError(m.message);
        setRunning(false);
        job.current = null;
      }
    });
  };

  const cancel = () => {
    job.current?.cancel();
    job.current = null;
    setRunning(false);
  };

  if (!current) return null;
  const done = result ? pointsDone(result.curves) : 0;
  const refused = result
    ? Object.values(result.curves)
        .flat()
        .filter((p) => p.error)
    : [];
  return (
    <Panel
      title="Miss-ratio curves"
      sub="every chosen policy at 20 cache sizes, in workers"
      testId="mrc-panel"
      exports={{
        name: 'miss-ratio-curves',
        image: true,
        data: () => ({ miss_ratio_curves: exported.rows }),
      }}
    >
      <div className="panel-body mrc">
        <form
          className="mrc-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!running) void run();
          }}
        >
          <fieldset className="mrc-policies">
            <legend>Policies</legend>
            {names.map((p) => (
              <label key={p} data-testid="mrc-policy" data-policy={p}>
                <input type="checkbox" checked={picked.includes(p)} onChange={() => toggle(p)} />
                <span className="swatch" style={{ background: policyColor(p, names, oracle) }} />
                {curveLabel(p, oracle)}
                {stack.includes(p) && <span className="note"> (one pass)</span>}
              </label>
            ))}
          </fieldset>
          <label className="mrc-source">
            workload
            <span className="note" data-testid="mrc-source">
              {trace ? `trace ${trace.name}` : 'the scenario’s own'}
            </span>
            <input
              type="file"
              data-testid="mrc-trace"
              aria-label="A trace file for the curves (instead of the scenario's workload)"
              onChange={(e) => setTrace(e.target.files?.[0] ?? null)}
            />
            {trace && (
              <button type="button" className="btn small" onClick={() => setTrace(null)}>
                Use the scenario’s
              </button>
            )}
          </label>
          <RunButton
            running={running}
            onCancel={cancel}
            testId="mrc"
            disabled={picked.length === 0}
          >
            Compute curves
          </RunButton>
        </form>
        {running && (
          <div className="busy" role="status" data-testid="mrc-progress">
            <span>
              point <b>{done}</b> / {result?.total || '…'}
              {result?.workers ? ` · ${result.workers} workers` : ' · reading the workload'}
            </span>
            <progress
              max={Math.max(1, result?.total ?? 1)}
              value={done}
              aria-label="Curve points done"
            />
          </div>
        )}
        {error && (
          <p className="error-text" role="alert" data-testid="mrc-error">
            {error}
          </p>
        )}
        <p className="note">
          Sizes: 20 evenly spaced, from 1/20 of the largest (at least 50 buffers, the model’s
          smallest pool) to 1¼ × the working set (the distinct blocks referenced) or today’s size if
          larger. LRU and OPT: one pass over the DEFAULT pool’s references (Mattson’s stack
          algorithms, exact); every other policy: one run per size, the DEFAULT pool resized, one
          working set. A trace is mapped densely (ids numbered by first use).
        </p>
        {result?.summary && (
          <p className="note" data-testid="mrc-summary">
            {result.summary.accesses.toLocaleString('en')} references to{' '}
            {result.summary.distinct.toLocaleString('en')} distinct blocks; today{' '}
            {result.summary.current_buffers.toLocaleString('en')} buffers (dashed line).
          </p>
        )}
        <div className="view-host chart-host" ref={host} data-testid="mrc-chart-host" />
        {refused.length > 0 && (
          <p className="note" data-testid="mrc-refused">
            {refused.length} point(s) refused: {refused[0].error}
          </p>
        )}
      </div>
    </Panel>
  );
}
