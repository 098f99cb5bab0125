// Spatial sampling's accuracy and speed (issue 43, docs/model.md §3.4): a Zipf(0.9) stream over
// 1M blocks (the engine's seeded `random`/`zipf` workload over one 1M-block table: the same
// distribution as scripts/lib/traceBench.ts's trace), every registered policy at 20 cache sizes
// from 1,000 to 1,000,000 buffers, exact and sampled at each rate. For each policy and rate:
// the mean and max absolute miss-ratio error against the exact run over the 20 sizes — the
// sample's misses over the *expected* sample size (SHARDS' adjustment, what the report's
// `sampling.pools[].miss_ratio` gives) and over the accesses it *kept* — and the wall time of
// the 20-size sweep, exact and sampled. Goal (issue 43): mean ≤ 0.005, max ≤ 0.02 at R = 0.01.
//
//   npx tsx scripts/bench-sample.ts [--requests 10000000] [--rates 0.01,0.001] [--policies lru,arc]
import { parseArgs } from 'node:util';
import { SimRun } from '../web/src/sim/engine';
import { loadEngineNode } from '../web/src/sim/node';
import { policyNames } from '../web/src/sim/policy';
import type { Report } from '../web/src/sim/generated/buffer/Report';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000000' },
    objects: { type: 'string', default: '1000000' },
    rates: { type: 'string', default: '0.01,0.001' },
    policies: { type: 'string' },
    sizes: { type: 'string', default: '20' },
  },
});
const REQUESTS = Number(values.requests);
const OBJECTS = Number(values.objects);
const RATES = values.rates.split(',').map(Number);
const N_SIZES = Number(values.sizes);
/** 20 sizes, log-spaced from 1,000 to the table's size (libCacheSim's range on this trace). */
const SIZES = Array.from({ length: N_SIZES }, (_, k) =>
  Math.round(1000 * Math.pow(OBJECTS / 1000, k / (N_SIZES - 1))),
);

function scenario(policy: string, buffers: number, rate?: number): string {
  return JSON.stringify({
    version: 1,
    title: `bench-sample ${policy} ${buffers}`,
    profile: '8.1.5',
    policy,
    init: { db_block_buffers: buffers },
    objects: [{ name: 'T', type: 'TABLE', blocks: OBJECTS }],
    workload: { kind: 'random', distribution: 'zipf', zipf_s: 0.9, accesses: REQUESTS },
    ...(rate === undefined ? {} : { sampling: { rate } }),
  });
}

function run(text: string): Report {
  const r = SimRun.create(text);
  try {
    r.runToEnd();
    return r.report();
  } finally {
    r.free();
  }
}

/** The exact run's miss ratio: lookups that found no buffer over lookups. */
function exactRatio(r: Report): number {
  const p = r.pools[0];
  return p.buf_got / (p.consistent_gets + p.db_block_gets);
}

interface Row {
  policy: string;
  rate: number;
  meanExpected: number;
  maxExpected: number;
  meanKept: number;
  maxKept: number;
  exactS: number;
  sampledS: number;
  keptOverExpected: number;
}

loadEngineNode();
const policies = values.policies?.split(',') ?? policyNames();
console.log(
  `Spatial sampling: zipf(0.9), ${REQUESTS.toLocaleString('en')} requests over ${OBJECTS.toLocaleString('en')} blocks, ` +
    `${SIZES.length} sizes ${SIZES[0].toLocaleString('en')}…${SIZES.at(-1)!.toLocaleString('en')} buffers`,
);
const rows: Row[] = [];
for (const policy of policies) {
  let t = performance.now();
  const exact = SIZES.map((n) => exactRatio(run(scenario(policy, n))));
  const exactS = (performance.now() - t) / 1000;
  for (const rate of RATES) {
    t = performance.now();
    const sampled = SIZES.map((n) => run(scenario(policy, n, rate)).sampling!);
    const sampledS = (performance.now() - t) / 1000;
    const errs = (f: (k: number) => number) => SIZES.map((_, k) => Math.abs(f(k) - exact[k]));
    const byExpected = errs((k) => sampled[k].pools[0].miss_ratio ?? 0);
    const byKept = errs((k) => sampled[k].pools[0].miss_ratio_kept ?? 0);
    const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
    rows.push({
      policy,
      rate,
      meanExpected: mean(byExpected),
      maxExpected: Math.max(...byExpected),
      meanKept: mean(byKept),
      maxKept: Math.max(...byKept),
      exactS,
      sampledS,
      keptOverExpected: sampled[0].kept / sampled[0].expected,
    });
    const r = rows.at(-1)!;
    console.log(
      `${policy.padEnd(12)} R=${String(rate).padEnd(6)} ` +
        `÷expected mean ${r.meanExpected.toFixed(4)} max ${r.maxExpected.toFixed(4)}   ` +
        `÷kept mean ${r.meanKept.toFixed(4)} max ${r.maxKept.toFixed(4)}   ` +
        `kept/expected ${r.keptOverExpected.toFixed(3)}   ` +
        `exact ${exactS.toFixed(1)} s, sampled ${sampledS.toFixed(1)} s (${(exactS / sampledS).toFixed(1)}×)`,
    );
  }
}

console.log(
  '\n| policy | R | mean err (÷expected) | max err | mean err (÷kept) | max err | exact 20 sizes | sampled | speed-up |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.policy} | ${r.rate} | ${r.meanExpected.toFixed(4)} | ${r.maxExpected.toFixed(4)} | ` +
      `${r.meanKept.toFixed(4)} | ${r.maxKept.toFixed(4)} | ${r.exactS.toFixed(1)} s | ${r.sampledS.toFixed(1)} s | ` +
      `${(r.exactS / r.sampledS).toFixed(1)}× |`,
  );
}
for (const rate of RATES) {
  const at = rows.filter((r) => r.rate === rate);
  const worstMean = Math.max(...at.map((r) => r.meanExpected));
  const worstMax = Math.max(...at.map((r) => r.maxExpected));
  const goal =
    rate === 0.01
      ? ` (goal at 0.01: mean ≤ 0.005, max ≤ 0.02: ${worstMean <= 0.005 && worstMax <= 0.02 ? 'met' : 'NOT met'})`
      : '';
  console.log(
    `R = ${rate}: worst policy's mean error ${worstMean.toFixed(4)}, max ${worstMax.toFixed(4)}${goal}`,
  );
}
