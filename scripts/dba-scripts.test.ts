// Issue 41: the public DBA scripts of web/src/sql/fixtures/dba-scripts (not committed: the
// README there says where to fetch them) run unchanged through `npm run sql -- … --file`, on a
// seed 000 and a seed 001 scenario, with no ORA- error; the hot-block script lists the hottest
// chain's blocks, found from the snapshot without the SQL under test (web/src/sql/hotChain.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun } from '../web/src/sim/engine';
import { loadEngineNode } from '../web/src/sim/node';
import { hottestChain, type HotChain } from '../web/src/sql/hotChain';
import { capture } from '../web/src/sql/snapshot';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'web/src/sql/fixtures/dba-scripts');
interface Source {
  file: string;
  /** The oldest profile whose views have every column it reads. */
  profile?: string;
  accept?: string[];
}
const sources = (
  JSON.parse(readFileSync(join(dir, 'sources.json'), 'utf8')) as { scripts: Source[] }
).scripts;
const present = sources.filter((s) => existsSync(join(dir, s.file)));

const SEED000 = 'seed000-8i-hot50';
const SEED001 = 'seed001-8.1.6-test1';
const tmp = mkdtempSync(join(tmpdir(), 'dba-scripts-'));

/** The scenario's file, under another profile when `profile` is given. */
function scenarioFile(name: string, profile?: string): string {
  const path = join(root, 'scenarios', `${name}.json`);
  if (!profile) return path;
  const s = JSON.parse(readFileSync(path, 'utf8')) as { profile: string };
  s.profile = profile;
  const out = join(tmp, `${name}-${profile}.json`);
  writeFileSync(out, JSON.stringify(s));
  return out;
}

interface Json {
  results: Array<{ columns: string[]; rows: Array<Record<string, unknown>> }>;
}
const sql = (scenario: string, file: string, defines: string[]) =>
  spawnSync(
    process.execPath,
    [
      'scripts/cli.mjs',
      'sql',
      scenario,
      '--json',
      ...defines.flatMap((d) => ['--define', d]),
      '--file',
      join(dir, file),
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );

let hot: HotChain | null = null;
beforeAll(() => {
  loadEngineNode();
  const run = SimRun.create(readFileSync(scenarioFile(SEED000), 'utf8'));
  run.runToEnd();
  hot = hottestChain(run.report().hash_chains, capture(run));
  run.free();
});

describe.skipIf(present.length === 0)('public DBA scripts, unchanged, through --file', () => {
  it('has every script sources.json lists, at least ten', () => {
    expect(present.map((s) => s.file)).toEqual(sources.map((s) => s.file));
    expect(present.length).toBeGreaterThanOrEqual(10);
  });

  for (const seed of [SEED000, SEED001])
    for (const s of present)
      it(`${s.file} on ${seed}${s.profile ? ` under ${s.profile}` : ''}`, () => {
        const address = seed === SEED000 ? (hot?.addr ?? '00') : '00';
        const defines = (s.accept ?? []).map((name) => `${name}=${address}`);
        if (s.profile) {
          // the seed's own 8.1.x profile lacks a column it reads: Oracle 8i's error
          const native = sql(scenarioFile(seed), s.file, defines);
          expect(native.status).toBe(1);
          expect(native.stderr).toContain('ORA-00904');
        }
        const r = sql(scenarioFile(seed, s.profile), s.file, defines);
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        expect(r.stdout).not.toContain('ORA-');
        const out = JSON.parse(r.stdout) as Json;
        expect(out.results.length).toBeGreaterThan(0);
        if (s.file === 'hot_blocks.sql' && seed === SEED000) {
          // its second query: the blocks under the child whose address it was given
          if (!hot) throw new Error('no cache buffers chains children');
          expect(hot.blocks.length).toBeGreaterThan(0);
          const listed = out.results[out.results.length - 1].rows.map(
            (row) => `${String(row['FILE#'])}:${String(row.DBABLK)}`,
          );
          expect(listed.length).toBe(Math.min(10, hot.blocks.length));
          for (const b of listed) expect(hot.blocks).toContain(b);
        }
      }, 60_000);
});
