// The built site runs under the Content-Security-Policy of web/index.html: loading, stepping,
// playing, the OS page cache view and a library cache scenario report no violation — and the
// policy is really enforced (an injected inline script does not run).
import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, watch, watchCsp } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const ORIGIN = new URL(URL_).origin;

test('the site runs under its CSP without a violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const watcher = watch(page);
  await openApp(page, URL_);
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain("style-src 'self'");

  // Buffer cache: step, play a moment, run to the end.
  for (let i = 0; i < 5; i++) await page.getByTestId('step').click();
  await page.getByTestId('step-exec').click();
  await page.keyboard.press('Space');
  await page.waitForTimeout(500);
  await page.keyboard.press('Space');
  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');

  // The OS page cache view (seed 003) and a library cache scenario (seed 001).
  await page.getByTestId('scenario-select').selectOption('seed003-fs-cache');
  for (let i = 0; i < 3; i++) await page.getByTestId('step').click();
  await page.getByTestId('scenario-select').selectOption('seed001-8.1.6-test1');
  await expect(page.getByTestId('library-stats')).toBeVisible();
  for (let i = 0; i < 5; i++) await page.getByTestId('step').click();
  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('library-stats')).toBeVisible();

  expect(violations, 'CSP violations').toEqual([]);
  watcher.expectClean(ORIGIN);
});

test('the policy is enforced: an injected inline script does not run', async ({ page }) => {
  const violations = await watchCsp(page);
  await openApp(page, URL_);
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
    return (window as unknown as { __injected?: boolean }).__injected ?? false;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBe(1);
  expect(violations[0]).toMatch(/^script-src-elem blocked inline/);
});
