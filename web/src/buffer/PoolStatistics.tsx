// V$BUFFER_POOL_STATISTICS, live: one row per pool with the hit ratio, every column below.
import { POOL_COLUMNS } from '../sim/columns';
import { useApp } from '../store/context';
import type { AppState } from '../store/store';
import { selectCurrent, selectReport } from '../store/selectors';
import { poolColor } from '../shared/views/colours';
import { Panel } from '../shared/Panel';
import { ScrollX } from '../shared/ScrollX';
import { poolData } from '../export/panelData';
import { Notes, Table } from '../shared/Table';
import { policyInfo } from '../sim/policy';
import { traitsOf } from '../sim/profile';

export const percent = (r: number | null, digits = 2) =>
  r === null ? '—' : `${(r * 100).toFixed(digits)} %`;
const n = (v: number) => v.toLocaleString('en');

/** A pool's name with its colour swatch, as every pool table shows it. */
export function PoolName({ name }: { name: string }) {
  return (
    <span className="pool-name">
      <span className="swatch" style={{ background: poolColor(name) }} />
      {name}
    </span>
  );
}

/** Transactions the workload runs before its statistics are reset (seed 002), or 0. */
const selectWarmup = (s: AppState) => {
  const w = selectCurrent(s)?.workload;
  return w?.kind === 'oltp_batch' ? Number(w.warmup_transactions ?? 0) : 0;
};

export function PoolStatistics() {
  const report = useApp(selectReport);
  const warmup = useApp(selectWarmup);
  if (!report) return null;
  return (
    <Panel
      title="V$BUFFER_POOL_STATISTICS"
      exports={{ name: 'pool-stats', data: poolData }}
      sub={
        warmup > 0 ? (
          <span
            title={`The statistics are reset after the first ${n(warmup)} transactions (the warm-up): these are the seconds since, the report's elapsed_s. The playback bar's t counts from the start.`}
          >
            measured t = {report.elapsed_s.toFixed(3)} s (after the warm-up)
          </span>
        ) : (
          <span title="Simulated seconds of the run at this position: the report's elapsed_s (the paper's elapsed time, at the run's end).">
            elapsed t = {report.elapsed_s.toFixed(3)} s
          </span>
        )
      }
      testId="pool-stats"
    >
      <div className="panel-body">
        <table className="grid">
          <thead>
            <tr>
              <th className="mono">name</th>
              <th className="mono">logical</th>
              <th className="mono">physical</th>
              <th>Hit ratio</th>
            </tr>
          </thead>
          <tbody>
            {report.pools.map((p) => (
              <tr
                key={p.name}
                data-testid="pool-row"
                data-pool={p.name}
                data-hit-ratio={p.hit_ratio ?? ''}
                data-physical-reads={p.physical_reads}
                data-logical-reads={p.logical_reads}
              >
                <td>
                  <PoolName name={p.name} />
                </td>
                <td>{n(p.logical_reads)}</td>
                <td>{n(p.physical_reads)}</td>
                <td className="num-big" data-testid="hit-ratio">
                  {percent(p.hit_ratio)}
                </td>
              </tr>
            ))}
            {report.pools.length > 1 && (
              <tr>
                <td>
                  <span className="pool-name">TOTAL</span>
                </td>
                <td>{n(report.total.logical_reads)}</td>
                <td>{n(report.total.physical_reads)}</td>
                <td>{percent(report.total.hit_ratio)}</td>
              </tr>
            )}
          </tbody>
        </table>
        <p className="note" data-testid="report-policy" data-policy={report.policy}>
          Replacement policy: <b>{policyInfo(report.policy).label}</b>{' '}
          {report.policy === traitsOf(report.profile).replacement
            ? `(profile ${report.profile}'s own rules)`
            : `(policy ${report.policy}, in place of profile ${report.profile}'s rules)`}
        </p>
        <p className="note">hit ratio = 1 − physical_reads / (db_block_gets + consistent_gets)</p>
        <details className="more">
          <summary>All columns, DBWR load and hash chains</summary>
          <ScrollX label="All columns (scrolls sideways)">
            <table className="grid compact" style={{ marginTop: 6 }}>
              <thead>
                <tr>
                  <th className="mono">column</th>
                  {report.pools.map((p) => (
                    <th key={p.name} className="mono">
                      {p.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {POOL_COLUMNS.map((c) => (
                  <tr key={c}>
                    <td className="mono">{c}</td>
                    {report.pools.map((p) => (
                      <td key={p.name}>{n(p[c] as number)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
          <Table
            head={['DBWR', 'sets', 'batches', 'writes', 'busy']}
            className="grid compact"
            style={{ marginTop: 8 }}
          >
            {report.dbwr.map((d) => (
              <tr key={d.id}>
                <td className="mono">DBW{d.id}</td>
                <td>{d.sets.join(', ')}</td>
                <td>{n(d.batches)}</td>
                <td>{n(d.writes)}</td>
                <td>{d.busy_s.toFixed(2)} s</td>
              </tr>
            ))}
          </Table>
          <p className="note">
            Hash chains: {n(report.hash_chains.lookups)} lookups,{' '}
            {report.hash_chains.avg_walk.toFixed(2)} headers compared per lookup (max{' '}
            {report.hash_chains.max_walk}), longest chain {report.hash_chains.max_chain}; busiest
            latch {n(report.hash_chains.latch_gets_max)} gets, idlest{' '}
            {n(report.hash_chains.latch_gets_min)}.
          </p>
          <Notes notes={report.notes} />
        </details>
      </div>
    </Panel>
  );
}
