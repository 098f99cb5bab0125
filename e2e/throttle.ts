// A lecture hall's network in Chromium (CDP Network.emulateNetworkConditions: latency, and the
// same bandwidth each way) and the time to the first screen under it: what
// e2e/first-screen.spec.ts asserts and scripts/bench-wait.ts prints (issue 30 #5).
import type { Page } from '@playwright/test';

/** The first screen is drawn: the replacement list's drawing is in the page. */
export const FIRST_SCREEN = '[data-testid="lru-view"] svg, [data-testid="lru-view"] canvas';

export async function throttle(page: Page, mbitPerS: number, latencyMs = 150): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: (mbitPerS * 1e6) / 8,
    uploadThroughput: (mbitPerS * 1e6) / 8,
  });
}

/** Milliseconds from the navigation's start to the first frame with the list drawn. */
export async function firstScreen(page: Page, go: () => Promise<unknown>): Promise<number> {
  await go();
  const drawn = await page.waitForFunction(
    (sel) => (document.querySelector(sel) ? performance.now() : 0),
    FIRST_SCREEN,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await drawn.jsonValue()) as number;
}
