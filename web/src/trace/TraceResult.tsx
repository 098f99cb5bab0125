// A trace replay's progress while it runs and its figures at the end (or when it stopped on
// an error: then labelled partial): per-pool statistics, the totals, the wall time and the
// wasm memory, and the whole report as JSON.
import { download, fileName } from '../export/download';
import { accessRate, exportOf, type TraceState } from './traceClient';
import { percent, PoolName } from '../buffer/PoolStatistics';
import { ScrollX } from '../shared/ScrollX';
import { Table } from '../shared/Table';

const n = (v: number) => Math.round(v).toLocaleString('en');
/** A size in bytes, KiB or MiB. */
export const mib = (bytes: number) =>
  bytes < 1 << 10
    ? `${bytes} bytes`
    : bytes < 1 << 20
      ? `${(bytes / (1 << 10)).toFixed(1)} KiB`
      : `${(bytes / (1 << 20)).toFixed(bytes < 10 << 20 ? 1 : 0)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const rate = (r: number | null) => (r === null ? '—' : `${n(r)} /s`);

export function TraceProgress({ t, onCancel }: { t: TraceState; onCancel: () => void }) {
  const p = t.progress;
  const share = p.size > 0 ? p.bytes / p.size : 0;
  return (
    <div className="trace-progress" role="status" data-testid="trace-progress">
      <div className="busy">
        <progress max={1} value={share} aria-label={`Replay of ${t.name}`} />
        <span className="busy-pct" data-testid="trace-percent">
          {(share * 100).toFixed(0)} %
        </span>
        <button type="button" className="btn" data-testid="trace-cancel" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className="note">
        <span data-testid="trace-live-accesses">{n(p.accesses)}</span> accesses ·{' '}
        {rate(accessRate(p.accesses, t.heardAt - t.startedAt))} · {mib(p.bytes)} of {mib(p.size)}{' '}
        read · wasm memory {mib(p.memoryBytes)}
      </p>
    </div>
  );
}

/** The figures of a replay that has ended (done, or stopped by an error with a report). */
export function TraceFigures({ t }: { t: TraceState }) {
  const r = t.summary;
  if (!r) return null;
  const report = r.report;
  const partial = t.phase !== 'done';
  const save = () =>
    download(
      fileName('trace-report', t.name.replace(/\.[^.]*$/, ''), partial ? 'partial' : '') + '.json',
      JSON.stringify(exportOf(t), null, 2),
      'application/json',
    );
  const figures: [string, string, string?, string?][] = [
    ['accesses', n(report.accesses), 'trace-accesses'],
    ['hit ratio', percent(report.total.hit_ratio)],
    ['physical reads', n(report.total.physical_reads), 'trace-physical-reads'],
    [
      'simulated',
      `${report.elapsed_s.toFixed(3)} s`,
      undefined,
      "The simulated time of the replay (the report's elapsed_s)",
    ],
    ['wall time', seconds(r.wallMs), 'trace-wall'],
    ['accesses/s', rate(accessRate(r.accesses, r.wallMs))],
    [
      'peak wasm memory',
      mib(r.peakMemoryBytes),
      'trace-memory',
      "The wasm module's memory (WebAssembly.Memory) at its largest",
    ],
  ];
  return (
    <div
      className="trace-figures"
      data-testid="trace-result"
      data-partial={partial}
      data-accesses={report.accesses}
      data-physical-reads={report.total.physical_reads}
      data-logical-reads={report.total.logical_reads}
      data-wall-ms={Math.round(r.wallMs)}
      data-peak-memory-bytes={r.peakMemoryBytes}
    >
      {partial && (
        <p className="trace-partial" data-testid="trace-partial">
          Partial: the figures of the {n(report.accesses)} accesses served before the replay
          stopped.
        </p>
      )}
      <dl className="trace-totals">
        {figures.map(([label, value, testId, title]) => (
          <div key={label} title={title}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      <ScrollX label="Per-pool figures (scrolls sideways)">
        <Table
          head={['pool', 'logical', 'physical', 'hit ratio']}
          className="grid compact"
          testId="trace-pools"
          label="Buffer pool statistics of the replay"
        >
          {report.pools.map((p) => (
            <tr key={p.name} data-pool={p.name} data-physical-reads={p.physical_reads}>
              <td>
                <PoolName name={p.name} />
              </td>
              <td>{n(p.logical_reads)}</td>
              <td>{n(p.physical_reads)}</td>
              <td>{percent(p.hit_ratio)}</td>
            </tr>
          ))}
        </Table>
      </ScrollX>
      <p className="note">
        Through the cache of “{report.scenario}” (its init.ora, pools and segments; its own workload
        ignored).
      </p>
      <button type="button" className="btn small" data-testid="trace-export" onClick={save}>
        Export the report (JSON)
      </button>
    </div>
  );
}
