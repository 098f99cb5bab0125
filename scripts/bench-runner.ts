// `npm run bench`, issue 30 #2 — the headless runner on wasm against the native bin, start-up
// included: `npm run -s sim -- <scenario> --trace <file>` (what a user types: npm, the bundled
// runner of scripts/cli.mjs, Node, the wasm engine) and the native `trace` bin, whole processes
// under /usr/bin/time, run in turn (best of K), over the 10M-request Zipf(0.9) trace of
// `npm run bench`'s trace part at 1,000 and 100,000 buffers (profile 8.0, LRU), against the
// target of 1.5× native. Where the time goes: each program again over an empty trace (its
// start-up: for ours npm, Node, the bundle and the engine's compile), and the rest (the replay).
// The page's replay of the same trace in a Worker is `scripts/bench-load.ts`'s.
//
//   npx tsx scripts/bench-runner.ts [--runs K] [--sizes 1000,100000]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativeBins, physicalReads, timed, traceScenario, type Measured } from './lib/procs';
import {
  ensureZipfTrace,
  TRACE_FILE,
  TRACE_OBJECTS,
  TRACE_REQUESTS,
  TRACE_ZIPF,
} from './lib/traceBench';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Math.max(1, Number(arg('--runs') ?? 5) || 1);
const SIZES = (arg('--sizes') ?? '1000,100000').split(',').map(Number);
/** Issue 30 #2: the runner on wasm within 1.5× of the native bin, start-up included. */
const TARGET = 1.5;

function fail(message: string): never {
  console.error(`bench-runner: ${message}`);
  process.exit(1);
}
if (!existsSync('/usr/bin/time'))
  fail('needs GNU time at /usr/bin/time (Debian: apt-get install time)');
console.error('bench-runner: building the native trace bin (cargo, release)…');
let native: string;
try {
  native = nativeBins(root)('trace');
} catch (e) {
  fail((e as Error).message);
}
ensureZipfTrace('bench-runner');
const dir = join(TRACE_FILE, '..');
mkdirSync(dir, { recursive: true });
const empty = join(dir, 'empty.oracleGeneral');
writeFileSync(empty, '');

const s = (x: number) => `${x.toFixed(2)} s`;
console.log(
  `\nthe runner on wasm against the native bin, start-up included (issue 30 #2): ` +
    `${TRACE_REQUESTS.toLocaleString('en-US')} requests, Zipf(${TRACE_ZIPF}) over ` +
    `${TRACE_OBJECTS.toLocaleString('en-US')} objects, profile 8.0, LRU; wall, best of ${RUNS}`,
);
console.log(
  `${'buffers'.padEnd(9)}${'program'.padEnd(26)}${'whole'.padStart(9)}${'start-up'.padStart(10)}${'replay'.padStart(9)}${'peak MB'.padStart(9)}`,
);
for (const n of SIZES) {
  const scenario = join(dir, `runner-${n}.json`);
  writeFileSync(
    scenario,
    JSON.stringify(traceScenario(`runner benchmark: ${n} buffers`, n, TRACE_OBJECTS)),
  );
  const ours = (trace: string) => ({
    what: 'npm run -s sim',
    cmd: 'npm',
    args: ['run', '-s', 'sim', '--', scenario, '--trace', trace, '--trace-format', 'oracleGeneral'],
  });
  const theirs = (trace: string) => ({
    what: 'native trace bin',
    cmd: native,
    args: [scenario, trace, '--format', 'oracleGeneral'],
  });
  const [wasm, nat, wasm0, nat0] = timed(
    [ours(TRACE_FILE), theirs(TRACE_FILE), ours(empty), theirs(empty)],
    RUNS,
    root,
  );
  const all = [wasm, nat, wasm0, nat0];
  const failed = all.find((m): m is string => typeof m === 'string');
  if (failed) fail(`a run failed: ${failed}`);
  const [w, v, w0, v0] = all as Measured[];
  const row = (name: string, whole: Measured, start: Measured, first: boolean) =>
    console.log(
      `${(first ? n.toLocaleString('en-US') : '').padEnd(9)}${name.padEnd(26)}${s(whole.wall).padStart(9)}` +
        `${s(start.wall).padStart(10)}${s(whole.wall - start.wall).padStart(9)}${whole.peakMb.toFixed(0).padStart(9)}`,
    );
  row('npm run -s sim (wasm)', w, w0, true);
  row('native trace bin', v, v0, false);
  const ratio = w.wall / v.wall;
  const loop = (w.wall - w0.wall) / (v.wall - v0.wall);
  const same = physicalReads(w.out) === physicalReads(v.out);
  console.log(
    `${''.padEnd(9)}wasm ÷ native ${ratio.toFixed(2)}× — target ${TARGET}×: ${ratio <= TARGET ? 'within' : 'OVER'}; ` +
      `the replay alone ${loop.toFixed(2)}×, start-up ${s(w0.wall - v0.wall)} more; misses ${same ? 'equal' : 'DIFFER'}`,
  );
}
