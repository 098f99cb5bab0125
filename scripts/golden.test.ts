// Golden reports through the wasm module (the one the browser and `npm run -s sim` load):
// every bundled scenario run to its end gives the report and paper comparison committed in
// scenarios/golden/<id>.json, value for value. The engine's `cargo test -p cachesim --test engine golden::`
// checks the same files natively, byte for byte, and rewrites them with UPDATE_GOLDEN=1.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun } from '../web/src/sim/engine';
import { isLibraryScenario } from '../web/src/sim/library';
import * as library from '../web/src/sim/library';
import { loadEngineNode } from '../web/src/sim/node';

const dir = fileURLToPath(new URL('../scenarios', import.meta.url));
const names = readdirSync(dir)
  .filter((n) => n.endsWith('.json'))
  .sort();

beforeAll(() => loadEngineNode());

describe('golden reports (wasm)', () => {
  it('covers every bundled scenario', () => {
    expect(names.length).toBeGreaterThanOrEqual(20);
  });

  it.each(names)(
    '%s',
    (name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const golden = JSON.parse(readFileSync(join(dir, 'golden', name), 'utf8'));
      const run = isLibraryScenario(JSON.parse(text))
        ? library.Run.create(text)
        : SimRun.create(text);
      try {
        run.runToEnd();
        expect({ report: run.report(), paper: run.paper() }).toEqual(golden);
      } finally {
        run.free();
      }
    },
    120_000,
  );
});
