// Headless runner: `npm run -s sim -- <scenario.json>` runs a scenario to its end with the
// wasm module the browser loads and prints the JSON report (docs/model.md §4) on stdout.
// `--trace <file>` replays a trace (libCacheSim's txt, csv or oracleGeneral, or the project's
// CSV) through the scenario's cache instead of its workload, read streaming (the page's feed loop).
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { SimRun } from '../web/src/sim/engine';
import { isLibraryScenario } from '../web/src/sim/library';
import * as library from '../web/src/sim/library';
import { loadEngineNode } from '../web/src/sim/node';
import { CHUNK_BYTES, FeedError, feedStream } from '../web/src/trace/feed';
import { parseCommand, usageError, type Command } from './lib/args';
import { firstBytes, traceChoice, traceFlags, traceOptions } from './lib/traceArgs';
import { printable } from './lib/printable';
import { reportCommand } from './lib/reportCommand';
import { csvColumns, TraceRun } from '../web/src/sim/trace';

const COMMAND: Command = {
  name: 'sim',
  usage: [
    '<scenario.json> [--policy NAME] [--sample R]',
    '<scenario.json> --trace <file> [--trace-format FORMAT] [--trace-params "…"] [--trace-map direct|dense]',
    '--report <awr-or-statspack-report> [--json]',
  ],
  options: {
    policy: {
      type: 'string',
      value: 'NAME',
      help: "the replacement policy of every working set (the scenario's `policy`; the engine lists the names)",
    },
    ...traceOptions(
      'direct',
      "replay a trace through the scenario's cache instead of its workload",
    ),
    report: {
      type: 'string',
      value: 'FILE',
      help: 'an AWR (text or HTML) or Statspack report: what it says, the model fitted to its Buffer Pool Advisory, the scenario and the what-ifs (docs/instance.md)',
    },
    json: { type: 'boolean', help: 'with --report: one JSON object on stdout' },
    sample: {
      type: 'string',
      value: 'R',
      help: "run a spatial sample: the blocks whose hash falls in R of the hash space, through every pool at R × its size (the scenario's `sampling.rate`, 0.00001 … 1; docs/model.md §3.4)",
    },
  },
};
const { values: opts, positionals } = parseCommand(COMMAND);
/** A valued option's value (`option('--trace')`), as the parser read it. */
const option = (name: string): string | undefined =>
  opts[name.replace(/^--/, '')] as string | undefined;
const reportFile = option('--report');
if (reportFile !== undefined) reportCommand(reportFile, opts.json === true);
if (opts.json === true)
  usageError(COMMAND, '--json goes with --report (a scenario run prints JSON anyway)');
const file = positionals[0];
if (!file) usageError(COMMAND, 'no scenario given');
if (positionals.length > 1)
  usageError(COMMAND, `one scenario at a time (given: ${positionals.join(' ')})`);

let text: string;
try {
  // a byte-order mark (as some editors save UTF-8) is not part of the scenario: without it off,
  // JSON.parse failed, a library scenario was run as a buffer one and --policy was dropped
  text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
} catch (e) {
  fail(`cannot read ${file}: ${(e as Error).message}`, 2);
}

const policy = option('--policy');
if (policy !== undefined) text = withPolicy(text, policy);
const sample = option('--sample');
if (sample !== undefined) text = withSampling(text, sample);

/** The scenario with `sampling.rate` set from `--sample` (the engine checks the rate and names
 * its limits). A value that is not a number is refused here, naming the flag. */
function withSampling(scenario: string, value: string): string {
  const rate = Number(value);
  if (value.trim() === '' || !Number.isFinite(rate)) fail(`--sample '${value}' is not a number`, 2);
  try {
    return JSON.stringify({ ...JSON.parse(scenario), sampling: { rate } });
  } catch {
    return scenario;
  }
}

/** The scenario with `policy` set (the engine checks the name and lists the policies). Text
 * that is not JSON is left as it is: the run names the problem. */
function withPolicy(scenario: string, name: string): string {
  try {
    return JSON.stringify({ ...JSON.parse(scenario), policy: name });
  } catch {
    return scenario;
  }
}

loadEngineNode();
const tracePath = option('--trace');
if (tracePath !== undefined) {
  await replayTrace(tracePath);
  process.exit(0);
}
let run: SimRun | library.Run;
try {
  let isLibrary = false;
  try {
    isLibrary = isLibraryScenario(JSON.parse(text));
  } catch {
    // not JSON: SimRun.create says so, naming the problem
  }
  run = isLibrary ? library.Run.create(text) : SimRun.create(text);
} catch (e) {
  fail(`${file}: ${(e as Error).message}`, 1);
}
try {
  run.runToEnd();
} catch (e) {
  // A model error stops the run short of its end (runToEnd throws it, as step does): no
  // report of part of a run passed off as the whole; where it stopped, and why. After a trap
  // the handle is never touched again.
  const where = trapped(e) ? '' : `the run stopped at access ${run.position} of ${run.total}: `;
  fail(`${file}: ${where}${(e as Error).message}`, 1);
}
process.stdout.write(JSON.stringify(run.report(), null, 2) + '\n');
run.free();

function trapped(e: unknown): boolean {
  return e instanceof WebAssembly.RuntimeError;
}

/** `--trace`: stream the file through the scenario's cache; on a bad record print the report
 *  of the accesses before it, and the error. */
async function replayTrace(path: string): Promise<void> {
  let flags: ReturnType<typeof traceFlags>;
  try {
    flags = traceFlags((name) => option(`--${name}`));
  } catch (e) {
    fail((e as Error).message, 2);
  }
  let head: Uint8Array;
  try {
    head = firstBytes(path);
  } catch (e) {
    fail(`cannot read ${path}: ${(e as Error).message}`, 2);
  }
  let run: TraceRun;
  const options = traceChoice(flags, path, head);
  const { format: chosen, params } = options;
  try {
    run = TraceRun.create(text, options);
  } catch (e) {
    fail(`${file}: ${(e as Error).message}`, 1);
  }
  // a csv trace says which columns it reads before it starts (a header's names choose them)
  if (chosen === 'csv') {
    try {
      console.error(`sim: ${path}: ${csvColumns(params ?? '', head)}`);
    } catch {
      // the replay stops on the same refusal, with its line, below
    }
  }
  let failure: Error | null = null;
  try {
    await feedStream(fileChunks(path), run, { size: statSync(path).size });
  } catch (e) {
    failure = e as Error;
  }
  // After a trap the handle is never touched again (wasm-bindgen would throw "recursive use of
  // an object detected"): the error alone, once. Otherwise the report of what was served.
  if (!(failure instanceof FeedError && failure.trapped)) {
    try {
      const report = JSON.stringify(run.report(), null, 2);
      run.free();
      process.stdout.write(report + '\n');
    } catch (e) {
      failure ??= e as Error;
    }
  }
  if (failure) {
    fail(`${path}: ${failure.message}`, 1);
  }
}

/** The one way the runner stops on an error: the message (control characters escaped) once. */
function fail(message: string, code: number): never {
  console.error(`sim: ${printable(message)}`);
  process.exit(code);
}

/**
 * The file as a stream of whole chunks of the feed loop's size, each read when the loop asks for
 * it (`readSync` into one buffer: the loop has fed a chunk before it asks for the next). Node's
 * own file stream hands over 64 KiB pieces through two layers of streams (`Readable.toWeb`),
 * which the loop gathers into chunks again: 0.3 s of the 10M-request trace's 1.5 s went there.
 */
function fileChunks(path: string): ReadableStream<Uint8Array> {
  const fd = openSync(path, 'r');
  const buffer = new Uint8Array(CHUNK_BYTES);
  return new ReadableStream<Uint8Array>(
    {
      pull(c) {
        const n = readSync(fd, buffer);
        if (n > 0) c.enqueue(buffer.subarray(0, n));
        else {
          closeSync(fd);
          c.close();
        }
      },
      cancel: () => closeSync(fd),
    },
    // nothing read ahead: the one buffer is refilled only once the loop has fed it
    { highWaterMark: 0 },
  );
}
