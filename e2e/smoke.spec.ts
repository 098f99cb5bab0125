import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { poolRow, runSmokeScenario } from './site';

test('runs a bundled scenario to the end and shows every pool', async ({ page }, testInfo) => {
  await runSmokeScenario(page, `http://localhost:${PREVIEW_PORT}/`, testInfo);
  // seed000-8.0-test1 has only the DEFAULT pool; TEST4 adds KEEP and RECYCLE.
  await page.getByTestId('scenario-select').selectOption('seed000-8.0-test4');
  for (const pool of ['DEFAULT', 'KEEP', 'RECYCLE'])
    await expect(poolRow(page, pool)).toBeVisible();
  // the paper table says what the paper's DEFAULT row holds that the simulator leaves out
  await expect(page.getByTestId('paper-left-out')).toContainText(
    "Left out: the instance's own blocks",
  );
});

// issue 26 #14: the wasm started downloading only once main.js had arrived and run; the page
// preloads it, and the engine's fetch takes the preloaded response (one download, no warning
// that a preload went unused).
test('the engine’s wasm is preloaded with main.js and downloaded once', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/preload/i.test(m.text())) warnings.push(m.text());
  });
  await page.goto(`http://localhost:${PREVIEW_PORT}/`);
  await expect(page.getByTestId('scenario-select')).toBeVisible();
  const href = await page.locator('link[rel="preload"][as="fetch"]').getAttribute('href');
  expect(href).toMatch(/\/cachesim_bg-[\w-]+\.wasm$/);
  const loads = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.wasm'))
      .map((e) => (e as PerformanceResourceTiming).initiatorType),
  );
  expect(loads).toEqual(['link']);
  await page.waitForTimeout(3500); // Chrome warns of an unused preload 3 s after load
  expect(warnings).toEqual([]);
});
