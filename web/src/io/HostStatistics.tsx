// The host under the instance (docs/model.md §3, seed 002): throughput, CPU, and the paging the
// SGA causes — page-ins and migrations per second beside Oracle's hit ratio — with a bar per
// storage level showing whose pages sit there (buffers, the rest of the SGA, PGAs, others).
import { useApp } from '../store/context';
import { selectReport } from '../store/selectors';
import type { HostStatistics as Host } from '../sim/generated/host/HostStatistics';
import type { MemoryStatistics } from '../sim/generated/host/MemoryStatistics';
import { Panel } from '../shared/Panel';
import { percent } from '../buffer/PoolStatistics';

const n = (v: number) => v.toLocaleString('en');
const rate = (v: number) => `${v < 10 ? v.toFixed(1) : n(Math.round(v))}/s`;
const mb = (pages: number, pageSize: number) => `${((pages * pageSize) / 1048576).toFixed(0)} MB`;

const AREAS: Record<string, { label: string; colour: string }> = {
  buffers: { label: 'buffers', colour: '#3b6ea8' },
  sga_other: { label: 'rest of SGA', colour: '#7fa7d6' },
  pga: { label: 'PGAs', colour: '#d08c3b' },
  other: { label: 'other address spaces', colour: '#8a8f98' },
};

type Level = 'central' | 'expanded' | 'auxiliary';

/** One storage level as a bar: each address space's share of its frames. */
function LevelBar({
  m,
  level,
  label,
  cap,
}: {
  m: MemoryStatistics;
  level: Level;
  label: string;
  cap: number | null;
}) {
  const used = m.areas.reduce((s, a) => s + a[level], 0);
  const whole = Math.max(cap ?? used, used, 1);
  return (
    <div className="host-level" data-level={level} data-used={used}>
      <div className="host-level-label">
        {label}: {mb(used, m.page_size)}
        {cap !== null ? ` of ${mb(cap, m.page_size)}` : ''}
      </div>
      <div
        className="host-bar"
        role="img"
        aria-label={`${label}: ${
          m.areas
            .filter((a) => a[level] > 0)
            .map((a) => `${AREAS[a.name]?.label ?? a.name} ${mb(a[level], m.page_size)}`)
            .join(', ') || 'empty'
        }`}
      >
        {m.areas.map((a) =>
          a[level] > 0 ? (
            <span
              key={a.name}
              className="host-share"
              data-area={a.name}
              title={`${AREAS[a.name]?.label ?? a.name}: ${n(a[level])} pages (${mb(a[level], m.page_size)})`}
              style={{ width: `${(100 * a[level]) / whole}%`, background: AREAS[a.name]?.colour }}
            />
          ) : null,
        )}
      </div>
    </div>
  );
}

function MemoryView({ m }: { m: MemoryStatistics }) {
  const mvs = m.expanded_pages > 0;
  return (
    <div className="host-memory" data-testid="host-memory">
      <LevelBar
        m={m}
        level="central"
        label={mvs ? 'central storage' : 'RAM'}
        cap={m.central_pages}
      />
      {mvs && <LevelBar m={m} level="expanded" label="expanded storage" cap={m.expanded_pages} />}
      <LevelBar
        m={m}
        level="auxiliary"
        label={mvs ? 'page data sets (migrated)' : 'swap'}
        cap={m.auxiliary_pages}
      />
      <div className="host-legend">
        {Object.entries(AREAS).map(([k, a]) => (
          <span key={k}>
            <i style={{ background: a.colour }} /> {a.label}
          </span>
        ))}
      </div>
    </div>
  );
}

export function HostStatistics() {
  const report = useApp(selectReport);
  const host: Host | undefined = report?.host;
  if (!report || !host) return null;
  const m = host.memory;
  const rows: [string, string, string][] = [
    ['hit_ratio', 'buffer cache hit ratio', percent(report.total.hit_ratio, 1)],
    ...(host.tps !== null
      ? ([
          [
            'tps',
            'transactions per second',
            `${host.tps.toFixed(1)} (${n(host.transactions)} in ${host.measured_s.toFixed(0)} s)`,
          ],
          ['cpu_busy', 'CPU busy', percent(host.cpu_busy, 1)],
        ] as [string, string, string][])
      : []),
  ];
  if (m) {
    rows.push(
      ['page_ins', 'page-ins from expanded', rate(m.page_ins_per_s)],
      ['pages_to_expanded', 'pages moved to expanded', rate(m.pages_to_expanded_per_s)],
      [
        'migrations',
        m.expanded_pages > 0 ? 'page migration to disk' : 'page-outs to swap',
        rate(m.migrations_per_s),
      ],
      ['disk_page_ins', 'page faults from disk', rate(m.disk_page_ins_per_s)],
      ['hits_paged_out', 'hits on paged-out buffers', n(m.hits_paged_out)],
      ['paging_cpu', 'CPU spent paging', `${m.paging_cpu_s.toFixed(1)} s`],
    );
  }
  return (
    <Panel
      title="Host"
      sub={m ? (m.lock_sga ? 'lock_sga = TRUE' : 'paging') : 'one CPU'}
      testId="host-stats"
    >
      <div className="panel-body">
        <table className="grid compact io-grid">
          <tbody>
            {rows.map(([id, name, value]) => (
              <tr key={id} data-stat={id}>
                <td>{name}</td>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {m && <MemoryView m={m} />}
      </div>
    </Panel>
  );
}
