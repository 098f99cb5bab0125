// The I/O path's V$SYSSTAT figures, live: direct path reads, full scans by kind, segment
// checkpoints, read requests and their mean time, and — when reads are buffered by the OS —
// the page cache under the buffer cache with the double buffering it causes (seed 003).
import type { ReactNode } from 'react';
import { useApp } from '../store/context';
import { selectReport } from '../store/selectors';
import type { IoStatistics as Io } from '../sim/generated/buffer/IoStatistics';
import type { OsCacheStatistics } from '../sim/generated/buffer/OsCacheStatistics';
import { Panel } from './Panel';
import { percent } from './PoolStatistics';

const n = (v: number) => v.toLocaleString('en');
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** One statistic: its V$SYSSTAT name (or a plain one), its value, what it means. */
function Stat(p: { name: string; value: ReactNode; what: string; id?: string; sysstat?: boolean }) {
  return (
    <tr data-stat={p.id ?? p.name} title={p.what}>
      <td className={p.sysstat === false ? '' : 'mono'}>{p.name}</td>
      <td>{p.value}</td>
    </tr>
  );
}

/** Mean read time as a DBA reads it off `db file sequential read`. */
export function readMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`;
}

export function OsCacheRows({ os }: { os: OsCacheStatistics }) {
  const lookups = os.hits + os.misses;
  return (
    <>
      <Stat
        name="page cache size"
        sysstat={false}
        value={`${n(os.size_blocks)} blocks`}
        what="Pages the OS can hold: the host memory the SGA leaves, in database blocks"
        id="os_size"
      />
      <Stat
        name="resident"
        sysstat={false}
        value={`${n(os.resident_blocks)} (${percent(os.size_blocks ? os.resident_blocks / os.size_blocks : null, 0)})`}
        what="Pages holding a block now"
        id="os_resident"
      />
      <Stat
        name="OS cache hits / misses"
        sysstat={false}
        value={`${n(os.hits)} / ${n(os.misses)}`}
        what="Buffer-cache misses the OS page cache served (a system call and a copy) or had to read from disk"
        id="os_hits"
      />
      <Stat
        name="OS hit ratio"
        sysstat={false}
        value={percent(lookups ? os.hits / lookups : null, 1)}
        what="hits / (hits + misses)"
        id="os_hit_ratio"
      />
      <Stat
        name="double-buffered"
        sysstat={false}
        value={`${n(os.double_buffered_blocks)} blocks · ${mb(os.double_buffered_bytes)} wasted`}
        what="Blocks held in both caches at once: memory spent twice on the same data"
        id="os_double"
      />
      <Stat
        name="hidden share"
        sysstat={false}
        value={percent(os.hidden_share, 1)}
        what="Of Oracle's physical reads, the share the OS page cache served: counted as physical reads in V$BUFFER_POOL_STATISTICS, yet no disk was touched"
        id="os_hidden_share"
      />
    </>
  );
}

function IoRows({ io }: { io: Io }) {
  return (
    <>
      <Stat
        name="physical reads direct"
        value={n(io.physical_reads_direct)}
        what="Blocks read straight into session memory (PGA), bypassing the buffer cache"
        id="physical_reads_direct"
      />
      <Stat
        name="table scans (short tables)"
        value={n(io.table_scans_short)}
        what="Full scans of segments at most _small_table_threshold blocks"
        id="table_scans_short"
      />
      <Stat
        name="table scans (long tables)"
        value={n(io.table_scans_long)}
        what="Full scans of segments above _small_table_threshold blocks"
        id="table_scans_long"
      />
      <Stat
        name="table scans (direct read)"
        value={n(io.table_scans_direct)}
        what="Full scans read with serial direct path reads"
        id="table_scans_direct"
      />
      <Stat
        name="segment checkpoints"
        sysstat={false}
        value={`${n(io.segment_checkpoints)} (${n(io.checkpoint_writes)} writes)`}
        what="Dirty buffers of a segment written before it is read direct"
        id="segment_checkpoints"
      />
      <Stat
        name="physical read IO requests"
        value={n(io.disk_read_requests)}
        what="Read requests sent to disk for the buffer cache (a multiblock read is one)"
        id="disk_read_requests"
      />
      <Stat
        name="avg read time"
        sysstat={false}
        value={readMs(io.avg_read_ms)}
        what="Mean time of a buffered physical read as the wait events show it: below a millisecond means the OS page cache, not the disk, served it"
        id="avg_read_ms"
      />
      <Stat
        name="direct path read time"
        sysstat={false}
        value={`${io.direct_read_s.toFixed(2)} s`}
        what="Seconds spent in direct path reads"
        id="direct_read_s"
      />
    </>
  );
}

export function IoStatistics() {
  const report = useApp(selectReport);
  const io = report?.io;
  if (!report || !io) return null;
  return (
    <Panel title="I/O path" sub="V$SYSSTAT" testId="io-stats">
      <div className="panel-body">
        <table className="grid compact io-grid">
          <tbody>
            <IoRows io={io} />
            {report.rows !== undefined && (
              <Stat
                name="rows fetched"
                sysstat={false}
                value={`${n(report.rows)}${report.rows_per_s !== undefined ? ` · ${n(Math.round(report.rows_per_s))} rows/s` : ''}`}
                what="Rows the workload fetched, and per second of elapsed time"
                id="rows"
              />
            )}
          </tbody>
        </table>
        {io.os_cache && (
          <>
            <h3 className="subhead">OS page cache (filesystemio_options = NONE or ASYNCH)</h3>
            <table className="grid compact io-grid" data-testid="os-cache-stats">
              <tbody>
                <OsCacheRows os={io.os_cache} />
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
