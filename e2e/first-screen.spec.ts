// The first screen over a lecture hall's network (issue 30 #5): with 150 ms latency and
// 10 Mbit/s the replacement list is drawn, and a repeat visit is served by the service worker
// and draws it again. The site is served gzipped under a sub-path, as a static host serves it
// (e2e/serve-subpath.mjs); the throttling is Chromium's own (CDP
// Network.emulateNetworkConditions). How long each wait takes — 1.5 s at 10 Mbit/s, 3 s at
// 1.6 Mbit/s, 0.5 s on a repeat visit — is a figure `npm run bench` prints against its target
// (scripts/bench-wait.ts), never asserted here: a clock in a test turns load into a red CI.
import { expect, test } from '@playwright/test';
import { SUBPATH, SUBPATH_PORT } from './ports';
import { FIRST_SCREEN, throttle } from './throttle';

const URL_ = `http://localhost:${SUBPATH_PORT}${SUBPATH}`;

// the repeat visit is the service worker's; every other spec blocks them
test.use({ serviceWorkers: 'allow' });

test('at 10 Mbit/s and 150 ms the list is drawn, and a repeat visit draws it from the service worker', async ({
  page,
}) => {
  await throttle(page, 10);
  const list = page.locator(FIRST_SCREEN).first();
  await page.goto(URL_, { waitUntil: 'commit' });
  await expect(list).toBeAttached({ timeout: 30_000 });
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload({ waitUntil: 'commit' });
  await expect(list).toBeAttached({ timeout: 30_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // the engine came from the service worker's cache, not the network
  const wasm = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.wasm'))
      .map((e) => (e as PerformanceResourceTiming).workerStart > 0),
  );
  expect(wasm.length).toBeGreaterThan(0);
  expect(wasm.every(Boolean)).toBe(true);
});
