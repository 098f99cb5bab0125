// Exports on the built site: a view and a chart as SVG (parsed back as SVG by the browser's
// DOMParser) and PNG, V$BUFFER_POOL_STATISTICS as CSV, the whole run's report as JSON; and
// the paper table saying when the configuration is not the paper's.
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openApp, setParam, watch } from './site';

/** Click `testId` inside the open Export menu of `menu` and return the download's text. */
async function exported(page: Page, menu: string, button: string) {
  const details = page.getByTestId(menu);
  await details.locator('summary').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`${menu}-${button}`).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** What the browser's XML parser makes of an SVG file: its root and any parser error. */
const parseSvg = (page: Page, text: string) =>
  page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return {
      root: doc.documentElement.nodeName,
      ns: doc.documentElement.namespaceURI,
      error: doc.getElementsByTagName('parsererror').length,
      shapes: doc.querySelectorAll('rect, text, path, image, circle, line').length,
    };
  }, text);

test('views and charts export as valid SVG and as PNG', async ({ page }, testInfo) => {
  // Twenty steps, four exports and a PNG drawn at 2×: more than the default 30 s on a busy
  // two-core machine.
  test.setTimeout(90_000);
  const watcher = watch(page);
  await openApp(page, '/');
  for (let i = 0; i < 20; i++) await page.getByTestId('step').click();

  const lru = await exported(page, 'export-lru-panel', 'svg');
  expect(lru.name).toMatch(/^seed000-8i-hot50-at-20-lru-view\.svg$/);
  const parsed = await parseSvg(page, lru.bytes.toString('utf8'));
  expect(parsed).toMatchObject({ root: 'svg', ns: 'http://www.w3.org/2000/svg', error: 0 });
  expect(parsed.shapes).toBeGreaterThan(10);
  const lruPng = await exported(page, 'export-lru-panel', 'png');
  // For your own eyes: the exports as files beside the test's output.
  await writeFile(testInfo.outputPath(lru.name), lru.bytes);
  await writeFile(testInfo.outputPath(lruPng.name), lruPng.bytes);

  const chain = await exported(page, 'export-chain-panel', 'png');
  expect(chain.name).toMatch(/chain-view\.png$/);
  expect(chain.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  await writeFile(testInfo.outputPath(chain.name), chain.bytes);

  await page.getByTestId('charts').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('hit-ratio-chart')).toBeVisible();
  const chart = await exported(page, 'export-charts', 'svg');
  expect((await parseSvg(page, chart.bytes.toString('utf8'))).error).toBe(0);
  watcher.expectClean(new URL(page.url()).origin);
});

test('V$BUFFER_POOL_STATISTICS as CSV and the whole run as the runner’s JSON', async ({ page }) => {
  await openApp(page, '/');
  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');
  const csv = await exported(page, 'export-pool-stats', 'csv');
  const lines = csv.bytes.toString('utf8').trim().split('\r\n');
  expect(lines[0]).toMatch(/^id,name,set_msize,/);
  const physical = await page
    .locator('[data-testid="pool-row"][data-pool="DEFAULT"]')
    .getAttribute('data-physical-reads');
  const header = lines[0].split(',');
  const row = lines[1].split(',');
  expect(row[header.indexOf('name')]).toBe('DEFAULT');
  if (physical !== null) expect(row[header.indexOf('physical_reads')]).toBe(physical);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-report').click(),
  ]);
  const report = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(report.done).toBe(true);
  expect(report.pools[0].name).toBe('DEFAULT');
});

test('the paper table names an edited parameter and stops comparing', async ({ page }) => {
  await openApp(page, '/');
  await expect(page.getByTestId('paper-edited')).toHaveCount(0);
  // 40: no run of the paper (0, 25, 50 and 75 are its Table 9 runs, compared with their own
  // figures: e2e of issue 26 #6 is in the store's tests)
  await setParam(page, '_db_percent_hot_default', '40');
  const note = page.getByTestId('paper-edited');
  await expect(note).toContainText('_db_percent_hot_default 40, the paper ran 50');
  await expect(page.locator('[data-testid="paper-table"] tr[data-edited]').first()).toBeVisible();
  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('paper-table')).toContainText('n/a (edited)');
});

// issue 26 #6: an edit that makes the run another of the paper's runs is compared with that
// run's figures, not greyed out
test('an edit that is another run of the paper is compared with that run', async ({ page }) => {
  await openApp(page, '/');
  await setParam(page, '_db_percent_hot_default', '0'); // seed 000's 8i run with hot 0
  await expect(page.getByTestId('paper-edited')).toHaveCount(0);
  await expect(page.getByTestId('paper-twin')).toContainText('This configuration is seed 000');
  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('paper-table')).not.toContainText('n/a (edited)');
});
