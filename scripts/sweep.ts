// Sweep runner: `npm run -s sweep -- <scenario.json> <param>=<from>..<to>/<steps> [--csv]`,
// or `npm run -s sweep -- <sweep file> [--csv]` (`{ "scenario": "../x.json", "sweep": "…" }`),
// runs the scenario once per value of the parameter (an init.ora name or a path in the
// scenario) with the wasm module the browser loads, and prints the figures each run ends with:
// JSON by default, CSV with --csv. The runs are independent: they share out over one worker
// thread a core (`--jobs N` for N threads, `--jobs 1` one after another here), and the output
// is the same whatever N is. Progress goes to stderr.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Scenario } from '../web/src/sim/engine';
import { loadEngineNode } from '../web/src/sim/node';
import { defaultJobs, sweepInThreads } from '../web/src/sizing/node';
import { parseSweep, toCsv, type SweepPoint } from '../web/src/sizing/sweep';
import { parseCommand, usageError, type Command } from './lib/args';

const COMMAND: Command = {
  name: 'sweep',
  usage: [
    '<scenario.json> <param>=<from>..<to>/<steps> [--csv] [--jobs N]',
    '<sweep file.json> [--csv] [--jobs N]',
  ],
  options: {
    csv: { type: 'boolean', help: 'print CSV instead of JSON' },
    jobs: {
      type: 'string',
      value: 'N',
      help: `worker threads (default one a core, here ${defaultJobs()}; 1: one run after another)`,
    },
  },
  notes: [
    'e.g. npm run -s sweep -- scenarios/seed000-8i-hot50.json db_block_buffers=200..2000/10',
    '     npm run -s sweep -- scenarios/sweeps/seed002-mvs.json --csv',
  ],
};
const { values: opts, positionals } = parseCommand(COMMAND);
let [file, range] = positionals;
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
const jobs = opts.jobs === undefined ? defaultJobs() : Number(opts.jobs);
if (!Number.isInteger(jobs) || jobs < 1)
  usageError(COMMAND, `--jobs '${String(opts.jobs)}' is not a whole number ≥ 1`);
if (!file) usageError(COMMAND, 'no scenario given');
if (!range) usageError(COMMAND, `no range given for ${file} (<param>=<from>..<to>/<steps>)`);

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
async function main(): Promise<void> {
  let spec;
  try {
    spec = parseSweep(range!);
  } catch (e) {
    fail(range!, e);
  }
  const { param } = spec!;
  let points: SweepPoint[] = [];
  try {
    points = await sweepInThreads(scenario!, spec!, jobs, (p) =>
      console.error(`sweep: ${param} = ${p.value}${p.error ? ` refused: ${p.error}` : ''}`),
    ).points;
  } catch (e) {
    fail(range!, e);
  }
  if (opts.csv) process.stdout.write(toCsv(scenario!, param, points));
  else process.stdout.write(JSON.stringify({ param, points }, null, 2) + '\n');
  // a sweep with no point that ran is a failure, whatever each point's reason
  if (points.every((p) => p.error !== null)) {
    console.error(`sweep: no value of ${param} could be run`);
    process.exit(1);
  }
}
void main();
