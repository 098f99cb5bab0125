// The library cache's numbers, live, as the seed read them: V$LIBRARYCACHE (SQL AREA),
// V$SYSSTAT, V$LATCH for the library cache and shared pool latches, the waits, the shared pool
// heap (Steve Adams' free-list scripts) and the library cache hash table. Counts are en-US
// numbers; hit ratios are fractions 0–1 as V$LIBRARYCACHE shows them (4 decimals); sleep rates
// are percentages; times are simulated seconds.
import type { ReactNode } from 'react';
import type * as library from '../sim/library';
import { useApp } from '../store/context';
import { selectReport } from './selectors';
import { Panel } from '../shared/Panel';
import { libraryData } from '../export/panelData';
import { Notes, Table } from '../shared/Table';
import { noun } from '../shared/words';

export const count = (v: number) => v.toLocaleString('en-US');
/** A hit ratio as V$LIBRARYCACHE writes it: a fraction with 4 decimals. */
export const fraction = (v: number) => v.toFixed(4);
export const seconds = (v: number) =>
  `${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} s`;
const percent = (v: number) => `${(v * 100).toFixed(2)} %`;
const decimal = (v: number, digits = 1) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const bytes = (v: number) => `${count(v)} B`;

/** One row: the Oracle name, a help line (tooltip), the value; an optional test id. */
type Row = [name: string, help: string, value: ReactNode, testId?: string, raw?: number];

function KeyValues({ rows, label }: { rows: Row[]; label: string }) {
  return (
    <table className="grid compact kv" aria-label={label}>
      <tbody>
        {rows.map(([name, help, value, testId, raw]) => (
          <tr key={name} title={help}>
            <td className="mono">{name}</td>
            <td data-testid={testId} data-value={raw}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Headline({ report }: { report: library.Report }) {
  const lc = report.library_cache;
  const tiles: Row[] = [
    [
      'elapsed (foreground, session 0)',
      "Session 0's elapsed time: the run the seed's script timed (Table 3's elapsed). The clock t in the panel's title goes on until the last of all the sessions finishes.",
      seconds(report.elapsed_s),
      'elapsed',
      report.elapsed_s,
    ],
    [
      'parse count (hard)',
      'Statements not found in the library cache: parsed, optimized and loaded.',
      count(lc.sysstat.parse_count_hard),
      'parse-count-hard',
      lc.sysstat.parse_count_hard,
    ],
    [
      'gethitratio',
      'SQL AREA gethits / gets: lookups that found the handle.',
      fraction(lc.sql_area.gethitratio),
      'gethitratio',
      lc.sql_area.gethitratio,
    ],
    [
      'pinhitratio',
      'SQL AREA pinhits / pins: pins that found the heap loaded.',
      fraction(lc.sql_area.pinhitratio),
      'pinhitratio',
      lc.sql_area.pinhitratio,
    ],
  ];
  return (
    <div className="lib-headline">
      {tiles.map(([name, help, value, testId, raw]) => (
        <div className="lib-tile" key={name} title={help}>
          <span className="mono">{name}</span>
          <b className="num-big" data-testid={testId} data-value={raw}>
            {value}
          </b>
        </div>
      ))}
    </div>
  );
}

const LATCH_ROWS: [keyof library.LatchRow, string, string, (v: number) => string][] = [
  ['gets', 'gets', 'Times the latch was taken (willing-to-wait).', count],
  ['misses', 'misses', 'Gets that found the latch busy at the first try.', count],
  ['sleeps', 'sleeps', 'Times a session gave up spinning and slept (latch free wait).', count],
  ['spin_gets', 'spin gets', 'Misses that got the latch while spinning (_spin_count).', count],
  ['wait_time_s', 'wait time', 'Seconds slept waiting for this latch, all sessions.', seconds],
  ['sleep_rate', 'sleep rate %', 'sleeps / gets, as a percentage.', percent],
  [
    'impact',
    'impact',
    "Steve Adams' latch impact: sleeps² / (misses − spin gets), relative time sleeping.",
    (v) => decimal(v, 0),
  ],
];

function Latches({ latches }: { latches: library.LatchRow[] }) {
  const shown = ['library cache', 'shared pool']
    .map((name) => latches.find((l) => l.name === name))
    .filter((l): l is library.LatchRow => l !== undefined);
  return (
    <table className="grid compact" aria-label="V$LATCH">
      <thead>
        <tr>
          <th className="mono">V$LATCH</th>
          {shown.map((l) => (
            <th key={l.name} className="mono" data-latch={l.name}>
              {l.name}
              {l.children > 1 ? ` (${l.children})` : ''}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {LATCH_ROWS.map(([key, label, help, fmt]) => (
          <tr key={key} title={help}>
            <td className="mono">{label}</td>
            {shown.map((l) => (
              <td key={l.name} data-testid={`latch-${key}`} data-latch={l.name}>
                {fmt(l[key] as number)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="lib-section">
      <h3 className="group-title">{title}</h3>
      {children}
    </section>
  );
}

/** A titled section of name/value rows; `label` names the table (the title unless given). */
function KeyValueSection({
  title,
  label = title,
  rows,
  children,
}: {
  title: string;
  label?: string;
  rows: Row[];
  children?: ReactNode;
}) {
  return (
    <Section title={title}>
      <KeyValues label={label} rows={rows} />
      {children}
    </Section>
  );
}

export function LibraryStatistics() {
  const report = useApp(selectReport);
  if (!report) return null;
  const lc = report.library_cache;
  const { sql_area: area, sysstat, shared_pool: sp, hash_table: ht } = lc;
  const [handle, heap0, heap6] = sp.search_by_piece;
  return (
    <Panel
      title="V$LIBRARYCACHE and friends"
      exports={{ name: 'library-stats', data: libraryData }}
      sub={
        <span title="The simulated clock: it runs until the last of all the sessions finishes (the makespan). The foreground's elapsed time, below, is session 0's alone.">
          {count(report.statements)} statements · clock t = {seconds(lc.makespan_s)} (all sessions)
        </span>
      }
      testId="library-stats"
    >
      <div className="panel-body lib-stats">
        <Headline report={report} />
        <p className="note">
          Ratios are fractions 0–1, as V$LIBRARYCACHE shows them; times are simulated seconds.
        </p>
        <KeyValueSection
          title={`V$LIBRARYCACHE · ${area.namespace}`}
          label="V$LIBRARYCACHE"
          rows={[
            ['gets', 'Handle lookups (one per parse).', count(area.gets)],
            ['gethits', 'Lookups that found the handle on its chain.', count(area.gethits)],
            ['gethitratio', 'gethits / gets.', fraction(area.gethitratio)],
            ['pins', 'Pins of the heaps (executions; DBMS_SQL pins more).', count(area.pins)],
            ['pinhits', 'Pins that found the heap loaded.', count(area.pinhits)],
            ['pinhitratio', 'pinhits / pins.', fraction(area.pinhitratio)],
            [
              'reloads',
              'Pins that found the heap flushed and loaded it again.',
              count(area.reloads),
            ],
            ['invalidations', 'Always 0: the model has no DDL.', count(area.invalidations)],
          ]}
        />
        <KeyValueSection
          title="V$SYSSTAT"
          rows={[
            ['parse count (total)', 'Every parse call.', count(sysstat.parse_count_total)],
            [
              'parse count (hard)',
              'Parses that loaded a new cursor.',
              count(sysstat.parse_count_hard),
            ],
            ['execute count', 'Executions.', count(sysstat.execute_count)],
            [
              'CPU used by this session',
              'CPU, all sessions (seconds).',
              seconds(sysstat.cpu_used_s),
            ],
            [
              'parse time cpu',
              'CPU spent parsing, all sessions (seconds).',
              seconds(sysstat.parse_time_cpu_s),
            ],
          ]}
        />
        <Section title="V$LATCH">
          <Latches latches={lc.latches} />
        </Section>
        <KeyValueSection
          title="Waits"
          rows={[
            [
              'latch free',
              'Seconds in latch free waits: each sleep for a latch and, as Oracle times a wait, the run queue after it until the session is back on a CPU (cost.library.waits_end_on_cpu).',
              seconds(lc.latch_free_wait_s),
              'latch-free-wait',
              lc.latch_free_wait_s,
            ],
            [
              'library cache load lock',
              'Seconds waiting for another session to load an object (until back on a CPU, as above).',
              seconds(lc.load_lock_wait_s),
              'load-lock-wait',
              lc.load_lock_wait_s,
            ],
            [
              'preemptions holding a latch',
              'A session lost its CPU while holding a latch: how contention starts on one CPU.',
              count(lc.preemptions_holding_latch),
            ],
            [
              'ORA-04031',
              'Statements that failed: no free chunk big enough, even after flushing.',
              count(lc.failed_statements),
            ],
          ]}
        />
        <KeyValueSection
          title="Shared pool"
          rows={[
            ['shared_pool_size', 'Bytes of the heap.', bytes(sp.size)],
            [
              'free memory',
              'Free bytes, and chunks on the free lists.',
              `${bytes(sp.free_bytes)} in ${count(sp.free_chunks)} ${noun(sp.free_chunks, 'chunk')}`,
            ],
            [
              'LRU chunks',
              'Unpinned recreatable chunks that can be flushed.',
              count(sp.lru_chunks),
            ],
            ['allocations', 'Chunks allocated under the shared pool latch.', count(sp.allocations)],
            [
              'chunks examined',
              'Free-list chunks looked at, all allocations.',
              count(sp.chunks_examined),
            ],
            [
              'mean free-list search',
              'Chunks examined per allocation: the work under the latch.',
              decimal(sp.mean_search_length),
            ],
            [
              'steady-state search',
              'Mean once the pool is full (after the first flush).',
              decimal(sp.full_search_length),
            ],
            [
              'longest search',
              'Most chunks examined by one allocation.',
              count(sp.max_search_length),
            ],
            [
              'search by piece',
              'Mean search for the handle, heap 0 and heap 6 of a statement.',
              `handle ${decimal(handle)} · heap 0 ${decimal(heap0)} · heap 6 ${decimal(heap6)}`,
            ],
            [
              'flushed chunks',
              'Recreatable chunks freed from the LRU to make room.',
              count(sp.flushed_chunks),
            ],
            [
              'pins and releases',
              'Chunks taken off (pins) and put on (releases) the LRU.',
              `${count(sp.pins_and_releases)} (${count(sp.lru_pins)} + ${count(sp.lru_releases)})`,
            ],
            [
              'KEEP failed',
              'DBMS_SHARED_POOL.KEEP statements that did not fit at startup.',
              count(sp.keep_failed),
            ],
          ]}
        >
          <details className="more">
            <summary>Free lists ({sp.free_lists.length})</summary>
            <Table
              head={['bucket', 'from size', 'chunks', 'bytes']}
              className="grid compact"
              label="Shared pool free lists"
            >
              {sp.free_lists.map((f) => (
                <tr key={f.bucket}>
                  <td>{f.bucket}</td>
                  <td>{bytes(f.min_size)}</td>
                  <td>{count(f.chunks)}</td>
                  <td>{count(f.bytes)}</td>
                </tr>
              ))}
            </Table>
          </details>
        </KeyValueSection>
        <KeyValueSection
          title="Library cache hash table"
          label="Hash table"
          rows={[
            [
              'buckets',
              'Hash buckets now (the array doubles at twice as many objects).',
              count(ht.buckets),
            ],
            ['latches', 'Library cache child latches (_kgl_latch_count).', count(ht.latches)],
            [
              'resizes',
              'Times the bucket array doubled and every handle was re-hashed.',
              count(ht.resizes),
            ],
            ['longest chain', 'Most handles on one bucket.', count(ht.longest_chain)],
            ['objects', 'Handles in the table.', count(ht.objects)],
          ]}
        />
        <Notes notes={report.notes} />
      </div>
    </Panel>
  );
}
