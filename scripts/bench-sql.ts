// Figures for the SQL console (issue #12): the snapshot of a 100,000-buffer instance (capture,
// small tables, X$BH written into SQLite) and the seeds' queries over it. A program that
// prints figures, not a timed test: `tsx scripts/bench-sql.ts`.
import { readFileSync } from 'node:fs';
import { SimRun } from '../web/src/sim/engine';
import { loadEngineNode } from '../web/src/sim/node';
import { example } from '../web/src/sql/examples';
import { openSessionNode } from '../web/src/sql/node';
import { splitScript } from '../web/src/sql/script';
import { capture } from '../web/src/sql/snapshot';

loadEngineNode();
const scenario = JSON.parse(readFileSync('scenarios/seed000-8i-hot50.json', 'utf8'));
scenario.init = {
  ...scenario.init,
  db_block_buffers: 100000,
  db_block_lru_latches: 8,
  cpu_count: 4,
};
const run = SimRun.create(JSON.stringify(scenario));
run.runToEnd();
const session = await openSessionNode();
const ms = (f: () => unknown) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
for (let k = 0; k < 3; k++) {
  let c: ReturnType<typeof capture> | null = null;
  const tc = ms(() => (c = capture(run)));
  const tl = ms(() => session.load(c!));
  const th = ms(() => session.loadHeaders());
  console.log(
    `snapshot ${k + 1}: capture ${tc.toFixed(0)} ms, small tables ${tl.toFixed(0)} ms, X$BH (100,000 rows) ${th.toFixed(0)} ms`,
  );
}
for (const id of [
  'pool-statistics',
  'z-buffer-cache-8.0',
  'buffers-by-pool',
  'z-buffer-cache-8i',
  'buffers-by-pool',
]) {
  const out = session.run(example(id)!.sql);
  if (out.error) throw new Error(`${id}: ${out.error.code} ${out.error.message}`);
  const r = out.results[out.results.length - 1];
  console.log(`${id}: ${out.ms.toFixed(0)} ms, ${r.rows.length} rows`);
}

// Issue 29's two n² paths, as figures (the tests check what they find, not how fast): a 114 KB
// one-line script of 6,000 statements split (target 5 s; 51 s when each `;` tokenized the rest
// again) and a syntax error at the end of a 10,000-item select list found (target 10 s; about
// 50 s when each candidate prefix was prepared).
const script = Array.from({ length: 6000 }, (_, k) => `select ${k} from dual;`).join(' ');
const split = ms(() => splitScript(script));
console.log(
  `split a 6,000-statement script: ${split.toFixed(0)} ms — target 5,000 ms: ${split < 5000 ? 'within' : 'OVER'}`,
);
const long = `select ${'1, '.repeat(10_000)}1 1 from dual`;
const found = ms(() => session.run(long));
console.log(
  `syntax error after 10,000 select items: ${found.toFixed(0)} ms — target 10,000 ms: ${found < 10_000 ? 'within' : 'OVER'}`,
);
