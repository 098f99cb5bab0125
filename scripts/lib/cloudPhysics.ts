// `npm run bench`'s exactness check (issue 25): libCacheSim's own real trace
// data/cloudPhysicsIO.oracleGeneral.bin (113,872 requests) replayed by the native `trace` bin
// and by `cachesim <trace> oracleGeneral <ALGO> <N> --ignore-obj-size=true` at 1,000, 5,000 and
// 20,000 objects for every policy: our miss ratio against the four digits cachesim prints
// (and the exact counts when its binary prints them).
//
// The trace is not shipped. Get it from a clone of libCacheSim (github.com/1a1a11a/libCacheSim,
// data/cloudPhysicsIO.oracleGeneral.bin) and either point CACHESIM_CLOUDPHYSICS at it or put it
// beside the cachesim binary (or in ../data or traces/ from it). Never commit it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cachesimName, cachesimResult, physicalReads, traceScenario } from './procs';

export const CLOUD_SIZES = [1_000, 5_000, 20_000];
const FILE = 'cloudPhysicsIO.oracleGeneral.bin';

/** The trace, from CACHESIM_CLOUDPHYSICS or beside the cachesim binary. */
export function findCloudPhysics(cachesim: string): string | undefined {
  const dir = dirname(cachesim);
  return [
    process.env.CACHESIM_CLOUDPHYSICS,
    join(dir, FILE),
    join(dir, 'traces', FILE),
    join(dir, '..', 'data', FILE),
    join(dir, '..', '..', 'data', FILE),
  ].find((p): p is string => !!p && existsSync(p));
}

export interface CloudRow {
  policy: string;
  n: number;
  ours: number | string; // misses, or why the run failed
  req: number;
  lib?: { ratio: string; misses?: number };
}

function run(cmd: string, args: string[], cwd: string): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { ok: r.status === 0, out: r.status === 0 ? r.stdout : r.stderr.trim().split('\n')[0] };
}

export function compareCloudPhysics(
  traceBin: string,
  cachesim: string,
  trace: string,
  policies: string[],
  sizes: number[],
  dir: string,
): CloudRow[] {
  mkdirSync(dir, { recursive: true });
  const rows: CloudRow[] = [];
  for (const n of sizes) {
    const scenario = join(dir, `cloud-${n}.json`);
    writeFileSync(scenario, JSON.stringify(traceScenario(`cloudPhysicsIO at ${n}`, n, 1_000_000)));
    for (const policy of policies) {
      console.error(`bench-trace: cloudPhysicsIO, ${policy} at ${n}…`);
      const args = [scenario, trace, '--format', 'oracleGeneral', '--map', 'dense'];
      const ours = run(traceBin, [...args, '--policy', policy], dir);
      const name = cachesimName(policy);
      const lib = name
        ? run(cachesim, [trace, 'oracleGeneral', name, `${n}`, '--ignore-obj-size=true'], dir)
        : undefined;
      const parsed = lib?.ok ? cachesimResult(lib.out) : undefined;
      rows.push({
        policy,
        n,
        ours: ours.ok ? physicalReads(ours.out) : ours.out,
        req: parsed?.req ?? 113_872,
        lib: parsed && { ratio: parsed.ratio, misses: parsed.misses },
      });
    }
  }
  return rows;
}

export function printCloudPhysics(rows: CloudRow[], trace: string): void {
  console.log(`\ncloudPhysicsIO (${trace}): miss ratio, ours vs libCacheSim's cachesim`);
  console.log(
    `${'policy'.padEnd(13)}${'objects'.padStart(8)}${'ours'.padStart(10)}${'cachesim'.padStart(10)}  same`,
  );
  for (const r of rows) {
    const ours = typeof r.ours === 'number' ? (r.ours / r.req).toFixed(4) : '—';
    const verdict =
      typeof r.ours !== 'number'
        ? `not run: ${r.ours}`
        : !r.lib
          ? 'no libCacheSim counterpart'
          : r.lib.misses !== undefined
            ? r.lib.misses === r.ours
              ? `yes (exactly ${r.ours} misses)`
              : `NO (${r.ours} vs ${r.lib.misses} misses)`
            : ours === r.lib.ratio
              ? 'yes (to 4 digits)'
              : 'NO';
    console.log(
      `${r.policy.padEnd(13)}${r.n.toLocaleString('en-US').padStart(8)}${ours.padStart(10)}${(r.lib?.ratio ?? '—').padStart(10)}  ${verdict}`,
    );
  }
}
