// What the session does: the workload generator and its settings.
import type { Scenario, WorkloadSpec } from '../sim/engine';
import type { ScriptStep } from '../sim/generated/buffer/ScriptStep';
import { useApp } from '../store/context';
import { selectDraft, selectDraftError, selectEdit, selectGeneration } from '../store/selectors';
import { Field, type Option } from '../shared/init/Field';
import { checkNumber } from '../shared/init/initParams';
import { Panel } from '../shared/Panel';
import { JsonField } from '../shared/init/JsonField';
import { ScriptField } from './ScriptField';
import { stepsError } from './scriptText';

// The buffer cache's workloads (sql_slammer has its own panel, LibraryWorkloadPanel).
type Kind = Exclude<WorkloadSpec['kind'], 'sql_slammer'>;
type Values = Record<string, unknown>;

interface Spec {
  key: string;
  help: string;
  type: 'int' | 'number' | 'segment' | 'choice' | 'bool' | 'triple';
  options?: Option[];
}

const int = (key: string, help: string): Spec => ({ key, help, type: 'int' });
const num = (key: string, help: string): Spec => ({ key, help, type: 'number' });
const seg = (key: string, help: string): Spec => ({ key, help, type: 'segment' });
/** A yes/no field: unset (the default), or either value with its own label. */
const bool = (key: string, help: string, labels: [string, string, string]): Spec => ({
  key,
  help,
  type: 'bool',
  options: [
    { value: '', label: labels[0] },
    { value: 'true', label: labels[1] },
    { value: 'false', label: labels[2] },
  ],
});

const SPECS: Record<Kind, Spec[]> = {
  buffer_stuffer: [
    int('buffs_per_stuff', 'Executions per stuff (each reads 4 blocks: 2 index leaves, 2 rows).'),
    num('sleep_secs', 'Seconds the session sleeps after each stuff.'),
    int('total_stuffs', 'How many stuffs the run makes.'),
    {
      key: 'set_rand',
      type: 'triple',
      help: 'set_rand(modulus, multiplier, increment) of the key generator; seed 000 used 14406, 967, 3041.',
    },
    int('seed', 'The first key.'),
    int('lookup_rows', 'Rows of the lookup table, one per block.'),
    seg('large_table', 'The large table read by key.'),
    seg('large_index', 'Its primary key index.'),
    seg('lookup_table', 'The small table joined to each row.'),
    seg('lookup_index', 'Its primary key index.'),
  ],
  random: [
    int('accesses', 'Accesses in the run.'),
    {
      key: 'distribution',
      type: 'choice',
      help: 'How blocks are picked: uniform, or zipf (a few blocks very hot).',
      options: [
        { value: 'uniform', label: 'uniform' },
        { value: 'zipf', label: 'zipf' },
      ],
    },
    num('zipf_s', 'Zipf exponent (larger: hotter hot blocks).'),
    num('write_pct', 'Percent of accesses that change the block.'),
    num('think_us', 'Think time after each access, µs.'),
    int('seed', 'Seed of the generator.'),
  ],
  scan: [
    seg('segment', 'The segment scanned in full.'),
    int('times', 'How many full scans.'),
    bool('cache_hint', 'The CACHE / NOCACHE hint; the table clause when not given.', [
      'table clause',
      'CACHE',
      'NOCACHE',
    ]),
    num('sleep_ms', 'Sleep after each scan, ms.'),
  ],
  mix: [int('executions', 'Executions in the run.'), int('seed', 'Seed of the generator.')],
  trace: [],
  script: [],
  index_range: [
    seg('table', 'The table whose rows the ranges fetch.'),
    seg('index', 'The index the ranges walk (at least a root and a leaf: 2 blocks).'),
    int('ranges', 'Index range scans in the run.'),
    int('rows_per_range', 'Rows fetched per range (default 10).'),
    int('rows_per_block', 'Rows stored in one table block.'),
    bool('clustered', 'Rows stored in key order, or scattered over the table.', [
      'scattered (default)',
      'clustered',
      'scattered',
    ]),
    int('seed', 'Seed of the generator.'),
  ],
  oltp_batch: [
    int('jobs', 'Batch jobs running transactions at once on the one CPU (seed 002: 15).'),
    int('transactions', 'Transactions in all, the warm-up included.'),
    int('warmup_transactions', 'Transactions before the statistics are reset (the warm-up).'),
    seg('table', 'The randomly updated table.'),
    seg('index', 'Its unique index (root, branch blocks, leaves).'),
    int('rows_per_block', 'Rows in one block of the updated table.'),
    int('index_branch_blocks', 'Branch blocks of the index between its root and its leaves.'),
    seg('insert_table', 'The table each transaction inserts a row at the end of.'),
    int('insert_rows_per_block', 'Rows in one block of the insert table.'),
    seg('rollback_segment', 'The rollback segment: its header, then undo blocks used in turn.'),
    int('undo_per_block', 'Transactions whose undo fills one undo block.'),
    num('txn_cpu_us', 'CPU of one transaction besides its logical reads and I/O, µs.'),
    int('seed', 'Seed of the generator.'),
  ],
};

function template(kind: Kind, objects: Scenario['objects']): WorkloadSpec {
  const first = objects[0]?.name ?? '';
  const tables = objects.filter((o) => o.type === 'TABLE');
  const small = [...(tables.length ? tables : objects)].sort((a, b) => a.blocks - b.blocks)[0];
  const scanned = small?.name ?? first;
  const large = [...tables].sort((a, b) => b.blocks - a.blocks)[0]?.name ?? first;
  const index = objects.find((o) => o.type === 'INDEX' && o.blocks >= 2)?.name ?? first;
  const select = `select /*+ full(t) */ count(*) from ${large} t`;
  const specs: Record<Kind, Values> = {
    buffer_stuffer: { kind, buffs_per_stuff: 100, sleep_secs: 0.1, total_stuffs: 100 },
    random: { kind, accesses: 20000, distribution: 'zipf', zipf_s: 1, write_pct: 10, seed: 1 },
    scan: { kind, segment: scanned, times: 3 },
    mix: {
      kind,
      executions: 2000,
      seed: 1,
      parts: [
        { weight: 9, workload: { kind: 'random', accesses: 1, distribution: 'zipf' } },
        { weight: 1, workload: { kind: 'scan', segment: scanned, times: 1 } },
      ],
    },
    trace: {
      kind,
      csv: `time_ms,object,block,op\n0,${first},0,r\n10,${first},1,r\n20,${first},0,w\n`,
    },
    script: {
      kind,
      steps: [{ sql: 'alter system flush buffer_cache' }, { sql: select }, { sql: select }],
    },
    index_range: { kind, table: large, index, ranges: 1000, rows_per_block: 50, seed: 1 },
    oltp_batch: {
      kind,
      jobs: 4,
      transactions: 2000,
      table: large,
      index,
      rows_per_block: 20,
      index_branch_blocks: 1,
      insert_table: scanned,
      insert_rows_per_block: 20,
      rollback_segment: first,
      undo_per_block: 20,
      txn_cpu_us: 1000,
      seed: 1,
    },
  };
  return specs[kind] as unknown as WorkloadSpec;
}

const KINDS: Option[] = [
  { value: 'buffer_stuffer', label: 'buffer_stuffer (seed 000)' },
  { value: 'random', label: 'random' },
  { value: 'scan', label: 'scan (full table scans)' },
  { value: 'mix', label: 'mix' },
  { value: 'trace', label: 'trace (CSV replay)' },
  { value: 'script', label: 'script (a test script, seed 004)' },
  { value: 'oltp_batch', label: 'oltp_batch (batch jobs on one CPU, seed 002)' },
  { value: 'index_range', label: 'index_range (index range scans, seed 003)' },
];

function check(spec: Spec, t: string): string | null {
  if (t.trim() === '') return null;
  // Named, ≥ 0; the engine's message names any other limit once the value is applied.
  const name = `workload.${spec.key}`;
  if (spec.type === 'int') return checkNumber(name, t, { whole: true, min: 0 });
  if (spec.type === 'number') return checkNumber(name, t, { min: 0 });
  if (spec.type === 'triple') {
    return /^\s*\d+\s*,\s*\d+\s*,\s*\d+\s*$/.test(t) ? null : 'three whole numbers: m, a, c';
  }
  return null;
}

function valueOf(spec: Spec, t: string): unknown {
  const s = t.trim();
  if (s === '') return undefined;
  if (spec.type === 'int' || spec.type === 'number') return Number(s);
  if (spec.type === 'triple') return s.split(',').map((x) => Number(x.trim()));
  if (spec.type === 'bool') return s === 'true';
  return s;
}

function shown(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.join(', ');
  return String(v);
}

export function WorkloadPanel() {
  const draft = useApp(selectDraft);
  const edit = useApp(selectEdit);
  const error = useApp(selectDraftError);
  const generation = useApp(selectGeneration);
  if (!draft || draft.workload.kind === 'sql_slammer') return null;
  const w = draft.workload as unknown as Values;
  const kind: Kind = draft.workload.kind;
  const set = (key: string, value: unknown) =>
    edit((d) => {
      const next: Values = { ...(d.workload as unknown as Values) };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return { ...d, workload: next as unknown as WorkloadSpec };
    });
  const segments: Option[] = [
    { value: '', label: '(default)' },
    ...draft.objects.map((o) => ({ value: o.name, label: o.name })),
  ];
  const errorFor = (key: string) =>
    error && (error.path === `workload.${key}` || (error.path === 'workload' && key === 'kind'))
      ? error.detail
      : null;
  return (
    <Panel title="Workload" sub={kind} testId="workload">
      <div className="panel-body" key={`${generation}:${kind}`}>
        <Field
          id="workload-kind"
          testId="workload-kind"
          label="kind"
          value={kind}
          options={KINDS}
          className="wide"
          error={errorFor('kind')}
          commit={(t) => edit((d) => ({ ...d, workload: template(t as Kind, d.objects) }))}
        />
        {SPECS[kind].map((spec) => (
          <Field
            key={spec.key}
            id={`workload-${spec.key}`}
            testId={`workload-${spec.key}`}
            label={spec.key}
            help={spec.help}
            value={shown(w[spec.key])}
            set={w[spec.key] !== undefined}
            placeholder="default"
            options={spec.type === 'segment' ? segments : spec.options}
            className={spec.type === 'triple' ? 'wide' : undefined}
            error={errorFor(spec.key)}
            check={(t) => check(spec, t)}
            commit={(t) => set(spec.key, valueOf(spec, t))}
          />
        ))}
        {kind === 'random' && (
          <JsonField
            label="segments"
            help='Object names to read, e.g. ["LARGE_TBL"]; all objects when empty.'
            value={w.segments}
            error={errorFor('segments')}
            commit={(v) => set('segments', v)}
          />
        )}
        {kind === 'mix' && (
          <JsonField
            label="parts"
            help="Weighted workloads interleaved: [{weight, workload}]."
            value={w.parts}
            rows={8}
            error={errorFor('parts')}
            commit={(v) => set('parts', v)}
          />
        )}
        {kind === 'script' && (
          <ScriptField
            steps={(w.steps as ScriptStep[] | undefined) ?? []}
            error={(text) => (error ? stepsError(error.path, error.detail, text) : null)}
            commit={(steps) => set('steps', steps)}
          />
        )}
        {kind === 'trace' && (
          <JsonField
            label="csv"
            help="time_ms,object,block,op — op r (read), w (write) or s (full-scan read)."
            value={w.csv}
            raw
            rows={8}
            error={errorFor('csv')}
            commit={(v) => set('csv', v)}
          />
        )}
      </div>
    </Panel>
  );
}
