// Stepping narrates; playback controls, keyboard shortcuts and X$BH.
import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, position, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;

test('stepping produces narration that names the rule and the parameter', async ({ page }) => {
  const watcher = watch(page);
  await openApp(page, URL_);
  await page.getByTestId('step').click();
  const entries = page.getByTestId('narration-entry');
  await expect(entries.filter({ hasText: 'read into buf 0' })).toBeVisible();
  await expect(entries.filter({ hasText: '_db_block_hash_buckets' }).first()).toBeVisible();
  expect(await position(page)).toBe(1);

  // Far enough into the run for replacement: promotions name hot criteria and stay count.
  await page.getByTestId('position-slider').fill('2999');
  for (let i = 0; i < 6; i++) await page.getByTestId('step').click();
  await expect(entries.filter({ hasText: '_db_aging_touch_time' }).first()).toBeVisible();
  await expect(
    entries.filter({ hasText: '≥ _db_aging_hot_criteria 2 → moved to hot head' }).first(),
  ).toBeVisible();
  watcher.expectClean(new URL(URL_).origin);
});

test('step execution, step back, keyboard, play and pause', async ({ page }) => {
  const watcher = watch(page);
  await openApp(page, URL_);
  await page.getByTestId('step-exec').click();
  expect(await position(page)).toBe(4);
  await page.getByTestId('step-back').click();
  expect(await position(page)).toBe(3);
  await page.locator('body').press('ArrowRight');
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '4');
  await page.locator('body').press('Shift+ArrowRight');
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '8');
  await page.locator('body').press('ArrowLeft');
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '7');
  await page.locator('body').press('End');
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');
  await page.locator('body').press('Home');
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '0');

  await page.getByTestId('speed').fill('5'); // 100 steps/s
  await page.getByTestId('play').click();
  await expect.poll(() => position(page)).toBeGreaterThan(20);
  await page.locator('body').press(' ');
  const paused = await position(page);
  await page.waitForTimeout(300);
  expect(await position(page)).toBe(paused);

  await page.getByTestId('speed').fill('8'); // full speed
  await page.getByTestId('play').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000', {
    timeout: 10_000,
  });
  await expect(page.getByTestId('play')).toContainText('Replay');
  watcher.expectClean(new URL(URL_).origin);
});

test('a narrated buffer opens its X$BH row', async ({ page }) => {
  const watcher = watch(page);
  await openApp(page, URL_);
  await page.getByTestId('step').click();
  await page.getByTestId('narration-entry').filter({ hasText: 'read into buf 0' }).click();
  const xbh = page.getByTestId('xbh-panel');
  await expect(xbh.locator('[data-field="buf#"]')).toHaveText('0');
  await expect(xbh.locator('[data-field="obj"]')).toHaveText('LARGE_TBL_PK');
  await expect(xbh.locator('[data-field="tch"]')).toHaveText('1');
  watcher.expectClean(new URL(URL_).origin);
});
