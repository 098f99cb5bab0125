// The headless runner's V$DB_CACHE_ADVICE on seed 002 (issue 26 item 1): with
// db_cache_advice = ON, 20 real estimates, the 1.0 row the pool's own physical reads over
// the measured interval (after the warm-up's reset), every share of DB time within 0–100.
// Before the fix 19 rows said 0 reads and the 1.0 row 236.8 % of DB time. The engine's own
// test over every bundled scenario is wasm-core/engine/tests/engine/advice_all.rs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AdviceRow } from '../web/src/sim/generated/buffer/AdviceRow';

const root = fileURLToPath(new URL('..', import.meta.url));
// the bundled runner (scripts/cli.mjs), as `npm run -s` runs it: no tsx start-up a run

describe('headless runner: V$DB_CACHE_ADVICE', () => {
  it('seed 002 with advice on: 20 real rows over the measured interval', () => {
    const dir = mkdtempSync(join(tmpdir(), 'advice-'));
    const file = join(dir, 'seed002.json');
    const scenario = JSON.parse(
      readFileSync(join(root, 'scenarios/seed002-mvs-25000.json'), 'utf8'),
    );
    scenario.init.db_cache_advice = 'ON';
    writeFileSync(file, JSON.stringify(scenario));
    const r = spawnSync(process.execPath, ['scripts/cli.mjs', 'sim', file], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    const rows: AdviceRow[] = report.db_cache_advice;
    expect(rows).toHaveLength(20);
    const pool = report.pools[0];
    expect(pool.physical_reads).toBeGreaterThan(0);
    const current = rows.find((x) => x.size_factor === 1);
    expect(current?.estd_physical_reads).toBe(pool.physical_reads);
    for (const [k, x] of rows.entries()) {
      expect(x.estd_physical_reads).toBeGreaterThan(0);
      if (k > 0) expect(x.estd_physical_reads).toBeLessThanOrEqual(rows[k - 1].estd_physical_reads);
      expect(x.estd_pct_of_db_time_for_reads).not.toBeNull();
      expect(x.estd_pct_of_db_time_for_reads).toBeGreaterThanOrEqual(0);
      expect(x.estd_pct_of_db_time_for_reads).toBeLessThanOrEqual(100);
    }
  }, 120_000);
});
