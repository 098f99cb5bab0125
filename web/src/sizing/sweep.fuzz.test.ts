// Sweeps as a fuzzed surface (issue 29): any `param=from..to/steps` a user can type, on a
// bundled scenario, is either planned — a parameter that is a number of the scenario, every
// value of which the engine accepts or refuses by a field — or refused with a message that
// names the parameter or the part at fault; never a JavaScript error, never a wasm trap.
// FUZZ_CASES sets the number of cases per property.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateScenario } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { bundled } from '../store/storeFixture';
import { parseSweep, planSweep, valueOf, withParam } from './sweep';

const CASES = Number(process.env.FUZZ_CASES) || 100;

beforeAll(() => loadEngineNode());

const SCENARIOS = ['seed000-8.0-test1', 'seed000-8i-hot50', 'seed001-8.1.6-test1'];

/** Path pieces: the scenario's own fields, array indices, and what an object inherits. */
const piece = fc.oneof(
  fc.constantFrom(
    'workload',
    'objects',
    'init',
    'cost',
    'blocks',
    'accesses',
    'set_rand',
    'total_slams',
    'physical_read_ms',
    'length',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'valueOf',
  ),
  fc.integer({ min: 0, max: 5 }).map((i) => `[${i}]`),
  fc.string({ maxLength: 6 }),
);
const param = fc.oneof(
  fc.constantFrom('db_block_buffers', 'shared_pool_size', '_db_percent_hot_default'),
  // real paths, and the built-ins beside them
  fc
    .constantFrom('objects', 'workload.set_rand', 'workload', 'objects[0]', 'cost', 'init')
    .chain((head) =>
      fc
        .constantFrom('length', 'blocks', 'accesses', '[1]', 'physical_read_ms', '__proto__')
        .map((tail) => (tail.startsWith('[') ? `${head}${tail}` : `${head}.${tail}`)),
    ),
  fc.array(piece, { minLength: 1, maxLength: 4 }).map((ps) => ps.join('.').replace(/\.\[/g, '[')),
);
const bound = fc.oneof(
  fc.integer({ min: -10, max: 2_000_000 }),
  fc.constantFrom(1e12, 2 ** 53, 0.5),
);

describe('a sweep typed by anyone', () => {
  it('is planned on numbers of the scenario, or refused in words', () => {
    let planned = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...SCENARIOS),
        param,
        bound,
        bound,
        fc.oneof(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 200 })),
        (id, p, a, b, steps) => {
          const [from, to] = a < b ? [a, b] : [b, a];
          const scenario = bundled(id).scenario;
          let values: number[];
          try {
            values = planSweep(scenario, parseSweep(`${p}=${from}..${to}/${steps}`));
          } catch (e) {
            expect(e).toBeInstanceOf(Error);
            expect(e).not.toBeInstanceOf(TypeError);
            expect(e).not.toBeInstanceOf(RangeError);
            expect((e as Error).message).not.toMatch(/undefined|unreachable|\[object/);
            return;
          }
          planned++;
          expect(values.length).toBeGreaterThan(0);
          expect(values.length).toBeLessThanOrEqual(steps);
          // what was planned is a number of the scenario (or an init.ora parameter)
          if (!/^[a-z_]+$/.test(p)) expect(typeof valueOf(scenario, p)).toBe('number');
          // each end of the range is accepted or refused by a field, never thrown
          for (const v of [values[0], values[values.length - 1]]) {
            const changed = withParam(scenario, p, v);
            // setting one number changes the scenario by that number's digits, nothing more
            // (an array's `length` would grow the scenario by millions of elements)
            const size = (x: unknown) => JSON.stringify(x).length;
            expect(size(changed)).toBeLessThan(size(scenario) + 40 + p.length);
            const refused = validateScenario(changed);
            if (refused) expect(refused.path.length + refused.detail.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: CASES },
    );
    // the cases reach the engine, not only the parser
    expect(planned).toBeGreaterThan(CASES / 10);
  });
});
