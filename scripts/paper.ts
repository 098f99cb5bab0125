// `npm run -s paper`: every bundled seed experiment, the simulator's figures beside the
// paper's, with the difference in percent (hit ratios: in percentage points); then seed
// 001's Figure 1 sweep (literal SQL, shared pool 10 → 50 MB) for NDS and DBMS_SQL.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  SimRun,
  type Compared,
  type PaperComparison,
  type Report,
  type Scenario,
} from '../web/src/sim/engine';
import { isLibraryScenario } from '../web/src/sim/library';
import * as library from '../web/src/sim/library';
import { metricLabel } from '../web/src/sim/metrics';
import { loadEngineNode } from '../web/src/sim/node';
import { parseCommand, usageError, type Command } from './lib/args';

const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
loadEngineNode();

function fmt(row: Compared, v: number): string {
  if (row.metric === 'hit_ratio') return (v * 100).toFixed(1);
  if (row.metric.endsWith('_per_s')) return Math.round(v).toLocaleString('en-US');
  if (row.metric.endsWith('_s') || row.metric.endsWith('_pct'))
    return v.toFixed(row.metric.endsWith('_pct') || row.pool.startsWith('step ') ? 2 : 1);
  return Math.round(v).toLocaleString('en-US');
}

/** A figure's name: its pool or script step (a long statement shortened), then the metric. */
function figureName(row: Compared): string {
  const where = row.pool.length > 44 ? `${row.pool.slice(0, 43)}…` : row.pool;
  return `${where ? where + ' ' : ''}${metricLabel(row.metric)}`;
}

/** Run a scenario to its end: its paper comparison and its report. */
function runToEnd(text: string): {
  cmp: PaperComparison | null;
  lib: library.Report | null;
  buf?: Report;
} {
  const scenario = JSON.parse(text) as Scenario;
  if (isLibraryScenario(scenario)) {
    const run = library.Run.create(text);
    run.runToEnd();
    const out = { cmp: run.paper(), lib: run.report() };
    run.free();
    return out;
  }
  const run = SimRun.create(text);
  run.runToEnd();
  const out = { cmp: run.paper(), lib: null, buf: run.report() };
  run.free();
  return out;
}

const COMMAND: Command = {
  name: 'paper',
  usage: ['[--json]'],
  options: {
    json: { type: 'boolean', help: "print every scenario's comparison as JSON" },
  },
};
const { values: opts, positionals } = parseCommand(COMMAND);
if (positionals.length)
  usageError(
    COMMAND,
    `takes no file (given: ${positionals.join(' ')}): it runs every bundled seed experiment`,
  );
const json = opts.json === true;
const all: unknown[] = [];
const reports = new Map<string, Report>();
let failed = false;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
for (const file of files) {
  const text = readFileSync(dir + file, 'utf8');
  if (!JSON.parse(text).paper) continue;
  let cmp: PaperComparison | null;
  try {
    const out = runToEnd(text);
    cmp = out.cmp;
    if (out.buf) reports.set(file, out.buf);
  } catch (e) {
    console.error(`paper: ${file}: ${(e as Error).message}`);
    failed = true;
    continue;
  }
  if (!cmp) continue;
  all.push({ file, ...cmp });
  if (json) continue;
  console.log(`\n${file} — ${cmp.source}`);
  const width = Math.max(32, ...cmp.rows.map((r) => figureName(r).length + 2));
  console.log(
    `  ${'figure'.padEnd(width)}${'paper'.padStart(10)}${'sim'.padStart(10)}${'diff'.padStart(9)}`,
  );
  for (const row of cmp.rows) {
    const name = figureName(row);
    const diff = `${row.diff_pct >= 0 ? '+' : ''}${row.diff_pct.toFixed(1)}${row.metric === 'hit_ratio' ? 'pp' : '%'}`;
    console.log(
      `  ${name.padEnd(width)}${fmt(row, row.paper).padStart(10)}${fmt(row, row.sim).padStart(10)}${diff.padStart(9)}`,
    );
  }
  const leftOut = (JSON.parse(text) as Scenario).paper?.left_out;
  if (leftOut) console.log(`  ${leftOut}`);
}

// Seed 001's tables side by side: Table 3 (8.1.6, tests 0–4) and Table 4 (50 MB, 8.1.5 and
// 8.1.6), each figure "paper → sim (diff)", as the paper prints them.
type Filed = PaperComparison & { file: string };
const byFile = (file: string) => all.find((x) => (x as Filed).file === file) as Filed | undefined;
function printTable(title: string, columns: [string, string][]) {
  const cmps = columns.map(([, f]) => byFile(f));
  if (cmps.some((c) => !c)) return;
  const metrics = [...new Set(cmps.flatMap((c) => c!.rows.map((r) => r.metric)))];
  const cell = (c: Filed, m: string) => {
    const r = c.rows.find((x) => x.metric === m);
    if (!r) return '—';
    return `${fmt(r, r.paper)} → ${fmt(r, r.sim)} (${r.diff_pct >= 0 ? '+' : ''}${r.diff_pct.toFixed(0)}%)`;
  };
  const w = Math.max(22, ...metrics.flatMap((m) => cmps.map((c) => cell(c!, m).length + 2)));
  console.log(`\n${title} — paper → sim (diff)`);
  console.log(`  ${'figure'.padEnd(34)}${columns.map(([h]) => h.padStart(w)).join('')}`);
  for (const m of metrics)
    console.log(
      `  ${metricLabel(m).padEnd(34)}${cmps.map((c) => cell(c!, m).padStart(w)).join('')}`,
    );
}
if (!json) {
  printTable(
    'seed 001, Table 3 — 8.1.6, 15 MB shared pool',
    [0, 1, 2, 3, 4].map((t) => [`TEST ${t}`, `seed001-8.1.6-test${t}.json`]),
  );
  const el = (f: string) => byFile(f)?.rows.find((r) => r.metric === 'elapsed_s');
  const [t1, t2, t3] = [1, 2, 3].map((t) => el(`seed001-8.1.6-test${t}.json`));
  if (t1 && t2 && t3)
    console.log(
      `  test 1 ÷ test 2 elapsed: paper ${(t1.paper / t2.paper).toFixed(2)}, sim ${(t1.sim / t2.sim).toFixed(2)} (target 1.8–2.1); test 3 ${t3.sim < t2.sim ? 'faster' : 'slower'} than test 2 (paper: faster, 45 s < 51 s)`,
    );
  printTable('seed 001, Table 4 — 50 MB shared pool, DBMS_SQL, literal SQL, EXACT', [
    ['8.1.5', 'seed001-8.1.5-table4.json'],
    ['8.1.6', 'seed001-8.1.6-table4.json'],
  ]);
}

// Figure 1: the sweep files (NDS), and the same with DBMS_SQL.
const sweep = files.filter((f) => /^seed001-8\.1\.5-literal-\d+m\.json$/.test(f));
sweep.sort((a, b) => parseInt(a.split('-').pop()!) - parseInt(b.split('-').pop()!));
const PAPER_50_VS_10 = { NDS: 31, DBMS_SQL: 25 };
// issue 28's acceptance band for the 50 MB point, and the shape: slower with every size step.
const TARGET_50_VS_10 = { NDS: [25, 37], DBMS_SQL: [20, 30] };
const figure: unknown[] = [];
if (sweep.length > 0) {
  if (!json) {
    console.log(
      '\nseed 001, Figure 1 — literal SQL, shared pool 10 → 50 MB (the paper gives the 50 MB change only)',
    );
    console.log(
      `  ${'method'.padEnd(10)}${'pool'.padStart(6)}${'elapsed s'.padStart(11)}${'vs 10M'.padStart(9)}${'handle search'.padStart(15)}${'free chunks'.padStart(13)}${'SP sleeps'.padStart(11)}`,
    );
  }
  for (const method of ['NDS', 'DBMS_SQL'] as const) {
    let base = 0;
    const elapsed: number[] = [];
    for (const file of sweep) {
      const scenario = JSON.parse(readFileSync(dir + file, 'utf8')) as Scenario;
      if (scenario.workload.kind === 'sql_slammer') scenario.workload.use_nds = method === 'NDS';
      let lib: library.Report | null;
      try {
        lib = runToEnd(JSON.stringify(scenario)).lib;
      } catch (e) {
        console.error(`paper: ${file}: ${(e as Error).message}`);
        failed = true;
        continue;
      }
      if (!lib) continue;
      const sp = lib.library_cache.shared_pool;
      const mb = Math.round(sp.size / (1 << 20));
      if (mb === 10) base = lib.elapsed_s;
      elapsed.push(lib.elapsed_s);
      const vs = base ? 100 * (lib.elapsed_s / base - 1) : 0;
      figure.push({
        method,
        shared_pool_mb: mb,
        elapsed_s: lib.elapsed_s,
        vs_10m_pct: vs,
        handle_search: sp.search_by_piece[0],
        free_chunks: sp.free_chunks,
      });
      if (json) continue;
      const paper = mb === 50 ? `   (paper: +${PAPER_50_VS_10[method]}%)` : '';
      console.log(
        `  ${method.padEnd(10)}${`${mb}M`.padStart(6)}${lib.elapsed_s.toFixed(1).padStart(11)}${`${vs >= 0 ? '+' : ''}${vs.toFixed(1)}%`.padStart(9)}${sp.search_by_piece[0].toFixed(1).padStart(15)}${sp.free_chunks.toLocaleString('en-US').padStart(13)}${lib.library_cache.latches[1].sleeps.toLocaleString('en-US').padStart(11)}${paper}`,
      );
    }
    if (!json && elapsed.length > 1 && base) {
      const last = 100 * (elapsed[elapsed.length - 1] / base - 1);
      const [lo, hi] = TARGET_50_VS_10[method];
      const mono = elapsed.every((e, i) => i === 0 || e > elapsed[i - 1]);
      console.log(
        `  ${method}: 50M vs 10M ${last >= 0 ? '+' : ''}${last.toFixed(1)}% (paper +${PAPER_50_VS_10[method]}%, band +${lo}…+${hi}%: ${last >= lo && last <= hi ? 'in' : 'out'}), ${mono ? 'monotonic' : 'not monotonic'}`,
      );
    }
  }
}
// Seed 003's headline: the DB cache's rows per second over the FS cache's (paper: 2.42).
const rowsPerS = (file: string): number | null => {
  const t = all.find((x) => (x as { file: string }).file === file) as PaperComparison | undefined;
  return t?.rows.find((r) => r.metric === 'rows_per_s')?.sim ?? null;
};
const fsRows = rowsPerS('seed003-fs-cache.json');
const dbRows = rowsPerS('seed003-db-cache.json');
const seed003 =
  fsRows && dbRows
    ? { fs_rows_per_s: fsRows, db_rows_per_s: dbRows, ratio: dbRows / fsRows }
    : null;
if (seed003 && !json) {
  console.log(
    `\nseed 003 — DB cache vs FS cache: ${seed003.ratio.toFixed(2)}× the rows per second (paper: 695,700 / 287,114 = 2.42×)`,
  );
}
// Seed 002's Figure 3: hit ratio, throughput and paging against db_block_buffers.
const SEED002_PAPER: Record<number, { hit?: number; toExpanded?: number; migration: number }> = {
  50000: { hit: 0.9, toExpanded: 140, migration: 0 },
  75000: { hit: 0.93, toExpanded: 190, migration: 0 },
  100000: { migration: 100 },
};
const seed002 = [...reports.entries()]
  .filter(([f]) => /^seed002-mvs-\d+\.json$/.test(f))
  .map(([f, r]) => ({ buffers: parseInt(f.split('-').pop()!), r }))
  .sort((a, b) => a.buffers - b.buffers)
  .map(({ buffers, r }) => ({
    buffers,
    hit_ratio: r.total.hit_ratio,
    tps: r.host?.tps ?? null,
    pages_to_expanded_per_s: r.host?.memory?.pages_to_expanded_per_s ?? null,
    migrations_per_s: r.host?.memory?.migrations_per_s ?? null,
    paper: SEED002_PAPER[buffers] ?? { migration: 0 },
  }));
let seed002Shape: Record<string, boolean> | null = null;
if (seed002.length > 0) {
  const tps = seed002.map((p) => p.tps ?? 0);
  const best = seed002[tps.indexOf(Math.max(...tps))].buffers;
  const last = seed002[seed002.length - 1];
  seed002Shape = {
    peak_at_50k_to_75k: best >= 50000 && best <= 75000,
    falls_at_100k: last.buffers === 100000 && (last.tps ?? 0) < Math.max(...tps.slice(0, -1)),
    no_migration_below_100k: seed002.every((p) => p.buffers >= 100000 || p.migrations_per_s === 0),
  };
  if (!json) {
    const pct = (v: number | null | undefined) => (v == null ? '—' : (v * 100).toFixed(1));
    const num = (v: number | null | undefined) => (v == null ? '—' : v.toFixed(0));
    console.log(
      '\nseed 002, Figure 3 — 15 batch jobs, one CPU, 128 MB central + 256 MB expanded storage (sim / paper)',
    );
    console.log(
      `  ${'buffers'.padEnd(9)}${'hit %'.padStart(14)}${'tps'.padStart(8)}${'to expanded/s'.padStart(16)}${'migration/s'.padStart(14)}`,
    );
    for (const p of seed002) {
      console.log(
        `  ${p.buffers.toLocaleString('en-US').padEnd(9)}${`${pct(p.hit_ratio)} / ${pct(p.paper.hit)}`.padStart(14)}${(p.tps?.toFixed(1) ?? '—').padStart(8)}${`${num(p.pages_to_expanded_per_s)} / ${num(p.paper.toExpanded)}`.padStart(16)}${`${num(p.migrations_per_s)} / ${num(p.paper.migration)}`.padStart(14)}`,
      );
    }
    console.log(
      `  throughput highest at ${best.toLocaleString('en-US')} buffers (paper: 50,000–75,000), ${seed002Shape.falls_at_100k ? 'falls' : 'does not fall'} at 100,000 (paper: falls, migration starts); migration ${seed002Shape.no_migration_below_100k ? 'zero' : 'not zero'} below 100,000 (paper: zero)`,
    );
  }
}
// One line per seed: its worst figure (largest difference) and how many are within 10 %.
if (!json) {
  console.log('\nworst figure per seed (|diff|; hit ratios in points)');
  const seeds = new Map<string, { file: string; row: Compared }[]>();
  for (const t of all as Filed[]) {
    const seed = /^seed \d+/.exec(t.source)?.[0] ?? t.file;
    const rows = seeds.get(seed) ?? [];
    rows.push(...t.rows.map((row) => ({ file: t.file, row })));
    seeds.set(seed, rows);
  }
  for (const [seed, rows] of [...seeds.entries()].sort()) {
    const worst = rows.reduce((a, b) =>
      Math.abs(b.row.diff_pct) > Math.abs(a.row.diff_pct) ? b : a,
    );
    const within = rows.filter((r) => Math.abs(r.row.diff_pct) <= 10).length;
    const d = worst.row.diff_pct;
    console.log(
      `  ${seed}: ${within}/${rows.length} within 10 %; worst ${worst.file.replace(/\.json$/, '')} ${figureName(worst.row)}: paper ${fmt(worst.row, worst.row.paper)}, sim ${fmt(worst.row, worst.row.sim)} (${d >= 0 ? '+' : ''}${d.toFixed(1)}${worst.row.metric === 'hit_ratio' ? 'pp' : '%'})`,
    );
  }
}
if (json)
  console.log(
    JSON.stringify(
      { tables: all, figure1: figure, seed003, seed002: { points: seed002, shape: seed002Shape } },
      null,
      2,
    ),
  );
process.exit(failed ? 1 : 0);
