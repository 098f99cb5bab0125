// The I/O path's V$SYSSTAT figures, live: direct path reads, full scans by kind, segment
// checkpoints, read requests and their mean time, and — when reads are buffered by the OS —
// the page cache under the buffer cache with the double buffering it causes (seed 003).
import type { ReactNode } from 'react';
import { useApp } from '../store/context';
import { selectCurrent, selectReport } from '../store/selectors';
import type { Scenario } from '../sim/engine';
import type { IoStatistics as Io } from '../sim/generated/buffer/IoStatistics';
import type { Report } from '../sim/generated/buffer/Report';
import type { OsCacheStatistics } from '../sim/generated/buffer/OsCacheStatistics';
import { Panel } from '../shared/Panel';
import { ioData } from '../export/panelData';
import { percent } from '../buffer/PoolStatistics';

const n = (v: number) => v.toLocaleString('en');
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** One statistic: its V$SYSSTAT name (or a plain one, `plain`), its value, what it means. */
interface StatDef<T> {
  id: string;
  name: string;
  what: string;
  plain?: boolean;
  value: (x: T) => ReactNode;
}

/** The rows of a list of statistics, each titled with what it means. */
function StatRows<T>({ defs, of }: { defs: StatDef<T>[]; of: T }) {
  return (
    <>
      {defs.map((d) => (
        <tr key={d.id} data-stat={d.id} title={d.what}>
          <td className={d.plain ? '' : 'mono'}>{d.name}</td>
          <td>{d.value(of)}</td>
        </tr>
      ))}
    </>
  );
}

/** Mean read time as a DBA reads it off `db file sequential read`. */
export function readMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`;
}

const OS_ROWS: StatDef<OsCacheStatistics>[] = [
  {
    id: 'os_size',
    name: 'page cache size',
    plain: true,
    value: (os) => `${n(os.size_blocks)} blocks`,
    what: 'Pages the OS can hold: the host memory the SGA leaves, in database blocks',
  },
  {
    id: 'os_resident',
    name: 'resident',
    plain: true,
    value: (os) =>
      `${n(os.resident_blocks)} (${percent(os.size_blocks ? os.resident_blocks / os.size_blocks : null, 0)})`,
    what: 'Pages holding a block now',
  },
  {
    id: 'os_hits',
    name: 'OS cache hits / misses',
    plain: true,
    value: (os) => `${n(os.hits)} / ${n(os.misses)}`,
    what: 'Buffer-cache misses the OS page cache served (a system call and a copy) or had to read from disk',
  },
  {
    id: 'os_hit_ratio',
    name: 'OS hit ratio',
    plain: true,
    value: (os) => percent(os.hits + os.misses ? os.hits / (os.hits + os.misses) : null, 1),
    what: 'hits / (hits + misses)',
  },
  {
    id: 'os_double',
    name: 'double-buffered',
    plain: true,
    value: (os) =>
      `${n(os.double_buffered_blocks)} blocks · ${mb(os.double_buffered_bytes)} wasted`,
    what: 'Blocks held in both caches at once: memory spent twice on the same data',
  },
  {
    id: 'os_hidden_share',
    name: 'hidden share',
    plain: true,
    value: (os) => percent(os.hidden_share, 1),
    what: "Of Oracle's physical reads, the share the OS page cache served: counted as physical reads in V$BUFFER_POOL_STATISTICS, yet no disk was touched",
  },
];

/** The fields of the I/O statistics that are counts. */
type Count = { [K in keyof Io]-?: Io[K] extends number ? K : never }[keyof Io];

/** A V$SYSSTAT counter of the I/O path (`id` is its field), shown as it is. */
const counter = (id: Count, name: string, what: string): StatDef<Io> => ({
  id,
  name,
  what,
  value: (io) => n(io[id]),
});

const IO_ROWS: StatDef<Io>[] = [
  counter(
    'physical_reads_direct',
    'physical reads direct',
    'Blocks read straight into session memory (PGA), bypassing the buffer cache',
  ),
  counter(
    'table_scans_short',
    'table scans (short tables)',
    'Full scans of segments at most _small_table_threshold blocks',
  ),
  counter(
    'table_scans_long',
    'table scans (long tables)',
    'Full scans of segments above _small_table_threshold blocks',
  ),
  counter(
    'table_scans_direct',
    'table scans (direct read)',
    'Full scans read with serial direct path reads',
  ),
  {
    id: 'segment_checkpoints',
    name: 'segment checkpoints',
    plain: true,
    value: (io) => `${n(io.segment_checkpoints)} (${n(io.checkpoint_writes)} writes)`,
    what: 'Dirty buffers of a segment written before it is read direct',
  },
  counter(
    'disk_read_requests',
    'physical read IO requests',
    'Read requests sent to disk for the buffer cache (a multiblock read is one)',
  ),
  {
    id: 'avg_read_ms',
    name: 'avg read time',
    plain: true,
    value: (io) => readMs(io.avg_read_ms),
    what: 'Mean wait of a buffered read as the wait events show it (one per disk request or per block copied from the OS page cache): below a millisecond means the OS page cache, not the disk, served it',
  },
  {
    id: 'direct_read_s',
    name: 'direct path read time',
    plain: true,
    value: (io) => `${io.direct_read_s.toFixed(2)} s`,
    what: 'Seconds spent in direct path reads',
  },
];

const ROWS_ROW: StatDef<Report>[] = [
  {
    id: 'rows',
    name: 'rows fetched, whole run',
    plain: true,
    value: (r) =>
      `${n(r.rows ?? 0)}${r.rows_per_s != null ? ` · ${n(Math.round(r.rows_per_s))} rows/s` : ''}`,
    what:
      'Rows the workload fetched, and per second of elapsed time, over the whole run: a ' +
      'script’s warm-up steps included (a measured step’s own figure is on its row below and ' +
      'in the script timeline)',
  },
];

/**
 * The steps the paper times (seed 003 times step 3, the scan after the warm-up): their own
 * rows per second, the figure the paper gives, labelled with the step — beside the whole
 * run's, which counts the warm-up too (issue 26 #5: 25,084 here, 282.2K in the script, one
 * run, no word about the intervals).
 */
function measuredSteps(report: Report, paper: Scenario['paper']): StatDef<Report>[] {
  const timed = (paper?.steps ?? []).filter((p) => p.rows_per_s !== undefined);
  return timed.flatMap((p) => {
    const step = report.steps?.[p.step - 1];
    if (!step) return [];
    return [
      {
        id: `rows-step-${p.step}`,
        name: `rows/s, step ${p.step} (the step the paper times)`,
        plain: true,
        value: () =>
          step.rows_per_s === null ? 'not run yet' : `${n(Math.round(step.rows_per_s))} rows/s`,
        what: `Rows per second of script step ${p.step} alone, the interval the paper measured`,
      },
    ];
  });
}

export function IoStatistics() {
  const report = useApp(selectReport);
  const paper = useApp(selectCurrent)?.paper;
  const io = report?.io;
  if (!report || !io) return null;
  return (
    <Panel
      title="I/O path"
      sub="V$SYSSTAT"
      testId="io-stats"
      exports={{ name: 'io-stats', data: ioData }}
    >
      <div className="panel-body">
        <table className="grid compact io-grid">
          <tbody>
            <StatRows defs={IO_ROWS} of={io} />
            {report.rows !== undefined && <StatRows defs={ROWS_ROW} of={report} />}
            <StatRows defs={measuredSteps(report, paper)} of={report} />
          </tbody>
        </table>
        {io.os_cache && (
          <>
            <h3 className="subhead">OS page cache (filesystemio_options = NONE or ASYNCH)</h3>
            <table className="grid compact io-grid" data-testid="os-cache-stats">
              <tbody>
                <StatRows defs={OS_ROWS} of={io.os_cache} />
              </tbody>
            </table>
            <p className="note">
              A read the OS page cache serves still counts as a physical read in
              V$BUFFER_POOL_STATISTICS; only its sub-millisecond time (db file sequential read)
              gives it away.
            </p>
          </>
        )}
      </div>
    </Panel>
  );
}
