// The paper's published figures beside the simulator's, for the bundled seed experiments.
import type { Compared } from '../sim/engine';
import { useApp } from '../store/context';
import { selectPaper, selectPlayback } from '../store/selectors';
import { useShallow } from 'zustand/react/shallow';
import { Panel } from './Panel';

const LABELS: Record<string, string> = {
  physical_reads: 'physical reads',
  logical_reads: 'logical reads',
  hit_ratio: 'hit ratio',
  elapsed_s: 'elapsed',
};

function fmt(metric: string, v: number): string {
  if (metric === 'hit_ratio') return `${(v * 100).toFixed(1)} %`;
  if (metric === 'elapsed_s') return `${v.toFixed(1)} s`;
  return Math.round(v).toLocaleString('en');
}

function diff(r: Compared): string {
  const sign = r.diff_pct > 0 ? '+' : r.diff_pct < 0 ? '−' : '±';
  const v = Math.abs(r.diff_pct).toFixed(1);
  return r.metric === 'hit_ratio' ? `${sign}${v} pp` : `${sign}${v} %`;
}

export function PaperTable() {
  const paper = useApp(selectPaper);
  const { done } = useApp(useShallow(selectPlayback));
  if (!paper) return null;
  return (
    <Panel title="Paper vs simulator" sub="seed experiment">
      <div className="panel-body">
        <p className="note" style={{ marginTop: 0, marginBottom: 4 }}>
          {paper.source}
        </p>
        <table className="grid" data-testid="paper-table">
          <thead>
            <tr>
              <th>Figure</th>
              <th>Paper</th>
              <th>Simulator</th>
              <th>Diff</th>
            </tr>
          </thead>
          <tbody>
            {paper.rows.map((r) => (
              <tr key={`${r.pool}:${r.metric}`} data-metric={r.metric} data-pool={r.pool}>
                <td>
                  {r.pool && <span className="mono">{r.pool} </span>}
                  {LABELS[r.metric] ?? r.metric}
                </td>
                <td>{fmt(r.metric, r.paper)}</td>
                <td>{fmt(r.metric, r.sim)}</td>
                {done ? (
                  <td className={Math.abs(r.diff_pct) <= 10 ? 'diff-good' : 'diff-bad'}>
                    {diff(r)}
                  </td>
                ) : (
                  <td className="muted">—</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {!done && (
          <p className="note">
            The simulator&apos;s figures are at the current position; the difference shows once the
            run is at its end.
          </p>
        )}
      </div>
    </Panel>
  );
}
