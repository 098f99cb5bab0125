// Sweep runner: `npm run -s sweep -- <scenario.json> <param>=<from>..<to>/<steps> [--csv]`,
// or `npm run -s sweep -- <sweep file> [--csv]` (`{ "scenario": "../x.json", "sweep": "…" }`),
// runs the scenario once per value of the parameter (an init.ora name or a path in the
// scenario) with the wasm module the browser loads, and prints the figures each run ends with:
// JSON by default, CSV with --csv. Progress goes to stderr.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Scenario } from '../web/src/sim/engine';
import { loadEngineNode } from '../web/src/sim/node';
import { parseSweep, sweep, toCsv, type SweepPoint } from '../web/src/sizing/sweep';

const args = process.argv.slice(2);
let [file, range] = args.filter((a) => !a.startsWith('--'));
// A sweep file (scenarios/sweeps/*.json) names its scenario, relative to itself (or absolute),
// and range.
if (file && !range) {
  try {
    const f = JSON.parse(readFileSync(file, 'utf8')) as { scenario?: string; sweep?: string };
    if (f.scenario && f.sweep) {
      range = f.sweep;
      file = resolve(dirname(file), f.scenario);
    }
  } catch {
    // not a sweep file: the usage below says what to give
  }
}
if (!file || !range || args.includes('--help')) {
  console.error(
    'usage: npm run -s sweep -- <scenario.json> <param>=<from>..<to>/<steps> [--csv]\n' +
      '       npm run -s sweep -- <sweep file.json> [--csv]\n' +
      '  e.g. npm run -s sweep -- scenarios/seed000-8i-hot50.json db_block_buffers=200..2000/10\n' +
      '       npm run -s sweep -- scenarios/sweeps/seed002-mvs.json --csv',
  );
  process.exit(args.includes('--help') ? 0 : 2);
}

const fail = (what: string, e: unknown): never => {
  console.error(`sweep: ${what}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
};

let scenario: Scenario;
try {
  scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
} catch (e) {
  fail(file, e);
}

loadEngineNode();
const points: SweepPoint[] = [];
try {
  const spec = parseSweep(range);
  for (const p of sweep(scenario!, spec)) {
    points.push(p);
    console.error(`sweep: ${spec.param} = ${p.value}${p.error ? ` refused: ${p.error}` : ''}`);
  }
  if (args.includes('--csv')) process.stdout.write(toCsv(scenario!, spec.param, points));
  else process.stdout.write(JSON.stringify({ param: spec.param, points }, null, 2) + '\n');
  // a sweep with no point that ran is a failure, whatever each point's reason
  if (points.every((p) => p.error !== null)) {
    console.error(`sweep: no value of ${spec.param} could be run`);
    process.exit(1);
  }
} catch (e) {
  fail(range, e);
}
