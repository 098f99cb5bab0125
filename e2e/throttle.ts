// A lecture hall's network in Chromium (CDP Network.emulateNetworkConditions: latency, and the
// same bandwidth each way), and what the first screen is: what e2e/first-screen.spec.ts waits
// for and scripts/bench-wait.ts times (issue 30 #5).
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
