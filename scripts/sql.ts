// The SQL console, headless: `npm run -s sql -- <scenario.json> [--at N] [--define name=value]
// [--json] (--example <id> | --file <script.sql> | "<sql>")` runs the scenario (to its end, or to position N), takes
// the console's snapshot of the instance there and runs the SQL against it (web/src/sql), in
// a worker thread under the page's limits (web/src/sql/limits.ts): stopped past 10 s, refused
// past its values or SQLite's heap, with the page's message.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SimRun, type Playable } from '../web/src/sim/engine';
import * as library from '../web/src/sim/library';
import { loadEngineNode } from '../web/src/sim/node';
import { EXAMPLES, example } from '../web/src/sql/examples';
import { formatError, formatResult } from '../web/src/sql/format';
import { SqlClient, Stopped } from '../web/src/sql/client';
import { nodeWorker } from '../web/src/sql/node';
import { expandIncludes } from '../web/src/sql/include';
import { capture } from '../web/src/sql/snapshot';
import { parseCommand, usageError, type Command } from './lib/args';

const COMMAND: Command = {
  name: 'sql',
  usage: [
    '<scenario.json> [--at N] [--define name=value]... [--json] "<sql>"',
    '<scenario.json> [options] --file <script.sql>     (or --file - : the script on stdin)',
    '<scenario.json> [options] --example <id>',
  ],
  options: {
    at: { type: 'string', value: 'N', help: 'query the instance at step N (default: at its end)' },
    define: {
      type: 'string',
      multiple: true,
      value: 'name=value',
      help: "a substitution variable's value (&name in the SQL)",
    },
    json: { type: 'boolean', help: 'print the result sets as JSON' },
    file: {
      type: 'string',
      value: 'FILE',
      help: 'run the SQL*Plus script in FILE as it is (- reads it from stdin)',
    },
    example: { type: 'string', value: 'ID', help: "run one of the console's examples" },
  },
  notes: [`examples: ${EXAMPLES.map((e) => e.id).join(', ')}`],
};

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const { values: opts, positionals } = parseCommand(COMMAND);
const defines: Record<string, string> = {};
for (const d of (opts.define as string[] | undefined) ?? []) {
  const m = /^([^=]+)=(.*)$/.exec(d);
  if (!m) usageError(COMMAND, `--define takes name=value (given: ${d})`);
  defines[m[1].trim()] = m[2];
}
const at = opts.at === undefined ? null : Number(opts.at);
const json = opts.json === true;
const [file, given, ...extra] = positionals;
if (!file) usageError(COMMAND, 'no scenario given');
if (extra.length) usageError(COMMAND, `one SQL text at a time (quote it): ${extra.join(' ')}`);
if (at !== null && !(Number.isInteger(at) && at >= 0))
  usageError(COMMAND, `--at takes a whole number of steps (0 or more), not '${String(opts.at)}'`);
const sources = [given !== undefined, opts.file !== undefined, opts.example !== undefined];
if (sources.filter(Boolean).length > 1)
  usageError(COMMAND, 'give the SQL one way: as text, --file or --example');
let sql = given;
if (opts.example !== undefined) {
  const ex = example(opts.example as string);
  if (!ex)
    fail(
      `sql: no example '${String(opts.example)}' (examples: ${EXAMPLES.map((e) => e.id).join(', ')})`,
      2,
    );
  sql = ex.sql;
}
if (opts.file !== undefined) {
  const path = opts.file as string;
  try {
    // fd 0 is stdin; a byte-order mark (some editors write one) is not part of the script
    sql = readFileSync(path === '-' ? 0 : path, 'utf8').replace(/^\uFEFF/, '');
  } catch (e) {
    fail(`sql: cannot read ${path === '-' ? 'stdin' : path}: ${(e as Error).message}`, 2);
  }
}
if (!sql?.trim()) usageError(COMMAND, 'no SQL given');
// `@file` / `START file` inside it: read beside the script that names it, else from the
// working directory, as SQL*Plus's @@ and @ do (web/src/sql/include.ts)
const script = opts.file !== undefined && opts.file !== '-' ? resolve(opts.file as string) : null;
const expanded = expandIncludes(sql, (name, from) => {
  const caller = from ?? script;
  const places = [...(caller ? [resolve(dirname(caller), name)] : []), resolve(name)];
  const found = places.find((f) => existsSync(f));
  return found ? { name: found, text: readFileSync(found, 'utf8') } : null;
});
if (expanded.error !== null) fail(`sql: ${expanded.error}`);
sql = expanded.text;

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
