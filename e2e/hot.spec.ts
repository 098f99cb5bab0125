// The acceptance test: _db_percent_hot_default = 0 in seed000-8i-hot50, run to the end,
// and the DEFAULT hit ratio on the page equals what the headless runner reports.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { DEFAULT_SCENARIO, hitRatio, openApp, poolRow, setParam, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;

/**
 * The headless runner on seed000-8i-hot50 with _db_percent_hot_default = 0: `npm run -s sim`
 * is scripts/cli.mjs running scripts/sim.ts (bundled); the wasm the site was built with is already there,
 * so this calls the runner itself (the same module, the same scenario code).
 */
function simReport() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const scenario = JSON.parse(
    readFileSync(join(root, `scenarios/${DEFAULT_SCENARIO}.json`), 'utf8'),
  );
  scenario.init._db_percent_hot_default = 0;
  const file = join(mkdtempSync(join(tmpdir(), 'cachesim-')), 'hot0.json');
  writeFileSync(file, JSON.stringify(scenario));
  const out = execFileSync(process.execPath, ['scripts/cli.mjs', 'sim', file], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out) as {
    pools: { name: string; hit_ratio: number; physical_reads: number }[];
  };
}

test('_db_percent_hot_default = 0 gives the hit ratio of the headless runner', async ({
  page,
}, testInfo) => {
  const expected = simReport().pools.find((p) => p.name === 'DEFAULT');
  expect(expected).toBeDefined();

  const watcher = watch(page);
  await openApp(page, URL_);
  await expect(page.getByTestId('scenario-select')).toHaveValue(DEFAULT_SCENARIO);
  await setParam(page, '_db_percent_hot_default', '0');
  await expect(page.getByTestId('scenario-select')).toHaveValue('__edited__');
  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');

  expect(await hitRatio(page)).toBe(expected!.hit_ratio);
  await expect(poolRow(page, 'DEFAULT')).toHaveAttribute(
    'data-physical-reads',
    String(expected!.physical_reads),
  );
  await expect(poolRow(page, 'DEFAULT').getByTestId('hit-ratio')).toHaveText(
    `${(expected!.hit_ratio * 100).toFixed(2)} %`,
  );
  await page.screenshot({ path: testInfo.outputPath('hot0-end.png') });
  watcher.expectClean(new URL(URL_).origin);
});
