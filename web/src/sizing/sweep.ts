// Sweeps (issue 10): one scenario run again for each value of one numeric parameter — an
// init.ora parameter by its Oracle name (`db_block_buffers`, `_db_percent_hot_default`,
// `shared_pool_size` …) or any number in the scenario by its path (`workload.accesses`,
// `cost.physical_read_ms`, `objects[0].blocks`) — and what each run ends with. The same code
// runs in the headless `npm run -s sweep` and in the page's Web Worker.
import { parameterDocs, SimRun, validateScenario, type Scenario } from '../sim/engine';
import * as library from '../sim/library';
import { adviceSetting, withAdvice } from './advice';

/** `param=from..to/steps`, as the command line and the page write it. */
import { MAX_STEPS, type SweepSpec } from './spec';

export { MAX_STEPS, type SweepSpec };

/** A figure each run ends with: buffer cache sweeps and library cache sweeps have their own. */
export interface Metric {
  key: string;
  label: string;
  /** Drawn on the chart's right-hand axis (counts and seconds beside a ratio). */
  right?: boolean;
}

export const BUFFER_METRICS: Metric[] = [
  { key: 'hit_ratio', label: 'hit ratio' },
  { key: 'physical_reads', label: 'physical reads', right: true },
  { key: 'logical_reads', label: 'logical reads' },
  { key: 'elapsed_s', label: 'elapsed s' },
  { key: 'executions_per_s', label: 'executions/s' },
];

export const LIBRARY_METRICS: Metric[] = [
  { key: 'elapsed_s', label: 'elapsed s' },
  { key: 'latch_free_wait_s', label: 'latch free wait s', right: true },
  { key: 'parse_count_hard', label: 'hard parses' },
  { key: 'statements_per_s', label: 'statements/s' },
];

/** One run of a sweep: the parameter's value and the figures, or why it could not run. */
export interface SweepPoint {
  value: number;
  /** Figures by metric key (null: not defined, e.g. a hit ratio before any read). */
  metrics: Record<string, number | null>;
  /** Per pool (buffer cache): hit ratio and physical reads. */
  pools: { name: string; hit_ratio: number | null; physical_reads: number }[];
  /** Why this value was refused or failed (its figures are then empty). */
  error: string | null;
}

/** A host's figures (seed 002): throughput and paging, for `oltp_batch` or a `host` section. */
export const HOST_METRICS: Metric[] = [
  { key: 'tps', label: 'transactions/s', right: true },
  { key: 'pages_to_expanded_per_s', label: 'pages to expanded/s', right: true },
  { key: 'page_ins_per_s', label: 'page-ins/s', right: true },
  { key: 'migrations_per_s', label: 'migrations/s', right: true },
];

const hasHost = (scenario: Scenario) =>
  scenario.host !== undefined || scenario.workload.kind === 'oltp_batch';

export const metricsOf = (scenario: Scenario) =>
  library.isLibraryScenario(scenario)
    ? LIBRARY_METRICS
    : hasHost(scenario)
      ? [...BUFFER_METRICS, ...HOST_METRICS]
      : BUFFER_METRICS;

/** A sweep's `from` or `to` as typed (`_` or `,` may group digits); a refusal quotes it. */
export function readBound(s: string, what: 'from' | 'to'): number {
  const v = Number(s.trim().replace(/[_,]/g, ''));
  if (s.trim() === '' || !Number.isFinite(v))
    throw new Error(`${what} '${s.trim()}' is not a number`);
  return v;
}

/**
 * Read `param=from..to/steps`; a refusal names the part at fault and the limit.
 * `from` and `to` may be written with `_` or `,` between digit groups.
 */
export function parseSweep(text: string): SweepSpec {
  const usage = `'${text}' is not a sweep: write <param>=<from>..<to>/<steps>, e.g. db_block_buffers=1000..20000/10`;
  const eq = text.indexOf('=');
  const slash = text.lastIndexOf('/');
  const dots = text.indexOf('..', eq);
  if (eq < 1 || dots < 0 || slash < dots) throw new Error(usage);
  const steps = text.slice(slash + 1).trim();
  if (!/^\d+$/.test(steps)) throw new Error(`steps '${steps}' is not a whole number`);
  const spec = {
    param: text.slice(0, eq).trim(),
    from: readBound(text.slice(eq + 1, dots), 'from'),
    to: readBound(text.slice(dots + 2, slash), 'to'),
    steps: Number(steps),
  };
  checkSpec(spec);
  return spec;
}

export function checkSpec(spec: SweepSpec): void {
  if (!Number.isInteger(spec.steps) || spec.steps < 2 || spec.steps > MAX_STEPS)
    throw new Error(`steps: ${spec.steps} is outside 2..=${MAX_STEPS}`);
  for (const what of ['from', 'to'] as const)
    if (!Number.isFinite(spec[what])) throw new Error(`${what} '${spec[what]}' is not a number`);
  if (!(spec.to > spec.from)) throw new Error(`to (${spec.to}) must be above from (${spec.from})`);
}

/** The parameter's init.ora reference, when it is one (integer and size kinds sweep). */
const initDoc = (param: string) =>
  parameterDocs().find(
    (d) => d.name === param.toLowerCase() && (d.kind === 'integer' || d.kind === 'size'),
  );

/** Path segments of `objects[0].blocks`: ['objects', 0, 'blocks']. */
const pathOf = (param: string) =>
  (param.match(/[^.[\]]+/g) ?? []).map((k) => (/^\d+$/.test(k) ? Number(k) : k));

/**
 * What `key` holds in `at`: an array's element by its index, an object's own field by its
 * name — never an inherited or built-in property (an array's `length`, `__proto__`), which a
 * sweep would "vary" into a giant array or a broken prototype.
 */
function child(at: unknown, key: string | number): unknown {
  if (Array.isArray(at))
    return typeof key === 'number' && key < at.length ? (at[key] as unknown) : undefined;
  if (at === null || typeof at !== 'object' || typeof key !== 'string') return undefined;
  return Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined;
}

/** The scenario's current value of `param` (init.ora: as set, else null for the default). */
export function valueOf(scenario: Scenario, param: string): number | null {
  if (initDoc(param)) {
    const v = (scenario.init as Record<string, unknown> | undefined)?.[param.toLowerCase()];
    return typeof v === 'number' ? v : null;
  }
  let at: unknown = scenario;
  for (const k of pathOf(param)) at = child(at, k);
  return typeof at === 'number' ? at : null;
}

/** Whether `param` names something a sweep can vary in this scenario. */
export function checkParam(scenario: Scenario, param: string): void {
  if (initDoc(param)) return;
  if (valueOf(scenario, param) === null)
    throw new Error(
      `${param} is neither a numeric init.ora parameter nor a number in the scenario ` +
        `(write an init.ora name such as db_block_buffers, or a path such as workload.accesses; ` +
        `an array's length is not a number of the scenario)`,
    );
}

/**
 * Why a point failed, in words: the engine's refusal names its field; a WebAssembly trap
 * (the engine stopped: out of memory or a broken rule) is said as such, not as "unreachable".
 */
export function pointError(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  if (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError)
    return `the engine stopped on this value (a WebAssembly trap: ${text}); a value this large may need more memory than the page's engine can hold`;
  if (e instanceof TypeError || e instanceof RangeError)
    return `this value could not be run (${e.name}: ${text})`;
  return text;
}

/** The values a sweep runs: `steps` evenly spaced, whole numbers for whole-number fields. */
export function sweepValues(scenario: Scenario, spec: SweepSpec): number[] {
  const whole = !!initDoc(spec.param) || Number.isInteger(valueOf(scenario, spec.param) ?? 0.5);
  const out: number[] = [];
  for (let i = 0; i < spec.steps; i++) {
    const v = spec.from + ((spec.to - spec.from) * i) / (spec.steps - 1);
    const r = whole ? Math.round(v) : Number(v.toPrecision(12));
    if (out[out.length - 1] !== r) out.push(r);
  }
  return out;
}

/** `scenario` with `param` set to `value`. */
export function withParam(scenario: Scenario, param: string, value: number): Scenario {
  const copy = structuredClone(scenario);
  if (initDoc(param)) {
    copy.init = { ...(copy.init ?? {}), [param.toLowerCase()]: value };
    return copy;
  }
  const keys = pathOf(param);
  let at = copy as unknown as Record<string | number, unknown>;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[keys[keys.length - 1]] = value;
  return copy;
}

const perSecond = (n: number, s: number) => (s > 0 ? n / s : null);

/**
 * The scenario a buffer cache point runs: with `db_cache_advice` OFF, since a point shows no
 * advice (issue 41 #11: a seed 002 sweep of 10 runs took 102 s with it ON, 6.6 s OFF). The
 * advisory's shadow caches only add V$DB_CACHE_ADVICE rows: every figure a point reads is the
 * same either way (sweep.test.ts runs both).
 */
export const pointScenario = (scenario: Scenario): Scenario =>
  adviceSetting(scenario) === 'OFF' ? scenario : withAdvice(scenario, 'OFF');

/** Run `scenario` to its end and read its figures (the engine's refusal as `error`). */
export function runPoint(scenario: Scenario, value: number): SweepPoint {
  const point: SweepPoint = { value, metrics: {}, pools: [], error: null };
  // a scenario the engine refuses throws from `create`, naming the field (RunBase.built):
  // no separate validation, which would build every point's instance twice
  try {
    if (library.isLibraryScenario(scenario)) {
      const run = library.Run.create(scenario);
      try {
        run.forwardOnly(); // a point is never stepped back: no snapshots
        run.runToEnd();
        const r = run.report();
        point.metrics = {
          elapsed_s: r.elapsed_s,
          latch_free_wait_s: r.library_cache.latch_free_wait_s,
          parse_count_hard: r.library_cache.sysstat.parse_count_hard,
          statements_per_s: perSecond(r.statements, r.elapsed_s),
        };
      } finally {
        run.free();
      }
    } else {
      const run = SimRun.create(pointScenario(scenario));
      try {
        run.forwardOnly(); // a point is never stepped back: no snapshots
        run.runToEnd();
        const r = run.report();
        point.metrics = {
          hit_ratio: r.total.hit_ratio,
          physical_reads: r.total.physical_reads,
          logical_reads: r.total.logical_reads,
          elapsed_s: r.elapsed_s,
          executions_per_s: perSecond(r.executions, r.elapsed_s),
        };
        if (r.host) {
          const m = r.host.memory;
          point.metrics.tps = r.host.tps;
          point.metrics.pages_to_expanded_per_s = m?.pages_to_expanded_per_s ?? null;
          point.metrics.page_ins_per_s = m?.page_ins_per_s ?? null;
          point.metrics.migrations_per_s = m?.migrations_per_s ?? null;
        }
        point.pools = r.pools.map((p) => ({
          name: p.name,
          hit_ratio: p.hit_ratio,
          physical_reads: p.physical_reads,
        }));
      } finally {
        run.free();
      }
    }
  } catch (e) {
    return { ...point, error: pointError(e) };
  }
  return point;
}

/** The values a sweep of `scenario` runs, once the range and the parameter are checked. */
export function planSweep(scenario: Scenario, spec: SweepSpec): number[] {
  checkSpec(spec);
  // a scenario the engine refuses as it is (no workload, a bad field) is refused once, by
  // the field, not once per point
  // (one whose only fault is the swept parameter itself runs, each point with its own answer)
  const invalid = validateScenario(scenario);
  const swept = [spec.param, `init.${spec.param.toLowerCase()}`];
  if (invalid && !swept.includes(invalid.path)) throw invalid;
  checkParam(scenario, spec.param);
  return sweepValues(scenario, spec);
}

/** One point of a sweep: `scenario` with `param` at `value`, run to its end. */
export const sweepPoint = (scenario: Scenario, param: string, value: number) =>
  runPoint(withParam(scenario, param, value), value);

/** What each of a sweep's workers is told once: the scenario, the parameter, the engine. */
export interface SweepSetup {
  scenario: Scenario;
  param: string;
  /** The page's compiled engine, when it has one (see `engineModule`). */
  module?: WebAssembly.Module | null;
}

/** A worker's task: the point at `value` (the page's Workers, Node's threads, the tests). */
export const setupPoint = (setup: SweepSetup, value: number) =>
  sweepPoint(setup.scenario, setup.param, value);

/** The sweep, one run at a time (a generator, so a caller can report progress or stop). */
export function* sweep(scenario: Scenario, spec: SweepSpec): Generator<SweepPoint> {
  for (const v of planSweep(scenario, spec)) yield sweepPoint(scenario, spec.param, v);
}

/** The points as CSV: the parameter, every metric, then each pool's hit ratio and reads. */
export function toCsv(scenario: Scenario, param: string, points: SweepPoint[]): string {
  const metrics = metricsOf(scenario);
  const pools = [...new Set(points.flatMap((p) => p.pools.map((q) => q.name)))];
  const head = [
    param,
    ...metrics.map((m) => m.key),
    ...pools.flatMap((n) => [`${n}_hit_ratio`, `${n}_physical_reads`]),
    'error',
  ];
  const cell = (v: number | string | null | undefined) => {
    if (v === null || v === undefined) return '';
    const s = String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const rows = points.map((p) => [
    p.value,
    ...metrics.map((m) => p.metrics[m.key]),
    ...pools.flatMap((n) => {
      const q = p.pools.find((r) => r.name === n);
      return [q?.hit_ratio, q?.physical_reads];
    }),
    p.error,
  ]);
  return [head, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}
