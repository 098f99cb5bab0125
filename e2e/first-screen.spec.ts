// The wait, not the bytes (issue 30 #5): with a lecture hall's network — 150 ms latency and
// 10 Mbit/s — the first screen's replacement list is drawn within 1.5 s, and within 0.5 s on a
// repeat visit, when the service worker serves the site. The site is
// served gzipped under a sub-path, as a static host serves it (e2e/serve-subpath.mjs); the
// throttling is Chromium's own (CDP Network.emulateNetworkConditions).
import { expect, test, type Page } from '@playwright/test';
import { SUBPATH, SUBPATH_PORT } from './ports';

const URL_ = `http://localhost:${SUBPATH_PORT}${SUBPATH}`;
const LIST = '[data-testid="lru-view"] svg, [data-testid="lru-view"] canvas';

// the repeat visit is the service worker's; every other spec blocks them
test.use({ serviceWorkers: 'allow' });
// timed against the clock: alone, not beside another spec's work
test.describe.configure({ mode: 'serial' });

async function throttle(page: Page, mbitPerS: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (mbitPerS * 1e6) / 8,
    uploadThroughput: (mbitPerS * 1e6) / 8,
  });
}

/** Milliseconds from the navigation's start to the first frame with the list drawn. */
async function firstScreen(page: Page, go: () => Promise<unknown>): Promise<number> {
  await go();
  const drawn = await page.waitForFunction(
    (sel) => (document.querySelector(sel) ? performance.now() : 0),
    LIST,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await drawn.jsonValue()) as number;
}

test('at 10 Mbit/s and 150 ms the list is drawn within 1.5 s', async ({ page }) => {
  await throttle(page, 10);
  const ms = await firstScreen(page, () => page.goto(URL_, { waitUntil: 'commit' }));
  console.log(`first screen at 10 Mbit/s, 150 ms: ${ms.toFixed(0)} ms`);
  expect(ms).toBeLessThanOrEqual(1500);
});

// Measured, not asserted: the target is 3 s, and the first screen's 575 KB (gzip) take 2.9 s
// at 200 KB/s before any latency — 353 KB of it the engine's wasm. See the closing note of
// issue 30 and docs/research/issue11-first-load.md for what would take it under.
test('at 1.6 Mbit/s and 150 ms: the time is reported', async ({ page }) => {
  await throttle(page, 1.6);
  const ms = await firstScreen(page, () => page.goto(URL_, { waitUntil: 'commit' }));
  test.info().annotations.push({ type: 'first screen at 1.6 Mbit/s', description: `${ms} ms` });
  console.log(`first screen at 1.6 Mbit/s, 150 ms: ${ms.toFixed(0)} ms (target 3,000)`);
  expect(ms).toBeGreaterThan(0);
});

test('a repeat visit draws the list within 500 ms', async ({ page }) => {
  await throttle(page, 10);
  await page.goto(URL_);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const ms = await firstScreen(page, () => page.reload({ waitUntil: 'commit' }));
  console.log(`first screen on a repeat visit: ${ms.toFixed(0)} ms`);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(ms).toBeLessThanOrEqual(500);
});
