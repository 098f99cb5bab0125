// `npm run -s sim -- --report FILE [--json]` (issue 39): the JSON object's shape as the issue
// gives it, a report without an advisory (no advisory, no fit), and a file that is no report
// (exit 1, one line naming what was looked for). Timeouts are hang guards.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasFixture } from '../web/src/instance/fixtureFiles';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = 'web/src/instance/fixtures/';
const sim = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/cli.mjs', 'sim', ...args], { cwd: root, encoding: 'utf8' });

describe('sim --report', () => {
  // the public reports are not committed (web/src/instance/fixtures/README.md)
  it.skipIf(!hasFixture('awr-19-rac.html'))(
    'prints read, advisory, fit, scenario and the what-ifs as one JSON object',
    () => {
      const r = sim('--report', `${fixtures}awr-19-rac.html`, '--json');
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.read).toMatchObject({ release: '19.0.0.0.0', block_size: 8192 });
      expect(out.read.buffer_cache_bytes).toBe(51200 * 1024 * 1024);
      expect(Object.keys(out.read.load_profile)).toEqual(
        expect.arrayContaining([
          'logical_reads_per_s',
          'physical_reads_per_s',
          'parses_per_s',
          'hard_parses_per_s',
          'executes_per_s',
        ]),
      );
      expect(
        out.read.sections.find((s: { name: string }) => s.name === 'Buffer Pool Advisory'),
      ).toEqual({
        name: 'Buffer Pool Advisory',
        status: 'read',
        reason: '',
      });
      expect(out.advisory.length).toBe(20);
      for (const row of out.advisory) {
        expect(Object.keys(row).sort()).toEqual([
          'fitted',
          'report_phys_reads',
          'simulated_phys_reads',
          'size_factor',
        ]);
        expect(row.fitted).toBe(row.size_factor <= 1);
      }
      expect(Object.keys(out.fit.parameters).sort()).toEqual(['footprint', 'zipf_s']);
      expect(typeof out.fit.median_rel_err_fitted).toBe('number');
      expect(typeof out.fit.median_rel_err_predicted).toBe('number');
      expect(out.scenario).toMatchObject({ version: 1, profile: '11.2.0.2' });
      expect(out.whatif[0].name).toBe('Today (the report)');
      expect(out.whatif.length).toBeGreaterThan(5);
    },
    300_000,
  );

  it.skipIf(!hasFixture('awr-12.2.0.1-rac.html'))(
    'a report without an advisory has no advisory and no fit, and says why',
    () => {
      const r = sim('--report', `${fixtures}awr-12.2.0.1-rac.html`, '--json');
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.advisory).toBeUndefined();
      expect(out.fit).toBeUndefined();
      expect(
        out.read.sections.find((s: { name: string }) => s.name === 'Buffer Pool Advisory').status,
      ).toBe('missing');
      expect(out.note).toMatch(/no buffer cache size/);
    },
    60_000,
  );

  it('a file that is no report exits non-zero with one line naming what it looked for', () => {
    const r = sim('--report', 'package.json', '--json');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/looked for 'WORKLOAD REPOSITORY report for'.*'STATSPACK report for'/);
  }, 60_000);
});
