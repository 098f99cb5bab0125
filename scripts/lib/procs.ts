// Whole processes under GNU time for `npm run bench`: CPU (user + sys), wall and peak RSS of
// each program, its stdout, or why it failed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { policyInfo } from '../../web/src/sim/policy';

export interface Measured {
  wall: number; // seconds, best of the runs
  cpu: number; // user + system seconds, least of the runs (less disturbed by other load)
  peakMb: number; // largest maximum resident set size, MB (10^6 bytes)
  out: string;
}

export interface Program {
  what: string;
  cmd: string;
  args: string[];
}

/**
 * The engine's native bins built (cargo, release) in the repository at `root`: the path of bin
 * `name` in cargo's target folder. Throws with cargo's own message when the build fails.
 */
export function nativeBins(root: string): (name: string) => string {
  const cargo = (args: string) => {
    const r = spawnSync('cargo', args.split(' '), {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (r.status !== 0) throw new Error(`cargo ${args.split(' ')[0]} failed:\n${r.stderr}`);
    return r.stdout;
  };
  const manifest = '--manifest-path wasm-core/Cargo.toml';
  cargo(`build --quiet --release ${manifest} -p cachesim --bins`);
  const meta = JSON.parse(cargo(`metadata --format-version 1 --no-deps ${manifest}`)) as {
    target_directory: string;
  };
  return (name) => join(meta.target_directory, 'release', name);
}

export function onPath(name: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((d) => join(d, name))
    .find((p) => existsSync(p));
}

/** Run each program `runs` times under /usr/bin/time -v, in turn (a burst of other load then
 * slows one run of each rather than all runs of one). A program that fails gives its stderr. */
export function timed(programs: Program[], runs: number, cwd: string): (Measured | string)[] {
  const m = programs.map(() => ({ wall: Infinity, cpu: Infinity, peakKb: 0, out: '', err: '' }));
  for (let k = 0; k < runs; k++) {
    programs.forEach(({ cmd, args }, i) => {
      if (m[i].err) return;
      const r = spawnSync('/usr/bin/time', ['-v', cmd, ...args], {
        cwd,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      const clock =
        /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(r.stderr);
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
      if (r.status !== 0 || !clock || !rss) {
        m[i].err = `exit ${r.status}: ${r.stderr.split('\n').find((l) => l.trim()) ?? ''}`;
        return;
      }
      const secs = (what: string) =>
        Number(new RegExp(`${what} time \\(seconds\\): ([\\d.]+)`).exec(r.stderr)?.[1]);
      const wall = Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
      m[i].wall = Math.min(m[i].wall, wall);
      m[i].cpu = Math.min(m[i].cpu, secs('User') + secs('System'));
      m[i].peakKb = Math.max(m[i].peakKb, Number(rss[1]));
      m[i].out = r.stdout;
    });
  }
  return m.map(({ wall, cpu, peakKb, out, err }) =>
    err ? err : { wall, cpu, peakMb: (peakKb * 1024) / 1e6, out },
  );
}

/** libCacheSim's name for policy `name` (cachesim's algorithm argument), from the engine's
 * registry (each policy file's `LIBCACHESIM`; the engine must be loaded), or undefined. */
export const cachesimName = (name: string): string | undefined =>
  policyInfo(name).libcachesim ?? undefined;

/** cachesim's result line: requests and the miss ratio to 4 digits, and the exact counts
 * when the binary prints them (a local build that appends `EXACT n_req N n_miss M`). */
export function cachesimResult(out: string): { req: number; ratio: string; misses?: number } {
  const m = /(\d+) req, miss ratio ([\d.]+)/.exec(out);
  if (!m) throw new Error(`cannot read cachesim's output: ${out.slice(0, 300)}`);
  const exact = /EXACT n_req (\d+) n_miss (\d+)/.exec(out);
  return { req: Number(m[1]), ratio: m[2], misses: exact ? Number(exact[2]) : undefined };
}

/** The misses of our report (the `trace` bin's and `npm run -s sim`'s JSON). */
export const physicalReads = (out: string): number =>
  (JSON.parse(out) as { total: { physical_reads: number } }).total.physical_reads;

/** A trace scenario: profile 8.0, `n` buffers in one LRU working set, one object of `blocks`. */
export const traceScenario = (title: string, n: number, blocks: number) => ({
  version: 1,
  title,
  profile: '8.0',
  init: { db_block_buffers: n, db_block_lru_latches: 1 },
  objects: [{ name: 'TRACE', type: 'TABLE', blocks }],
  workload: { kind: 'random', accesses: 1 }, // ignored by a trace replay
});
