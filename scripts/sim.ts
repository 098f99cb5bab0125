// Headless runner: `npm run -s sim -- <scenario.json>` runs a scenario to its end with the
// wasm module the browser loads and prints the JSON report (MODEL.md §4) on stdout.
import { readFileSync } from 'node:fs';
import { SimRun } from '../web/src/sim/engine';
import { isLibraryScenario } from '../web/src/sim/library';
import * as library from '../web/src/sim/library';
import { loadEngineNode } from '../web/src/sim/node';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file || args.includes('--help')) {
  console.error('usage: npm run -s sim -- <scenario.json>');
  process.exit(file ? 0 : 2);
}

let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  console.error(`sim: cannot read ${file}: ${(e as Error).message}`);
  process.exit(2);
}

loadEngineNode();
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
