// The exports against the headless runner: the V$BUFFER_POOL_STATISTICS CSV a user downloads
// holds the very figures `npm run -s sim` reports, and "Report JSON" is that report's text.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun, type Report, type Scenario } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { runReportJson } from './run';
import { narrationTables, parseCsv, poolTables, toCsv } from './tables';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const FILE = 'scenarios/seed000-8i-hot50.json';

/** What `npm run -s sim -- FILE` prints. */
function runner(file: string): string {
  // the bundled runner (scripts/cli.mjs), as `npm run -s` runs it: no tsx start-up a run
  const r = spawnSync(process.execPath, ['scripts/cli.mjs', 'sim', file], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

beforeAll(() => loadEngineNode());

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and reads back what it wrote', () => {
    const rows = [
      { a: 'plain', b: 1.5, c: null },
      { a: 'with, comma', b: -2, c: 'say "hi"\nthere' },
    ];
    const text = toCsv(rows);
    expect(text.split('\r\n')[0]).toBe('a,b,c');
    expect(parseCsv(text)).toEqual([
      { a: 'plain', b: '1.5', c: '' },
      { a: 'with, comma', b: '-2', c: 'say "hi"\nthere' },
    ]);
  });

  it('writes the narration one line a row', () => {
    const t = narrationTables([
      { position: 3, title: 'access #3', lines: [{ kind: 'hit', text: 'a hit', why: 'tch 1' }] },
    ]);
    expect(t.narration).toEqual([
      { position: 3, step: 'access #3', kind: 'hit', text: 'a hit', why: 'tch 1' },
    ]);
  });
});

describe('exports equal the headless runner’s report', () => {
  const text = readFileSync(join(root, FILE), 'utf8');
  const scenario = JSON.parse(text) as Scenario;
  let printed: string;
  let report: Report;

  beforeAll(() => {
    printed = runner(FILE);
    report = JSON.parse(printed) as Report;
  }, 120_000);

  it('V$BUFFER_POOL_STATISTICS as CSV: every column of every pool, the runner’s figures', () => {
    // The page's run at its end, exported as the panel does.
    const run = SimRun.create(scenario);
    run.runToEnd();
    const csv = toCsv(poolTables(run.report()).V$BUFFER_POOL_STATISTICS);
    run.free();
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(report.pools.length);
    report.pools.forEach((pool, i) => {
      const entries = Object.entries(pool);
      expect(Object.keys(rows[i])).toEqual(entries.map(([k]) => k));
      for (const [column, value] of entries) {
        const cell = rows[i][column];
        if (typeof value === 'number') expect(Number(cell), column).toBe(value);
        else expect(cell, column).toBe(value === null ? '' : String(value));
      }
    });
  });

  it('"Report JSON" is the text npm run -s sim prints for the same scenario', () => {
    expect(runReportJson(scenario)).toBe(printed);
  });
});
