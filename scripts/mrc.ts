// Miss-ratio curves, headless (issue 41 #10): `npm run -s mrc -- <scenario.json> [--trace F]
// [--policies a,b|all] [--sizes n,n,…] [--csv] [--jobs N]` draws nothing and prints the figures
// the page's Miss-ratio curves panel draws: the same sizes (20, from the workload's working set
// and the scenario's DEFAULT pool, unless --sizes), the same policies ticked by default (the
// profile's own rules, LRU, ARC, OPT), the same tasks (a stack policy's whole curve in one pass,
// every other policy size by size) and the same rows as the panel's CSV/JSON export.
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { traitsOf } from '../web/src/sim/profile';
import { curvePolicies, type Workload } from '../web/src/sim/mrc';
import { loadEngineNode } from '../web/src/sim/node';
import type { Scenario } from '../web/src/sim/engine';
import { toCsv } from '../web/src/export/tables';
import { curvesInThreads } from '../web/src/mrc/node';
import { defaultPolicies } from '../web/src/mrc/plan';
import { defaultJobs } from '../web/src/shared/nodePool';
import { parseCommand, usageError, type Command } from './lib/args';
import { HEAD_BYTES, traceChoice, traceFlags, traceOptions } from './lib/traceArgs';
import { printable } from './lib/printable';

/** The engine's limit on a curve's sizes (buffer::whatif::mrc::MAX_SIZES). */
const MAX_SIZES = 254;
/** A trace is read whole (as the panel reads one): at most this many bytes. */
const MAX_TRACE_BYTES = 1 << 30;

const COMMAND: Command = {
  name: 'mrc',
  usage: [
    '<scenario.json> [--policies lru,arc,…|all] [--sizes n,n,…] [--csv] [--jobs N]',
    '<scenario.json> --trace <file> [--trace-format FORMAT] [--trace-map dense|direct] [options]',
  ],
  options: {
    policies: {
      type: 'string',
      value: 'a,b,…|all',
      help: "the policies, comma-separated (default: the panel's — the profile's own, lru, arc, opt)",
    },
    sizes: {
      type: 'string',
      value: 'n,n,…',
      help: `cache sizes in buffers (default: the panel's 20, up to 1¼ × the working set; at most ${MAX_SIZES})`,
    },
    csv: { type: 'boolean', help: "print CSV (the panel's export) instead of JSON" },
    jobs: {
      type: 'string',
      value: 'N',
      help: `worker threads (default one a core, here ${defaultJobs()}; 1: one task after another)`,
    },
    ...traceOptions(
      'dense',
      "the curves of a trace through the scenario's cache (read whole, as the panel does)",
    ),
  },
  notes: [
    'e.g. npm run -s mrc -- scenarios/seed000-8i-hot50.json --policies lru,arc,lirs --csv',
    '     npm run -s mrc -- scenarios/seed000-8i-hot50.json --trace t.oracleGeneral --sizes 100,1000',
  ],
};

function fail(message: string, code: number): never {
  console.error(`mrc: ${printable(message)}`);
  process.exit(code);
}

const { values: opts, positionals } = parseCommand(COMMAND);
const str = (name: string) => opts[name] as string | undefined;
const [file, ...extra] = positionals;
if (!file) usageError(COMMAND, 'no scenario given');
if (extra.length) usageError(COMMAND, `one scenario at a time (given: ${positionals.join(' ')})`);
const jobs = str('jobs') === undefined ? defaultJobs() : Number(str('jobs'));
if (!Number.isInteger(jobs) || jobs < 1)
  usageError(COMMAND, `--jobs '${String(str('jobs'))}' is not a whole number ≥ 1`);

let sizes: number[] | undefined;
if (str('sizes') !== undefined) {
  const parts = str('sizes')!
    .split(',')
    .map((s) => s.trim().replace(/_/g, ''));
  sizes = parts.map(Number);
  const bad = parts.find((p, k) => p === '' || !Number.isInteger(sizes![k]) || sizes![k] < 1);
  if (bad !== undefined)
    usageError(COMMAND, `--sizes: '${bad}' is not a whole number of buffers ≥ 1`);
  if (sizes.length > MAX_SIZES)
    usageError(COMMAND, `--sizes: ${sizes.length} sizes, more than the limit of ${MAX_SIZES}`);
  sizes = [...new Set(sizes)].sort((a, b) => a - b);
}
let flags: ReturnType<typeof traceFlags>;
try {
  flags = traceFlags(str);
} catch (e) {
  usageError(COMMAND, (e as Error).message);
}

let scenario: Scenario;
try {
  scenario = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as Scenario;
} catch (e) {
  fail(`cannot read ${file}: ${(e as Error).message}`, 2);
}

loadEngineNode();
const { names, stack } = curvePolicies();
let policies: string[];
const asked = str('policies');
if (asked === undefined) {
  let oracle = 'lru';
  try {
    oracle = traitsOf(scenario.profile).replacement;
  } catch {
    // a profile the engine does not know: the run below names it
  }
  policies = defaultPolicies(names, oracle);
} else if (asked.trim() === 'all') {
  policies = names;
} else {
  const list = asked.split(',').map((p) => p.trim().toLowerCase());
  const unknown = list.find((p) => !names.includes(p));
  if (unknown !== undefined)
    usageError(COMMAND, `--policies: no policy '${unknown}' (the policies: ${names.join(', ')})`);
  // registry order, as the panel draws and exports them
  policies = names.filter((n) => list.includes(n));
}

let workload: Workload = { kind: 'scenario', scenario };
const tracePath = str('trace');
if (tracePath !== undefined) {
  let bytes: Uint8Array;
  try {
    const size = statSync(tracePath).size;
    if (size > MAX_TRACE_BYTES)
      fail(
        `${tracePath} is ${(size / 2 ** 20).toFixed(0)} MiB: the curves read a trace whole, at most ${MAX_TRACE_BYTES / 2 ** 20} MiB (replay a larger one with npm run -s sim -- --trace)`,
        2,
      );
    bytes = readFileSync(tracePath);
  } catch (e) {
    fail(`cannot read ${tracePath}: ${(e as Error).message}`, 2);
  }
  workload = {
    kind: 'trace',
    scenario,
    options: traceChoice(flags, tracePath, bytes.subarray(0, HEAD_BYTES), 'dense'),
    bytes,
    name: basename(tracePath),
  };
}

try {
  const out = await curvesInThreads(workload, policies, stack, jobs, sizes, (c) =>
    console.error(`mrc: ${c.policy}: ${c.points.map((p) => p.size).join(', ')}`),
  );
  if (opts.csv) process.stdout.write(toCsv(out.rows));
  else
    process.stdout.write(
      JSON.stringify(
        { summary: out.summary, sizes: out.sizes, policies, rows: out.rows },
        null,
        2,
      ) + '\n',
    );
  const refused = out.rows.filter((r) => r.error !== null);
  if (refused.length === out.rows.length)
    fail(`no point could be run: ${refused[0]?.error ?? 'no sizes'}`, 1);
} catch (e) {
  fail(`${tracePath ?? file}: ${(e as Error).message}`, 1);
}
