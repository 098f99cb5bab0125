// `npm run bench`: accesses per second for each workload and profile, native (the engine's
// `bench` binary) and wasm under Node (the module the browser loads), side by side.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SimRun } from '../web/src/sim/engine';
import * as library from '../web/src/sim/library';
import { loadEngineNode } from '../web/src/sim/node';

interface Row {
  workload: string;
  profile: string;
  accesses: number;
  accesses_per_s: number;
  hit_ratio: number;
}

const root = fileURLToPath(new URL('..', import.meta.url));

console.error('bench: building and running the native benchmark (cargo, release)…');
const native = spawnSync(
  'cargo',
  [
    'run',
    '--quiet',
    '--release',
    '--manifest-path',
    'wasm-core/Cargo.toml',
    '-p',
    'cachesim',
    '--bin',
    'bench',
  ],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (native.status !== 0) {
  console.error('bench: the native benchmark failed');
  process.exit(1);
}
interface LibRow {
  library: string;
  statements: number;
  statements_per_s: number;
  hard_parses: number;
}
interface AdviceRow {
  advice: string;
  accesses: number;
  accesses_per_s: number;
}
const lines = native.stdout
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Row | LibRow | AdviceRow);
const nativeRows = lines.filter((r): r is Row => 'workload' in r);
const libRows = lines.filter((r): r is LibRow => 'library' in r);
const adviceRows = lines.filter((r): r is AdviceRow => 'advice' in r);

loadEngineNode();
function wasmRun(workload: string, profile: string): { perS: number; hit: number } {
  let best = Infinity;
  let accesses = 0;
  let hit = 0;
  for (let k = 0; k < 3; k++) {
    const run = SimRun.bench(workload, profile);
    const t = performance.now();
    accesses = run.runToEnd();
    best = Math.min(best, (performance.now() - t) / 1000);
    hit = run.report().total.hit_ratio ?? 0;
    run.free();
  }
  return { perS: accesses / best, hit };
}

const M = (v: number) => (v / 1e6).toFixed(2);
console.log(
  `${nativeRows[0].accesses.toLocaleString('en-US')} accesses a run, best of 3; workloads in wasm-core/engine/src/bench.rs`,
);
console.log(
  `${'workload'.padEnd(10)}${'profile'.padEnd(8)}${'native M/s'.padStart(11)}${'wasm M/s'.padStart(10)}${'wasm/native'.padStart(13)}  hit ratio`,
);
for (const n of nativeRows) {
  const w = wasmRun(n.workload, n.profile);
  const same =
    Math.abs(n.hit_ratio - w.hit) < 1e-6 ? 'same in both' : `DIFFERS: native ${n.hit_ratio}`;
  console.log(
    `${n.workload.padEnd(10)}${n.profile.padEnd(8)}${M(n.accesses_per_s).padStart(11)}${M(w.perS).padStart(10)}${(w.perS / n.accesses_per_s).toFixed(2).padStart(13)}  ${w.hit.toFixed(4)} (${same})`,
  );
}

function wasmLibrary(workload: string): { perS: number; hard: number } {
  let best = Infinity;
  let statements = 0;
  let hard = 0;
  for (let k = 0; k < 3; k++) {
    const run = library.Run.bench(workload);
    const t = performance.now();
    run.runToEnd();
    best = Math.min(best, (performance.now() - t) / 1000);
    statements = run.statementsDone;
    hard = run.report().library_cache.sysstat.parse_count_hard;
    run.free();
  }
  return { perS: statements / best, hard };
}

const K = (v: number) => (v / 1e3).toFixed(0);
console.log(
  `\nlibrary cache: seed 001 Table 2 volume (${(libRows[0]?.statements ?? 0).toLocaleString('en-US')} statements, 10 sessions, 15M pool), best of 3`,
);
console.log(
  `${'workload'.padEnd(10)}${'native k stmt/s'.padStart(16)}${'wasm k stmt/s'.padStart(15)}${'wasm/native'.padStart(13)}  hard parses`,
);
for (const n of libRows) {
  const w = wasmLibrary(n.library);
  const same = n.hard_parses === w.hard ? 'same in both' : `DIFFERS: native ${n.hard_parses}`;
  console.log(
    `${n.library.padEnd(10)}${K(n.statements_per_s).padStart(16)}${K(w.perS).padStart(15)}${(w.perS / n.statements_per_s).toFixed(2).padStart(13)}  ${w.hard.toLocaleString('en-US')} (${same})`,
  );
}

const ADVICE_LABEL: Record<string, string> = {
  'stack-pass': 'stack-distance pass alone (8.0 plain LRU, seed000 accesses)',
  'run-stack': 'run + advice, stack pass (8.0 plain LRU)',
  'run-shadow': 'run + advice, 19 shadow caches (8.1.6)',
};
console.log('\nV$DB_CACHE_ADVICE (db_cache_advice = ON), native, best of 3');
console.log(`${'method'.padEnd(62)}${'accesses'.padStart(11)}${'M/s'.padStart(8)}`);
for (const a of adviceRows) {
  console.log(
    `${(ADVICE_LABEL[a.advice] ?? a.advice).padEnd(62)}${a.accesses.toLocaleString('en-US').padStart(11)}${M(a.accesses_per_s).padStart(8)}`,
  );
}
