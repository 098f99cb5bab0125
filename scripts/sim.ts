// Headless runner: `npm run -s sim -- <scenario.json>` runs a scenario to its end with the
// wasm module the browser loads and prints the JSON report (MODEL.md §4) on stdout.
// `--trace <file>` replays a trace (libCacheSim's txt, csv or oracleGeneral, or the project's
// CSV) through the scenario's cache instead of its workload, read streaming (the page's feed loop).
import { closeSync, createReadStream, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { SimRun } from '../web/src/sim/engine';
import { isLibraryScenario } from '../web/src/sim/library';
import * as library from '../web/src/sim/library';
import { loadEngineNode } from '../web/src/sim/node';
import { Readable } from 'node:stream';
import { feedStream } from '../web/src/trace/feed';
import {
  guessFormat,
  TRACE_FORMATS,
  TraceRun,
  type ObjectMap,
  type TraceFormat,
} from '../web/src/sim/trace';

const args = process.argv.slice(2);
const VALUED = ['--trace', '--trace-format', '--trace-params', '--trace-map', '--policy'];
const option = (name: string): string | undefined => {
  const k = args.indexOf(name);
  return k >= 0 ? args[k + 1] : undefined;
};
const file = args.find((a, k) => !a.startsWith('--') && !VALUED.includes(args[k - 1]));
if (!file || args.includes('--help')) {
  console.error(
    'usage: npm run -s sim -- <scenario.json> [--policy NAME] [--trace <file> [--trace-format txt|csv|oracleGeneral|project]\n' +
      '       [--trace-params "time-col=1, obj-id-col=2, delimiter=,, has-header=true"] [--trace-map direct|dense]]\n' +
      "  --policy NAME  the replacement policy of every working set (the scenario's `policy`; the engine lists the names)",
  );
  process.exit(file ? 0 : 2);
}
for (const name of VALUED) {
  if (args.includes(name) && option(name) === undefined) {
    console.error(`sim: ${name} needs a value`);
    process.exit(2);
  }
}

let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  console.error(`sim: cannot read ${file}: ${(e as Error).message}`);
  process.exit(2);
}

const policy = option('--policy');
if (policy !== undefined) text = withPolicy(text, policy);

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
try {
  let isLibrary = false;
  try {
    isLibrary = isLibraryScenario(JSON.parse(text));
  } catch {
    // not JSON: SimRun.create says so, naming the problem
  }
  const run = isLibrary ? library.Run.create(text) : SimRun.create(text);
  run.runToEnd();
  process.stdout.write(JSON.stringify(run.report(), null, 2) + '\n');
  run.free();
} catch (e) {
  console.error(`sim: ${file}: ${(e as Error).message}`);
  process.exit(1);
}

/** `--trace`: stream the file through the scenario's cache; on a bad record print the report
 *  of the accesses before it, and the error. */
async function replayTrace(path: string): Promise<void> {
  const format = option('--trace-format');
  const map = option('--trace-map');
  if (format !== undefined && !TRACE_FORMATS.includes(format as TraceFormat)) {
    console.error(`sim: --trace-format '${format}' is not one of ${TRACE_FORMATS.join(', ')}`);
    process.exit(2);
  }
  if (map !== undefined && map !== 'direct' && map !== 'dense') {
    console.error(`sim: --trace-map '${map}' is not direct or dense`);
    process.exit(2);
  }
  let head: Uint8Array;
  try {
    head = firstBytes(path, 4096);
  } catch (e) {
    console.error(`sim: cannot read ${path}: ${(e as Error).message}`);
    process.exit(2);
  }
  let run: TraceRun;
  try {
    run = TraceRun.create(text, {
      format: (format as TraceFormat | undefined) ?? guessFormat(path, head),
      params: option('--trace-params'),
      map: map as ObjectMap | undefined,
    });
  } catch (e) {
    console.error(`sim: ${file}: ${(e as Error).message}`);
    process.exit(1);
  }
  let failure: Error | null = null;
  try {
    const stream = Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 }));
    await feedStream(stream as ReadableStream<Uint8Array>, run, { size: statSync(path).size });
  } catch (e) {
    failure = e as Error;
  }
  process.stdout.write(JSON.stringify(run.report(), null, 2) + '\n');
  run.free();
  if (failure) {
    console.error(`sim: ${path}: ${failure.message}`);
    process.exit(1);
  }
}

/** The first `n` bytes of a file (fewer if it is shorter), for guessing its format. */
function firstBytes(path: string, n: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buf = new Uint8Array(n);
    return buf.subarray(0, readSync(fd, buf, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}
