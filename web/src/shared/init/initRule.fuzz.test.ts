// One rule for the page and the engine (issue 29 #15): whatever is typed as an init.ora value,
// the page's check refuses it as "not a number of this kind" exactly when the engine does —
// the page once took `1e3` (JavaScript's Number()), which the engine then refused.
// FUZZ_CASES sets the number of cases.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parameterDocs, validateScenario } from '../../sim/engine';
import { loadEngineNode } from '../../sim/node';
import { parseInit } from '../../store/initOra';
import { bundled } from '../../store/storeFixture';
import { checkInitText } from './initCheck';

const CASES = Number(process.env.FUZZ_CASES) || 300;

beforeAll(() => loadEngineNode());
loadEngineNode();
const NUMERIC = parameterDocs().filter((d) => d.kind === 'integer' || d.kind === 'size');

/** What a user might type for a number: digits, signs, exponents, points, units, spaces. */
const typed = fc
  .array(fc.constantFrom(...'0123456789', '+', '-', '.', 'e', 'E', 'x', 'K', 'M', 'G', ' '), {
    minLength: 1,
    maxLength: 9,
  })
  .map((cs) => cs.join('').trim())
  .filter((t) => t !== '');

describe('an init.ora value', () => {
  it('is refused as the wrong kind by the page exactly when the engine refuses it so', () => {
    const base = bundled('seed000-8i-hot50').scenario;
    fc.assert(
      fc.property(fc.constantFrom(...NUMERIC), typed, (doc, t) => {
        const line = `${doc.name} = ${t}`;
        const page = checkInitText(line, parameterDocs()).errors.map((e) => e.message);
        const pageKind = page.some((m) => /takes (a whole number|bytes)/.test(m));
        const init = { ...base.init, ...parseInit(line).init };
        const engine = validateScenario({ ...base, init });
        const engineKind = !!engine && /expected a (whole number|size)/.test(engine.detail);
        expect({ line, pageKind }).toEqual({ line, pageKind: engineKind });
      }),
      { numRuns: CASES },
    );
  });
});
