// The wait, not the bytes (issue 30 #5): with a lecture hall's network — 150 ms latency and
// 10 Mbit/s — the first screen's replacement list is drawn within 1.5 s, and within 0.5 s on a
// repeat visit, when the service worker serves the site. The site is
// served gzipped under a sub-path, as a static host serves it (e2e/serve-subpath.mjs); the
// throttling is Chromium's own (CDP Network.emulateNetworkConditions).
import { expect, test } from '@playwright/test';
import { SUBPATH, SUBPATH_PORT } from './ports';
import { firstScreen, throttle } from './throttle';

const URL_ = `http://localhost:${SUBPATH_PORT}${SUBPATH}`;

// the repeat visit is the service worker's; every other spec blocks them
test.use({ serviceWorkers: 'allow' });
// timed against the clock: alone, not beside another spec's work
test.describe.configure({ mode: 'serial' });

test('at 10 Mbit/s and 150 ms the list is drawn within 1.5 s', async ({ page }) => {
  await throttle(page, 10);
  const ms = await firstScreen(page, () => page.goto(URL_, { waitUntil: 'commit' }));
  console.log(`first screen at 10 Mbit/s, 150 ms: ${ms.toFixed(0)} ms`);
  expect(ms).toBeLessThanOrEqual(1500);
});

// Measured, not asserted: the target is 3 s, and the first screen's 575 KB (gzip) take 2.9 s
// at 200 KB/s before any latency — 353 KB of it the engine's wasm. `npm run bench`
// (scripts/bench-wait.ts) prints where the time goes, file by file.
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
