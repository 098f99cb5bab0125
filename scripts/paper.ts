// `npm run -s paper`: every bundled seed experiment, the simulator's figures beside the
// paper's, with the difference in percent (hit ratios: in percentage points).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SimRun, type Compared } from '../web/src/sim/engine';
import { loadEngineNode } from '../web/src/sim/node';

const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
loadEngineNode();

const label: Record<string, string> = {
  elapsed_s: 'elapsed (s)',
  physical_reads: 'physical reads',
  logical_reads: 'logical reads',
  hit_ratio: 'hit ratio (%)',
};

function fmt(row: Compared, v: number): string {
  if (row.metric === 'hit_ratio') return (v * 100).toFixed(1);
  if (row.metric === 'elapsed_s') return v.toFixed(1);
  return Math.round(v).toLocaleString('en-US');
}

const json = process.argv.includes('--json');
const all: unknown[] = [];
let failed = false;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const text = readFileSync(dir + file, 'utf8');
  if (!JSON.parse(text).paper) continue;
  let run: SimRun;
  try {
    run = SimRun.create(text);
  } catch (e) {
    console.error(`paper: ${file}: ${(e as Error).message}`);
    failed = true;
    continue;
  }
  run.runToEnd();
  const cmp = run.paper();
  run.free();
  if (!cmp) continue;
  all.push({ file, ...cmp });
  if (json) continue;
  console.log(`\n${file} — ${cmp.source}`);
  console.log(`  ${'figure'.padEnd(32)}${'paper'.padStart(10)}${'sim'.padStart(10)}${'diff'.padStart(9)}`);
  for (const row of cmp.rows) {
    const name = `${row.pool ? row.pool + ' ' : ''}${label[row.metric] ?? row.metric}`;
    const diff = `${row.diff_pct >= 0 ? '+' : ''}${row.diff_pct.toFixed(1)}${row.metric === 'hit_ratio' ? 'pp' : '%'}`;
    console.log(
      `  ${name.padEnd(32)}${fmt(row, row.paper).padStart(10)}${fmt(row, row.sim).padStart(10)}${diff.padStart(9)}`,
    );
  }
}
if (json) console.log(JSON.stringify(all, null, 2));
process.exit(failed ? 1 : 0);
