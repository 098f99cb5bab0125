// What the sessions of a library cache scenario do: seed 001's SQLSlammer (numbers, switches,
// typed statements and the KEEP list), and the per-operation costs (`cost.library`) that
// advance simulated time. Every edit goes through the store's `edit`; the engine's message
// about a field shows under it.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Scenario } from '../sim/engine';
import type * as library from '../sim/library';
import { libraryConstants, type Slammer } from '../sim/library';
import { useApp } from '../store/context';
import type { AppState } from '../store/store';
import { checkCost, checkNumber } from '../shared/init/initParams';
import { Field } from '../shared/init/Field';
import { Panel } from '../shared/Panel';

/** The library cache's per-operation costs (a scenario's `cost.library`). */

const selectWorkloadEditor = (s: AppState) => ({
  draft: s.draft,
  error: s.draftError,
  edit: s.edit,
  generation: s.generation,
});

type Edit = (change: (d: Scenario) => Scenario) => void;
type NumberKey =
  'jobs' | 'stmts_per_slam' | 'total_slams' | 'slam_sleeptime' | 'stmt_size' | 'seed';
type FlagKey = 'use_rand_comment' | 'use_bindvars' | 'use_nds';
type LinesKey = 'statements' | 'keep';

/** The SQLSlammer's numbers: default (as the engine's) and the seed's explanation. */
const NUMBERS: { key: NumberKey; def: string; whole: boolean; help: string }[] = [
  {
    key: 'jobs',
    def: '10',
    whole: true,
    help: 'Sessions running SQLSlammer at once; seed 001 ran 9 jobs plus the timed foreground (session 0, whose elapsed time is reported).',
  },
  { key: 'stmts_per_slam', def: '5', whole: true, help: 'Statements in each batch (a "slam").' },
  {
    key: 'total_slams',
    def: '1000',
    whole: true,
    help: 'Each session loops until this many batches have been processed.',
  },
  {
    key: 'slam_sleeptime',
    def: '0.02',
    whole: false,
    help: 'Seconds a session sleeps between batches: the latency between user statements.',
  },
  {
    key: 'stmt_size',
    def: '50',
    whole: true,
    help: 'Pads each statement to this length with an embedded comment: larger statements take more shared pool.',
  },
  {
    key: 'seed',
    def: '0',
    whole: true,
    help: 'Seed of the pseudo-random generator that makes the literal SQL unique (added to each job number).',
  },
];

const FLAGS: { key: FlagKey; def: boolean; help: string }[] = [
  {
    key: 'use_rand_comment',
    def: false,
    help: 'Pad the statement with a randomized comment, making it unique.',
  },
  {
    key: 'use_bindvars',
    def: false,
    help: 'Generate statements with a bind variable (= :HV) in the WHERE clause; otherwise the statements are literal SQL and effectively unique.',
  },
  {
    key: 'use_nds',
    def: true,
    help: 'Native Dynamic SQL; unchecked, the DBMS_SQL package is used (extra package calls, latching and pinning).',
  },
];

const LINES: { key: LinesKey; help: string }[] = [
  {
    key: 'statements',
    help: `Typed statements, one per line, executed round-robin by every session instead of the generated ones, e.g. SELECT "DUMMY" FROM dual WHERE dummy = '12345'.`,
  },
  {
    key: 'keep',
    help: 'DBMS_SHARED_POOL.KEEP: statements, one per line, loaded at startup and never flushed.',
  },
];

/** The `cost.library` switches, shown as checkboxes (the engine's defaults). */
type SwitchKey = 'cursor_pieces' | 'waits_end_on_cpu' | 'latch_wait_posting';
/** The numeric `cost.library` fields. */
type CostKey = Exclude<keyof library.OpCost, SwitchKey>;

/** Each switch: what it models when on, and what unchecking it gives. */
const SWITCHES: { key: SwitchKey; help: string }[] = [
  {
    key: 'cursor_pieces',
    help: "The weight of a hard parse as in Oracle 8i: a parent and a child cursor in six allocations (Steve Adams' chunk sizes) and the parse's pins and releases of its heaps and of DUAL, under the library cache and shared pool latches. Unchecked: the older three allocations (handle, heap 0, heap 6) and no parse pins.",
  },
  {
    key: 'waits_end_on_cpu',
    help: 'Waits timed as Oracle times them: from the clock read before the sleep to the one after it, which a woken session makes only once it is back on a CPU, so its time in the run queue counts in its latch free or load lock wait. Unchecked: a wait is only its sleep.',
  },
  {
    key: 'latch_wait_posting',
    help: "8i's latch wait posting (Adams, Oracle8i Internal Services, ch. 3): the session that frees a library cache or shared pool latch wakes the sleeper that has slept longest on it, instead of the sleeper sleeping out its 10 ms. Off by default until its companion rules are modelled: alone it moves seed 001 away from the paper.",
  },
];

/**
 * `cost.library`: unit and meaning (wasm-core/engine/src/library/spec.rs); the defaults are
 * the engine's own (`libraryConstants().cost_defaults`).
 */
const COSTS: { key: CostKey; unit: string; help: string; max?: () => number }[] = [
  {
    key: 'execute_us',
    unit: 'µs',
    help: 'Executing the statement through NDS, with the PL/SQL loop around it.',
  },
  {
    key: 'soft_parse_us',
    unit: 'µs',
    help: 'A soft parse: syntax check, the handle found, privileges checked.',
  },
  {
    key: 'hard_parse_us',
    unit: 'µs',
    help: 'A hard parse: parse, optimize, build heap 6 (its shared pool memory is charged separately).',
  },
  {
    key: 'force_rewrite_us',
    unit: 'µs',
    help: 'CURSOR_SHARING = FORCE: the extra pass that replaces literals with binds.',
  },
  {
    key: 'dbms_sql_call_us',
    unit: 'µs',
    help: 'DBMS_SQL: each extra package call per execution (open, parse, bind, close).',
  },
  {
    key: 'latch_op_us',
    unit: 'µs',
    help: 'A latch get, a pin or unpin, inserting a handle: bookkeeping under a latch.',
  },
  {
    key: 'chain_link_us',
    unit: 'µs',
    help: 'Comparing one handle on a library cache hash chain.',
  },
  {
    key: 'chunk_examined_us',
    unit: 'µs',
    help: 'Examining one chunk on a shared pool free list (held under the shared pool latch).',
  },
  {
    key: 'flush_chunk_us',
    unit: 'µs',
    help: 'Freeing one flushed chunk: unlink it from the LRU, coalesce free neighbours.',
  },
  {
    key: 'rehash_handle_us',
    unit: 'µs',
    help: 'Re-hashing one handle when the bucket array doubles (under all library cache latches).',
  },
  {
    key: 'spin_iteration_ns',
    unit: 'ns',
    help: 'One iteration of the latch spin loop (_spin_count of them before a sleep).',
  },
  {
    key: 'clock_tick_ms',
    unit: 'ms',
    // read when a value is checked: the engine's constants need the wasm loaded
    max: () => libraryConstants().max_clock_tick_ms,
    help: "The OS clock tick: a timed sleep (a latch sleep, the slam's DBMS_LOCK.SLEEP) ends at the first tick after it is due, as Windows NT's timers do (10 ms). 0: exact timers.",
  },
];

/** The engine's limit (`MAX_STATEMENTS` in wasm-core/engine/src/library/spec.rs). */
const MAX_STATEMENTS = 250_000;

function setSlammer<K extends keyof Slammer>(edit: Edit, key: K, value: Slammer[K] | undefined) {
  edit((d) => {
    if (d.workload.kind !== 'sql_slammer') return d;
    const { kind, ...slammer } = d.workload;
    const next: Slammer = slammer;
    if (value === undefined) delete next[key];
    else next[key] = value;
    return { ...d, workload: { kind, ...next } };
  });
}

function setCost<K extends keyof library.OpCost>(
  edit: Edit,
  key: K,
  value: library.OpCost[K] | undefined,
) {
  edit((d) => {
    const costs: library.OpCost = { ...(d.cost?.library ?? {}) };
    if (value === undefined) delete costs[key];
    else costs[key] = value;
    const cost = { ...(d.cost ?? {}) };
    if (Object.keys(costs).length === 0) delete cost.library;
    else cost.library = costs;
    return { ...d, cost };
  });
}

/** A workload number: named, ≥ 0; the engine's message names any other limit. */
const checkField = (name: string, whole: boolean, text: string) =>
  checkNumber(`workload.${name}`, text, { whole, min: 0 });

/** Statements edited one per line; applied with the button (or Ctrl+Enter). */
function LinesField(props: {
  name: LinesKey;
  help: string;
  value: string[] | undefined;
  error: string | null;
  commit: (lines: string[] | undefined) => void;
}) {
  const original = (props.value ?? []).join('\n');
  const [text, setText] = useState(original);
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const apply = () => props.commit(lines.length ? lines : undefined);
  const id = `workload-${props.name}`;
  return (
    <div className={`field${props.error ? ' invalid' : ''}${props.value?.length ? ' set' : ''}`}>
      <div className="field-row">
        <label htmlFor={id}>
          {props.name} ({lines.length})
        </label>
        <button
          className="btn small"
          data-testid={`${id}-apply`}
          disabled={text === original}
          onClick={apply}
        >
          Apply
        </button>
      </div>
      <textarea
        id={id}
        data-testid={id}
        className="lib-lines"
        rows={3}
        wrap="off"
        spellCheck={false}
        value={text}
        placeholder="(none)"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) apply();
        }}
      />
      <p className="help">{props.help}</p>
      {props.error && <p className="error-text">{props.error}</p>}
    </div>
  );
}

export function LibraryWorkloadPanel() {
  const { draft, error, edit, generation } = useApp(useShallow(selectWorkloadEditor));
  if (!draft || draft.workload.kind !== 'sql_slammer') return null;
  const w = draft.workload;
  const lib = draft.cost?.library ?? {};
  const path = error?.path ?? '';
  // A field's message; `statements[3]` is reported as its line.
  const errorFor = (prefix: string): string | null => {
    if (!error || !(path === prefix || path.startsWith(`${prefix}[`))) return null;
    const index = /\[(\d+)\]$/.exec(path);
    return index ? `line ${Number(index[1]) + 1}: ${error.detail}` : error.detail;
  };
  const shownHere = [
    ...NUMBERS.map((f) => `workload.${f.key}`),
    ...FLAGS.map((f) => `workload.${f.key}`),
    ...LINES.map((f) => `workload.${f.key}`),
    ...COSTS.map((c) => `cost.library.${c.key}`),
  ];
  const elsewhere =
    error &&
    (path === 'workload' || path.startsWith('workload.')) &&
    !shownHere.some((p) => path === p || path.startsWith(`${p}[`));
  const num = (key: NumberKey, def: string) => Number(w[key] ?? def);
  const statements = num('jobs', '10') * num('stmts_per_slam', '5') * num('total_slams', '1000');
  const costError = COSTS.some((c) => errorFor(`cost.library.${c.key}`) !== null);
  return (
    <Panel title="Workload" sub="sql_slammer (seed 001)" testId="workload">
      <div className="panel-body" key={generation}>
        {elsewhere && (
          <p className="error-text" data-testid="workload-error">
            <code>{path}</code>: {error.detail}
          </p>
        )}
        {NUMBERS.map((f) => (
          <Field
            key={f.key}
            id={`workload-${f.key}`}
            testId={`workload-${f.key}`}
            label={f.key}
            help={
              <>
                {f.help} <span className="mono">Default {f.def}.</span>
              </>
            }
            value={w[f.key] === undefined ? '' : String(w[f.key])}
            set={w[f.key] !== undefined}
            placeholder={f.def}
            error={errorFor(`workload.${f.key}`)}
            check={(t) => checkField(f.key, f.whole, t)}
            commit={(t) => setSlammer(edit, f.key, t.trim() === '' ? undefined : Number(t))}
          />
        ))}
        <p
          className={statements > MAX_STATEMENTS ? 'error-text' : 'note'}
          data-testid="workload-total"
        >
          jobs × stmts_per_slam × total_slams = {statements.toLocaleString('en-US')} statements
          {statements > MAX_STATEMENTS
            ? ` (at most ${MAX_STATEMENTS.toLocaleString('en-US')})`
            : ''}
          .
        </p>
        {FLAGS.map((f) => {
          const set = w[f.key] !== undefined;
          const message = errorFor(`workload.${f.key}`);
          return (
            <div
              key={f.key}
              className={`field-check${set ? ' set' : ''}${message ? ' invalid' : ''}`}
            >
              <label>
                <input
                  type="checkbox"
                  data-testid={`workload-${f.key}`}
                  checked={w[f.key] ?? f.def}
                  onChange={(e) => setSlammer(edit, f.key, e.target.checked)}
                />
                {f.key}
                {!set && <span className="help">(default)</span>}
              </label>
              <p className="help">{f.help}</p>
              {message && <p className="error-text">{message}</p>}
            </div>
          );
        })}
        {LINES.map((f) => (
          <LinesField
            key={f.key}
            name={f.key}
            help={f.help}
            value={w[f.key]}
            error={errorFor(`workload.${f.key}`)}
            commit={(lines) => setSlammer(edit, f.key, lines)}
          />
        ))}
        <details className="more lib-costs" open={costError || undefined}>
          <summary>Costs (cost.library, simulated CPU time)</summary>
          {COSTS.map((c) => {
            const def = String(libraryConstants().cost_defaults[c.key] ?? '');
            return (
              <Field
                key={c.key}
                id={`param-cost-library-${c.key}`}
                testId={`param-cost.library.${c.key}`}
                label={`cost.library.${c.key}`}
                help={
                  <>
                    {c.help} In {c.unit}. <span className="mono">Default {def}.</span>
                  </>
                }
                value={lib[c.key] === undefined ? '' : String(lib[c.key])}
                set={lib[c.key] !== undefined}
                placeholder={def}
                error={errorFor(`cost.library.${c.key}`)}
                check={(t) =>
                  checkCost(`cost.library.${c.key}`, t, { unit: c.unit, max: c.max?.() })
                }
                commit={(t) => setCost(edit, c.key, t.trim() === '' ? undefined : Number(t))}
              />
            );
          })}
          {SWITCHES.map((w) => (
            <div
              key={w.key}
              className={`field-check${lib[w.key] !== undefined ? ' set' : ''}${errorFor(`cost.library.${w.key}`) ? ' invalid' : ''}`}
            >
              <label>
                <input
                  type="checkbox"
                  data-testid={`param-cost.library.${w.key}`}
                  checked={lib[w.key] ?? (libraryConstants().cost_defaults[w.key] as boolean)}
                  onChange={(e) => setCost(edit, w.key, e.target.checked)}
                />
                cost.library.{w.key}
                {lib[w.key] === undefined && <span className="help">(default)</span>}
              </label>
              <p className="help">{w.help}</p>
            </div>
          ))}
        </details>
      </div>
    </Panel>
  );
}
