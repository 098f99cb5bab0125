// What "Your instance" shows of a report: each section read, missing or refused; the figures
// read with the section each came from; the fit (both curves, the errors, the two fitted
// parameters named as fitted); the what-if table against the report's own figures.
import { useEffect, useRef } from 'react';
import type { Analysis } from './analyse';
import type { ReadReport } from './types';
import { createFitChart } from './views/fitChart';

interface Props {
  name: string;
  read: ReadReport;
  analysis: Analysis | null;
  failure: string | null;
  busy: boolean;
  onCancel(): void;
  onOpen(scenario: Record<string, unknown>): void;
}

const n = (v: number | null | undefined, digits = 1) =>
  v === null || v === undefined ? '—' : v.toLocaleString('en', { maximumFractionDigits: digits });
const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)} %`;
const mb = (b: number | null) => (b === null ? '—' : `${n(b / 1048576, 0)} MB`);

/** The figures shown, each with the field whose section it came from. */
function figures(r: ReadReport): [string, string, string][] {
  const lp = r.load_profile;
  return [
    ['Release', r.release ?? '—', 'release'],
    ['Platform', r.platform ?? '—', 'platform'],
    ['RAC', r.rac === null ? '—' : r.rac ? 'yes' : 'no', 'rac'],
    ['Block size', r.block_size === null ? '—' : `${r.block_size} bytes`, 'block_size'],
    ['Buffer cache', mb(r.buffer_cache_bytes), 'buffer_cache_bytes'],
    ['Shared pool', mb(r.shared_pool_bytes), 'shared_pool_bytes'],
    ['Logical reads/s', n(lp.logical_reads_per_s), 'load_profile'],
    ['Physical reads/s', n(lp.physical_reads_per_s), 'load_profile'],
    ['Parses/s', n(lp.parses_per_s), 'load_profile'],
    ['Hard parses/s', n(lp.hard_parses_per_s), 'load_profile'],
    ['Executes/s', n(lp.executes_per_s), 'load_profile'],
    ['Buffer hit %', n(r.efficiency.buffer_hit_pct, 2), 'efficiency'],
    [
      'Direct reads (of all physical reads)',
      r.io.physical_reads ? pct((r.io.physical_reads_direct ?? 0) / r.io.physical_reads) : '—',
      'io',
    ],
    ['Advisory rows (DEFAULT)', String(r.advisory.length), 'advisory'],
    [
      'Top segments by logical reads',
      r.segments_logical.map((s) => `${s.name} ${pct(s.share)}`).join(', ') || '—',
      'segments_logical',
    ],
    ['cursor_sharing', r.init.cursor_sharing ?? '—', 'init'],
  ];
}

function FitChart({ analysis }: { analysis: Analysis }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !analysis.advisory) return;
    const chart = createFitChart(el);
    chart.update(analysis.advisory);
    return () => chart.destroy();
  }, [analysis]);
  return <div ref={ref} className="instance-chart" />;
}

export function InstanceResult({ name, read, analysis, failure, busy, onCancel, onOpen }: Props) {
  return (
    <div className="instance-result" data-testid="instance-result" data-kind={read.kind}>
      <h3>
        {name}: {read.kind} ({read.format}), release {read.release ?? 'unknown'}
      </h3>
      <ul className="instance-sections" data-testid="instance-sections">
        {read.sections.map((s) => (
          <li key={s.name} data-section={s.name} data-status={s.status}>
            <b>{s.status}</b> {s.name}
            {s.reason && <span className="reason"> — {s.reason}</span>}
          </li>
        ))}
      </ul>
      <table className="instance-read" data-testid="instance-read">
        <thead>
          <tr>
            <th>Read</th>
            <th>Value</th>
            <th>From the section</th>
          </tr>
        </thead>
        <tbody>
          {figures(read).map(([label, value, field]) => (
            <tr key={label}>
              <td>{label}</td>
              <td>{value}</td>
              <td>{read.origin[field] ?? 'not read'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {busy && (
        <p className="instance-busy" data-testid="instance-busy" role="status">
          Fitting the model to the report’s advisory and running the what-ifs (in a Worker)…{' '}
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </p>
      )}
      {failure && (
        <p role="alert" className="instance-error">
          The analysis stopped: {failure}
        </p>
      )}
      {analysis && <Analysed analysis={analysis} onOpen={onOpen} />}
    </div>
  );
}

function Analysed({ analysis, onOpen }: { analysis: Analysis; onOpen: Props['onOpen'] }) {
  const f = analysis.fit;
  return (
    <>
      {f && (
        <div className="instance-fit" data-testid="instance-fit">
          <h4>The fit (fitted, not read from the report)</h4>
          <p>
            Two parameters the report does not give were fitted so that the model’s
            V$DB_CACHE_ADVICE matches the report’s on the rows at size factor ≤ 1.0: footprint{' '}
            <b>{f.parameters.footprint}</b> × the cache, zipf_s <b>{f.parameters.zipf_s}</b>. Median
            relative error of the estimated reads:{' '}
            <b data-testid="instance-err-fitted">{pct(f.median_rel_err_fitted)}</b> on the fitted
            rows, <b data-testid="instance-err-predicted">{pct(f.median_rel_err_predicted)}</b> on
            the rows above 1.0 (predicted).
          </p>
          <FitChart analysis={analysis} />
        </div>
      )}
      {analysis.note && <p className="instance-note">{analysis.note}</p>}
      {analysis.whatif && (
        <table className="instance-whatif" data-testid="instance-whatif">
          <caption>
            What if … (predicted by the fitted model, against the report’s own figures)
          </caption>
          <thead>
            <tr>
              <th>What if</th>
              <th>Physical reads/s</th>
              <th>Hit ratio</th>
              <th>Hard parses/s</th>
              <th>Change</th>
            </tr>
          </thead>
          <tbody>
            {analysis.whatif.map((w) => (
              <tr key={w.name} data-whatif={w.name}>
                <td>{w.name}</td>
                <td>{n(w.physical_reads_per_s)}</td>
                <td>{pct(w.hit_ratio)}</td>
                <td>{n(w.hard_parses_per_s)}</td>
                <td>{w.change}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {analysis.scenario && (
        <button
          type="button"
          data-testid="instance-open"
          onClick={() => onOpen(analysis.scenario ?? {})}
        >
          Open the fitted scenario in the simulator
        </button>
      )}
    </>
  );
}
