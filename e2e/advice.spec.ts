// V$DB_CACHE_ADVICE (issue 10, item 4): with db_cache_advice = ON the panel draws one chart
// per pool with today's size marked and Oracle's table, 20 rows a pool; OFF offers to turn
// it on.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, uploadScenario, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const scenario = (name: string) =>
  JSON.parse(readFileSync(new URL(`../scenarios/${name}.json`, import.meta.url), 'utf8')) as {
    title: string;
    init: Record<string, unknown>;
  };

async function expectPool(page: Page, pool: string, today: number, method: string) {
  const box = page.locator(`[data-testid="advice-pool"][data-pool="${pool}"]`);
  await expect(box.getByTestId('advice-row')).toHaveCount(20);
  const current = box.locator('[data-testid="advice-row"][data-current]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('data-buffers', String(today));
  await expect(current).toHaveAttribute('aria-current', 'true');
  await expect(current.locator('td').nth(2)).toHaveText('1.0000'); // size_factor
  const chart = page.getByTestId(`advice-chart-${pool}`);
  await expect(chart.locator('path[data-line="estd_physical_reads"]')).toHaveCount(1);
  await expect(chart.locator(`[data-ref="x"][data-value="${today}"]`)).toHaveCount(1);
  await expect(box.getByTestId('advice-method')).toHaveAttribute('data-method', method);
}

test.use({ viewport: { width: 1920, height: 1080 } });

test('with db_cache_advice = ON: a chart and 20 rows per pool, today marked', async ({
  page,
}, info) => {
  const watcher = watch(page);
  await openApp(page, URL_);
  const s = scenario('seed000-8.0-test2');
  s.init.db_cache_advice = 'ON';
  await uploadScenario(page, 'advice.json', s);
  await page.getByTestId('run-to-end').click();
  const panel = page.getByTestId('advice');
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByTestId('advice-pool')).toHaveCount(2);
  // DEFAULT has two working sets (round-robin misses: shadow caches); RECYCLE one, plain LRU
  await expectPool(page, 'DEFAULT', 950, 'shadow_caches');
  await expectPool(page, 'RECYCLE', 50, 'stack_distance');
  // a bigger pool never reads more under LRU
  const reads = await page
    .locator('[data-pool="RECYCLE"] [data-testid="advice-row"] td:nth-child(6)')
    .allTextContents();
  const n = reads.map((t) => Number(t.replace(/,/g, '')));
  expect(n).toEqual([...n].sort((a, b) => b - a));
  for (const [w, h] of [
    [1920, 1080],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`advice-${w}x${h}.png`) });
  }
  watcher.expectClean(new URL(URL_).origin);
});

test('with db_cache_advice OFF the panel offers to turn it on', async ({ page }) => {
  await openApp(page, URL_);
  await uploadScenario(page, 'off.json', scenario('seed000-8.0-test4'));
  const panel = page.getByTestId('advice');
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByTestId('advice-off')).toContainText('db_cache_advice = OFF');
  await panel.getByTestId('advice-on').click();
  await expect(page.getByTestId('scenario-select')).toHaveValue('__edited__');
  await page.getByTestId('run-to-end').click();
  await expect(panel.getByTestId('advice-pool')).toHaveCount(3);
  for (const pool of ['DEFAULT', 'KEEP', 'RECYCLE'])
    await expect(
      page.locator(`[data-testid="advice-pool"][data-pool="${pool}"] [data-testid="advice-row"]`),
    ).toHaveCount(20);
});
