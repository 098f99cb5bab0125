// The D3 views in the built site: the LRU view draws every buffer where the engine's order
// puts it (checked against the engine's own X$BH row), a click selects, a step animates, the
// chain view walks the lookup's bucket, and the views harness draws 100,000 buffers on a
// canvas and keeps producing frames. Frame rates themselves are figures, printed by
// `npx tsx scripts/bench-ui.ts`, never asserted here.
import { expect, test } from '@playwright/test';
import { HARNESS_PATH, HARNESS_PORT, PREVIEW_PORT } from './ports';
import { openApp, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const REGIONS = ['hot', 'cold', 'write', 'writing', 'free'];
const XBH_REGION: Record<string, string> = {
  hot: 'hot',
  cold: 'cold',
  write: 'write list',
  writing: 'writing',
  free: 'free',
};

test('the LRU view draws every buffer, selects on click and animates a step', async ({
  page,
}, testInfo) => {
  const watcher = watch(page);
  await openApp(page, URL_);
  const lru = page.getByTestId('lru-view');
  const cells = lru.locator('g.cell[data-buf]');
  await expect(cells).toHaveCount(1000);

  await page.getByTestId('position-slider').fill('2999');
  await page.getByTestId('step').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '3000');

  // Every cell says where it is; the regions add up to the cache.
  const regions = await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-region')));
  expect(regions.every((r) => r !== null && REGIONS.includes(r))).toBe(true);
  expect(regions.filter((r) => r !== 'free').length).toBeGreaterThan(500);
  await expect(lru.getByTestId('midpoint').first()).toBeAttached();

  // A step leaves its mark: a ring on the buffer it touched and a caption saying why.
  await expect(lru.locator('.ring').first()).toBeAttached();
  await expect(lru.locator('.caption').last()).toBeAttached();

  // Click a hot buffer: the X$BH row of that buffer agrees with the cell's region and tch.
  const cell = lru.locator('g.cell[data-region="hot"]').nth(3);
  const buf = await cell.getAttribute('data-buf');
  const tch = await cell.getAttribute('data-tch');
  await cell.click();
  const xbh = page.getByTestId('xbh-panel');
  await expect(xbh.locator('dd[data-field="buf#"]')).toHaveText(String(buf));
  await expect(xbh.locator('dd[data-field="tch"]')).toHaveText(String(tch));
  await expect(xbh.locator('dd[data-field="region"]')).toHaveText(XBH_REGION.hot);
  await expect(lru.locator(`g.cell[data-buf="${buf}"] rect.sel`)).toBeAttached();

  // The chain view shows the selected buffer's bucket, as the engine hashes it.
  const chain = page.getByTestId('chain-view');
  const hash = await xbh.locator('dd[data-field="hash"]').textContent();
  const bucket = /bucket (\d+)/.exec(hash ?? '')?.[1];
  await expect(chain.locator('[data-mark="selected"]')).toHaveAttribute(
    'data-bucket',
    String(bucket),
  );

  // A step walks the lookup's chain.
  await page.getByTestId('step').click();
  await expect(chain.locator('g.chain')).toHaveAttribute('data-bucket', /\d+/);
  await expect(chain.locator('g.header').first()).toBeAttached();
  await page.screenshot({ path: testInfo.outputPath('views-step.png') });
  watcher.expectClean(new URL(URL_).origin);
});

test('the harness draws 100,000 buffers on a canvas and keeps drawing', async ({ page }) => {
  const harness = `http://localhost:${HARNESS_PORT}${HARNESS_PATH}`;
  // vite preview answers unknown paths with index.html: look for the harness itself.
  const found = await page.request.get(harness);
  const built = found.ok() && (await found.text()).includes('views harness');
  test.skip(!built, 'the views harness was not built (vite build --mode harness)');
  const watcher = watch(page);
  await page.goto(`${harness}#buffers=100000&mode=play&speed=2000&views=lru,chain`);
  await page.waitForFunction(() => window.__harness?.ready === true, null, { timeout: 30_000 });
  await expect(page.getByTestId('lru-view')).toHaveAttribute('data-mode', 'canvas');
  await page.evaluate(() => window.__harness?.reset());
  // frames keep coming and playback moves on (how fast is bench-ui's figure; the poll's
  // timeout is a hang guard)
  const stats = () => page.evaluate(() => window.__harness?.stats());
  await expect.poll(async () => (await stats())?.frames, { timeout: 60_000 }).toBeGreaterThan(5);
  await expect
    .poll(async () => (await stats())?.position, { timeout: 60_000 })
    .toBeGreaterThan(200_000);
  watcher.expectClean(new URL(harness).origin);
});
