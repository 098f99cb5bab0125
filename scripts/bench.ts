// `npm run bench`: accesses per second for each workload and profile, native (the engine's
// `bench` binary) and wasm under Node (the module the browser loads), side by side.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SimRun } from '../web/src/sim/engine';
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
  ['run', '--quiet', '--release', '--manifest-path', 'wasm-core/Cargo.toml', '-p', 'cachesim', '--bin', 'bench'],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (native.status !== 0) {
  console.error('bench: the native benchmark failed');
  process.exit(1);
}
const nativeRows = native.stdout
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Row);

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
  const same = Math.abs(n.hit_ratio - w.hit) < 1e-6 ? 'same in both' : `DIFFERS: native ${n.hit_ratio}`;
  console.log(
    `${n.workload.padEnd(10)}${n.profile.padEnd(8)}${M(n.accesses_per_s).padStart(11)}${M(w.perS).padStart(10)}${(w.perS / n.accesses_per_s).toFixed(2).padStart(13)}  ${w.hit.toFixed(4)} (${same})`,
  );
}
