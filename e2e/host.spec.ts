// Seed 002 on the page: the Host panel shows throughput and paging beside the hit ratio, and
// where each address space's pages sit (central storage, expanded storage, disk).
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const SCENARIO = 'seed002-mvs-50000';
const TOTAL = 1_100_000;

async function runToEnd(page: Page) {
  const button = page.getByTestId('run-to-end');
  await expect(async () => {
    if (await button.isEnabled()) await button.click();
    await expect(page.getByTestId('position')).toHaveAttribute('data-position', String(TOTAL), {
      timeout: 5_000,
    });
  }).toPass({ timeout: 120_000 });
}

test('seed 002: the Host panel shows tps, page-ins and migration beside the hit ratio, and host memory by address space', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const watcher = watch(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openApp(page, URL_);
  await page.getByTestId('scenario-select').selectOption(SCENARIO);
  await expect(page.getByTestId('scenario-select')).toHaveValue(SCENARIO);
  await runToEnd(page);
  const host = page.getByTestId('host-stats');
  await expect(host).toBeVisible();
  for (const stat of ['hit_ratio', 'tps', 'page_ins', 'pages_to_expanded', 'migrations']) {
    await expect(host.locator(`[data-stat="${stat}"]`)).toBeVisible();
  }
  await expect(host.locator('[data-stat="hit_ratio"]')).toContainText('86.2 %');
  await expect(host.locator('[data-stat="migrations"]')).toContainText('0.0/s');
  // 50,000 4 KB buffers on 128 MB of central storage: central full, the rest in expanded
  const central = host.locator('[data-level="central"]');
  await expect(central).toHaveAttribute('data-used', '32768');
  await expect(host.locator('[data-level="expanded"] [data-area="buffers"]')).toBeVisible();
  for (const [w, h] of [
    [1920, 1080],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await host.scrollIntoViewIfNeeded();
    await host.screenshot({ path: testInfo.outputPath(`host-${w}x${h}.png`) });
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
  watcher.expectClean(new URL(URL_).origin);
});

// Double buffering at a glance (issue 26 #9): after seed 003's warm-up through the file system
// cache, every buffer is also an OS page — the OS view says how many pages are held twice, and
// its legend names the mark; under direct I/O (db-cache) nothing is held twice.
// Issue 41 #4: and at a glance, on the first screen at 1280×720, above the replacement lists.
test('seed 003: the OS page cache says how much of it is held twice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, URL_);
  await page.getByTestId('scenario-select').selectOption('seed003-fs-cache');
  for (let i = 0; i < 2; i++) await page.getByTestId('step-exec').click();
  await expect(page.getByTestId('position')).not.toHaveAttribute('data-position', '0');
  const gauge = page.getByTestId('double-gauge');
  await expect(gauge).toBeInViewport({ ratio: 1 });
  await expect(gauge).toHaveAttribute('data-doubled', '2048');
  await expect(gauge).toContainText('2,048 blocks (16.0 MB) held twice');
  await expect(gauge).toContainText('2,048 of 2,048 buffers also in the OS (100 %)');
  const os = page.getByTestId('os-cache-view');
  await os.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-doubled]:not([data-testid="double-gauge"])')).toHaveAttribute(
    'data-doubled',
    '2048',
  );
  await expect(os.getByTestId('os-held-twice')).toContainText('2,048 of 65,536 pages held twice');
  await expect(page.locator('[data-legend="os-cached"]')).toContainText('lower half teal');
  // under direct I/O there is no OS page cache, and no gauge
  await page.getByTestId('scenario-select').selectOption('seed003-db-cache');
  await expect(page.getByTestId('report-policy')).toBeVisible();
  await expect(gauge).toHaveCount(0);
});
