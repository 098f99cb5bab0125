// The SQL console, headless: `npm run -s sql -- <scenario.json> [--at N] [--define name=value]
// [--json] (--example <id> | "<sql>")` runs the scenario (to its end, or to position N), takes
// the console's snapshot of the instance there and runs the SQL against it (web/src/sql), in
// a worker thread under the page's limits (web/src/sql/limits.ts): stopped past 10 s, refused
// past its values or SQLite's heap, with the page's message.
import { readFileSync } from 'node:fs';
import { SimRun, type Playable } from '../web/src/sim/engine';
import * as library from '../web/src/sim/library';
import { loadEngineNode } from '../web/src/sim/node';
import { EXAMPLES, example } from '../web/src/sql/examples';
import { formatError, formatResult } from '../web/src/sql/format';
import { SqlClient, Stopped } from '../web/src/sql/client';
import { nodeWorker } from '../web/src/sql/node';
import { capture } from '../web/src/sql/snapshot';

const USAGE = `usage: npm run -s sql -- <scenario.json> [--at N] [--define name=value]... [--json]
                          (--example <id> | "<sql>")
examples: ${EXAMPLES.map((e) => e.id).join(', ')}`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.length === 0) fail(USAGE, args.length === 0 ? 2 : 0);
const positional: string[] = [];
const defines: Record<string, string> = {};
let at: number | null = null;
let json = false;
let exampleId: string | null = null;
for (let k = 0; k < args.length; k++) {
  const a = args[k];
  if (a === '--at') at = Number(args[++k]);
  else if (a === '--json') json = true;
  else if (a === '--example') exampleId = args[++k] ?? '';
  else if (a === '--define') {
    const m = /^([^=]+)=(.*)$/.exec(args[++k] ?? '');
    if (!m) fail(`sql: --define takes name=value\n${USAGE}`, 2);
    defines[m[1].trim()] = m[2];
  } else if (a.startsWith('--')) fail(`sql: unknown option ${a}\n${USAGE}`, 2);
  else positional.push(a);
}
const [file, given] = positional;
if (!file) fail(USAGE, 2);
if (at !== null && !(Number.isInteger(at) && at >= 0))
  fail('sql: --at takes a whole number of steps (0 or more)', 2);
let sql = given;
if (exampleId !== null) {
  const ex = example(exampleId);
  if (!ex)
    fail(`sql: no example '${exampleId}' (examples: ${EXAMPLES.map((e) => e.id).join(', ')})`, 2);
  sql = ex.sql;
}
if (!sql) fail(`sql: no SQL given\n${USAGE}`, 2);

let text = '';
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  fail(`sql: cannot read ${file}: ${(e as Error).message}`, 2);
}

loadEngineNode();
let run: Playable;
try {
  let isLibrary = false;
  try {
    isLibrary = library.isLibraryScenario(JSON.parse(text));
  } catch {
    // not JSON: SimRun.create says so
  }
  run = isLibrary ? library.Run.create(text) : SimRun.create(text);
  if (at === null) run.runToEnd();
  else run.seek(Math.min(at, run.total));
} catch (e) {
  fail(`sql: ${file}: ${(e as Error).message}`);
}
const client = await SqlClient.open(nodeWorker);
await client.load(capture(run));
const passed = Object.fromEntries(Object.entries(defines).map(([k, v]) => [k.toLowerCase(), v]));
Object.assign(client.defines, passed);
const missing = client.missing(sql);
if (missing.length) {
  client.close();
  fail(`sql: substitution variable &${missing[0]} has no value: pass --define ${missing[0]}=…`, 2);
}
let out;
try {
  out = await client.run(sql, passed);
} catch (e) {
  client.close();
  // stopped past the time limit (the page's message), or the worker failed: a message, no
  // trace; the statements that ended before it are printed first
  if (e instanceof Stopped && !json)
    for (const r of e.results) process.stdout.write(formatResult(r) + '\n\n');
  fail(e instanceof Stopped ? e.message : `sql: the SQL worker failed: ${(e as Error).message}`);
}
client.close();
if (json) {
  const sets = out.results.map((r) => ({
    statement: r.statement,
    ...(r.message ? { message: r.message } : {}),
    ...(r.note ? { note: r.note } : {}),
    columns: r.columns,
    rows: r.rows.map((row) => Object.fromEntries(r.columns.map((c, k) => [c, row[k]]))),
  }));
  process.stdout.write(JSON.stringify({ position: run.position, results: sets }, null, 2) + '\n');
} else {
  for (const r of out.results) process.stdout.write(formatResult(r) + '\n\n');
}
run.free();
if (out.error) fail(formatError(out.error));
