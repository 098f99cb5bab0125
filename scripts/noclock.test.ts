// No clock in `npm test` (issue 38 #1): a test that asserts a time, a frame rate or a speed
// ratio turns a busy machine into a red CI. Times are figures `npm run bench` prints against
// their targets; a test may only bound a wait as a hang guard (a timeout). This reads every
// spec, every Vitest test and every engine test for a reading of the wall clock.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles as files, root } from './lib/repoFiles';

const CLOCK = /performance\.now\(|Date\.now\(|process\.hrtime|Instant::now|SystemTime::now/;

const TESTS = [
  ...files('e2e', (f) => f.endsWith('.ts')),
  ...files('web/src', (f) => /\.test\.tsx?$/.test(f)),
  ...files('scripts', (f) => f.endsWith('.test.ts') && !f.endsWith('noclock.test.ts')),
  ...files('wasm-core/engine/tests', (f) => f.endsWith('.rs')),
  ...files('wasm-core/engine/src', (f) => f.endsWith('.rs') && /(^|\/)tests(\/|\.rs$)/.test(f)),
];

describe('npm test reads no clock', () => {
  it('finds the tests it reads', () => {
    // a moved folder would make this test pass on nothing
    expect(TESTS.filter((f) => f.startsWith('e2e/')).length).toBeGreaterThan(20);
    expect(TESTS.filter((f) => f.startsWith('web/src/')).length).toBeGreaterThan(50);
    expect(TESTS.filter((f) => f.startsWith('wasm-core/engine/tests/')).length).toBeGreaterThan(10);
    expect(TESTS.filter((f) => f.startsWith('wasm-core/engine/src/')).length).toBeGreaterThan(10);
  });

  it('in any spec, Vitest test or engine test', () => {
    const found = TESTS.flatMap((f) =>
      readFileSync(join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (CLOCK.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
