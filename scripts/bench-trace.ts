// `npm run bench`, last part (issue #12): a streamed replay of a 10M-request Zipf(0.9) trace
// over 1M objects (libCacheSim's oracleGeneral format, made by the engine's `tracegen` bin)
// through a profile 8.0 DEFAULT pool with one LRU latch, at 1,000 and 100,000 buffers, each
// run a whole process under `/usr/bin/time -v`: the native `trace` bin, the npm runner on
// wasm, and — when a `cachesim` binary is on PATH — libCacheSim's
// `cachesim <trace> oracleGeneral LRU <N> --ignore-obj-size=true`.
// Misses: ours are report.total.physical_reads. cachesim prints only a miss ratio rounded to
// 4 digits (bin/cachesim/sim.c); with libCacheSim's `distUtil` also on PATH, its LRU stack
// distances give the exact count (misses at N = accesses at stack distance ≥ N, cold ones
// included), else ours is checked against the rounded ratio.
//
//   npx tsx scripts/bench-trace.ts [--runs K]   (wall, CPU: best of K, default 5; peak: the largest)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [REQUESTS, OBJECTS, ALPHA, SEED] = [10_000_000, 1_000_000, 0.9, 1];
const SIZES = [1_000, 100_000];
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 5;
const dir = join(tmpdir(), 'cachesim-bench');
const trace = join(dir, 'zipf0.9-10M-1M.oracleGeneral');

interface Measured {
  wall: number; // seconds, best of RUNS
  cpu: number; // user + system seconds, least of RUNS (less disturbed by other load)
  peakMb: number; // largest maximum resident set size, MB (10^6 bytes)
  misses: number;
  /** libCacheSim without distUtil: the half-width of the rounding of its miss ratio. */
  plusMinus?: number;
}

function fail(message: string): never {
  console.error(`bench-trace: ${message}`);
  process.exit(1);
}

function onPath(name: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((d) => join(d, name))
    .find((p) => existsSync(p));
}

function run(cmd: string, args: string[], what: string): string {
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) fail(`${what} failed:\n${r.stderr}`);
  return r.stdout;
}

/** Runs a whole process RUNS times under /usr/bin/time -v; `misses` reads its stdout. */
type Misses = Pick<Measured, 'misses' | 'plusMinus'>;
interface Program {
  what: string;
  cmd: string;
  args: string[];
  misses: (out: string) => Misses;
}
/** Runs each program RUNS times under /usr/bin/time -v, in turn (a burst of other load on
 * the machine then slows one run of each rather than all runs of one). */
function timed(programs: Program[]): Measured[] {
  const m = programs.map(() => ({ wall: Infinity, cpu: Infinity, peakKb: 0, out: '' }));
  for (let k = 0; k < RUNS; k++) {
    programs.forEach(({ what, cmd, args }, i) => {
      const r = spawnSync('/usr/bin/time', ['-v', cmd, ...args], {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      if (r.status !== 0) fail(`${what} failed (exit ${r.status}):\n${r.stderr}`);
      const clock =
        /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(r.stderr);
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
      if (!clock || !rss) fail(`cannot read /usr/bin/time -v's output for ${what}`);
      const secs = (what: string) =>
        Number(new RegExp(`${what} time \\(seconds\\): ([\\d.]+)`).exec(r.stderr)?.[1]);
      const wall = Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
      m[i].wall = Math.min(m[i].wall, wall);
      m[i].cpu = Math.min(m[i].cpu, secs('User') + secs('System'));
      m[i].peakKb = Math.max(m[i].peakKb, Number(rss[1]));
      m[i].out = r.stdout;
    });
  }
  return m.map(({ wall, cpu, peakKb, out }, i) => ({
    wall,
    cpu,
    peakMb: (peakKb * 1024) / 1e6,
    ...programs[i].misses(out),
  }));
}

if (!existsSync('/usr/bin/time'))
  fail('needs GNU time at /usr/bin/time (Debian: apt-get install time)');
console.error('bench-trace: building the native binaries (cargo, release)…');
const build = 'build --quiet --release --manifest-path wasm-core/Cargo.toml -p cachesim --bins';
run('cargo', build.split(' '), 'cargo build');
const meta = JSON.parse(
  run(
    'cargo',
    ['metadata', '--format-version', '1', '--no-deps', '--manifest-path', 'wasm-core/Cargo.toml'],
    'cargo metadata',
  ),
) as { target_directory: string };
const bin = (name: string) => join(meta.target_directory, 'release', name);

mkdirSync(dir, { recursive: true });
if (!existsSync(trace) || statSync(trace).size !== REQUESTS * 24) {
  console.error(`bench-trace: generating ${trace}…`);
  const gen = `--requests ${REQUESTS} --objects ${OBJECTS} --alpha ${ALPHA} --seed ${SEED}`;
  run(
    bin('tracegen'),
    [...gen.split(' '), '--format', 'oracleGeneral', '--out', trace],
    'tracegen',
  );
}

const cachesim = onPath('cachesim');
const distUtil = onPath('distUtil');
/** Exact LRU misses at each size from libCacheSim's stack distances (its `cntTxt` output). */
function exactMisses(): Map<number, number> | undefined {
  if (!cachesim || !distUtil) return undefined;
  const cnt = join(dir, 'stack.STACK_DIST.cnt');
  if (!existsSync(cnt) || statSync(cnt).mtimeMs < statSync(trace).mtimeMs) {
    console.error('bench-trace: LRU stack distances with libCacheSim distUtil (once per trace)…');
    run(distUtil, [trace, 'oracleGeneral', 'stack_dist', 'cntTxt', join(dir, 'stack')], 'distUtil');
  }
  const pairs = [...readFileSync(cnt, 'utf8').matchAll(/(-?\d+):(\d+)/g)].map(([, d, c]) => [
    Number(d),
    Number(c),
  ]);
  return new Map(
    SIZES.map((n) => [n, pairs.reduce((s, [d, c]) => (d < 0 || d >= n ? s + c : s), 0)]),
  );
}
const exact = exactMisses();

const physicalReads = (out: string): Misses => ({
  misses: (JSON.parse(out) as { total: { physical_reads: number } }).total.physical_reads,
});
const rows: { n: number; native: Measured; wasm: Measured; lib?: Measured }[] = [];
for (const n of SIZES) {
  const scenario = join(dir, `trace-${n}.json`);
  writeFileSync(
    scenario,
    JSON.stringify({
      version: 1,
      title: `libCacheSim comparison: ${n.toLocaleString('en-US')} buffers, one LRU latch`,
      profile: '8.0',
      init: { db_block_buffers: n, db_block_lru_latches: 1 },
      objects: [{ name: 'TRACE', type: 'TABLE', blocks: OBJECTS }],
      workload: { kind: 'random', accesses: 1 }, // ignored by a trace replay
    }),
  );
  console.error(`bench-trace: ${n.toLocaleString('en-US')} buffers…`);
  const programs: Program[] = [
    {
      what: 'native trace',
      cmd: bin('trace'),
      args: [scenario, trace, '--format', 'oracleGeneral'],
      misses: physicalReads,
    },
    {
      what: 'npm sim --trace',
      cmd: join(root, 'node_modules/.bin/tsx'),
      args: [
        join(root, 'scripts/sim.ts'),
        scenario,
        '--trace',
        trace,
        '--trace-format',
        'oracleGeneral',
      ],
      misses: physicalReads,
    },
  ];
  if (cachesim)
    programs.push({
      what: 'cachesim',
      cmd: cachesim,
      args: [trace, 'oracleGeneral', 'LRU', `${n}`, '--ignore-obj-size=true'],
      misses: (out) => {
        const m = /(\d+) req, miss ratio ([\d.]+)/.exec(out);
        if (!m) fail(`cannot read cachesim's output: ${out}`);
        const exactN = exact?.get(n);
        return exactN !== undefined
          ? { misses: exactN }
          : { misses: Math.round(Number(m[1]) * Number(m[2])), plusMinus: Number(m[1]) * 5e-5 };
      },
    });
  const [native, wasm, lib] = timed(programs) as [Measured, Measured, Measured?];
  rows.push({ n, native, wasm, lib });
}
rmSync(join(dir, `${trace.split('/').pop()}.cachesim`), { force: true }); // cachesim's result file

const f = (v: number, d: number) => v.toFixed(d).padStart(9);
const int = (v: number) => v.toLocaleString('en-US').padStart(12);
console.log(
  `\ntrace replay: ${REQUESTS.toLocaleString('en-US')} requests, Zipf(${ALPHA}) over ${OBJECTS.toLocaleString('en-US')} objects, seed ${SEED} (${trace})`,
);
console.log(
  `profile 8.0, DEFAULT pool, 1 LRU latch; whole processes, wall and CPU (user + sys) best of ${RUNS}, peak RSS`,
);
console.log(
  `${'buffers'.padStart(9)}  ${'program'.padEnd(26)}${'wall s'.padStart(9)}${'cpu s'.padStart(9)}${'peak MB'.padStart(9)}${'misses'.padStart(12)}`,
);
for (const { n, native, wasm, lib } of rows) {
  const line = (name: string, m: Measured) =>
    console.log(
      `${(name === 'native trace' ? n.toLocaleString('en-US') : '').padStart(9)}  ${name.padEnd(26)}${f(m.wall, 2)}${f(m.cpu, 2)}${f(m.peakMb, 1)}${int(m.misses)}${m.plusMinus ? ` ± ${Math.ceil(m.plusMinus)}` : ''}`,
    );
  line('native trace', native);
  line('wasm (npm sim --trace)', wasm);
  if (!lib) continue;
  line('libCacheSim cachesim LRU', lib);
  const same = (m: Measured) =>
    lib.plusMinus ? Math.abs(m.misses - lib.misses) <= lib.plusMinus : m.misses === lib.misses;
  const goal = (m: Measured) => lib.wall / m.wall >= 2 && m.peakMb <= lib.peakMb && same(m);
  for (const [name, m] of [
    ['native', native],
    ['wasm', wasm],
  ] as const)
    console.log(
      `${''.padStart(11)}${name}: ${(lib.wall / m.wall).toFixed(2)}× libCacheSim's speed (CPU ${(lib.cpu / m.cpu).toFixed(2)}×), peak ${(m.peakMb / lib.peakMb).toFixed(2)}× its memory, misses ${same(m) ? (lib.plusMinus ? "within cachesim's rounding" : 'equal') : 'DIFFER'} — issue #12 goal ${goal(m) ? (lib.plusMinus ? 'met, misses to the rounding only' : 'met') : 'MISSED'}`,
    );
}
if (!cachesim)
  console.log(
    '\nno `cachesim` on PATH: build libCacheSim (github.com/1a1a11a/libCacheSim, cmake release) and put its bin/cachesim (and bin/distUtil, for exact miss counts) on PATH for the comparison',
  );
else if (!distUtil)
  console.log(
    "\nlibCacheSim's misses from its rounded miss ratio; put its bin/distUtil on PATH for exact counts",
  );
