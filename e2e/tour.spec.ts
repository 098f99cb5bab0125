// First steps: the guided tour opens on a first visit, walks its steps pointing at the page,
// stays closed once closed (localStorage), reopens from the header; every panel has its
// "what am I looking at" help.
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { expect, test } from '@playwright/test';
import { openApp } from './site';

test('the tour opens once, is remembered when closed and reopens from the header', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openApp(page, '/');
  const tour = page.getByTestId('tour');
  await expect(tour).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('tour-1920.png') });
  await expect(tour).toContainText('1 of 6');
  await expect(page.locator('.tour-target')).toHaveAttribute('data-testid', 'scenario-select');
  await page.getByTestId('tour-next').click();
  await page.getByTestId('tour-next').click();
  await expect(tour).toContainText('3. The replacement lists');
  await expect(page.locator('.tour-target')).toHaveAttribute('data-testid', 'lru-panel');
  await page.getByTestId('tour-close').click();
  await expect(tour).toHaveCount(0);
  await expect(page.locator('.tour-target')).toHaveCount(0);

  await page.reload();
  await expect(page.locator('[data-testid="pool-row"]').first()).toBeVisible();
  await expect(tour).toHaveCount(0);
  await page.getByTestId('tour-open').click();
  await expect(tour).toContainText('1 of 6');
  for (let i = 0; i < 5; i++) await page.getByTestId('tour-next').click();
  await page.getByTestId('tour-done').click();
  await expect(tour).toHaveCount(0);
});

test('every panel on the page has its help', async ({ page }) => {
  await openApp(page, '/');
  // The playback bar has no title; every titled panel has a "?". Both counted in one look:
  // lazily loaded panels (Sizing, Trace …) can arrive between two separate counts.
  const counts = () =>
    page.evaluate(() => [
      document.querySelectorAll('section.panel > header h2').length,
      document.querySelectorAll('section.panel > header .panel-help').length,
    ]);
  await expect
    .poll(async () => {
      const [titles, helps] = await counts();
      return titles > 0 && titles === helps;
    })
    .toBe(true);
  const lru = page.getByTestId('help-replacement-lists');
  await lru.locator('summary').click();
  await expect(lru.getByRole('note')).toContainText('working set');
  await lru.locator('summary').click();
  await expect(lru.getByRole('note')).toBeHidden();
});

test('a first visit to an embedded slide or to presenter mode opens no tour', async ({ page }) => {
  for (const display of ['embed', 'present']) {
    await page.goto(`/?${display}`);
    await expect(page.locator('.app')).toHaveAttribute('data-display', display);
    await expect(page.getByTestId('play')).toBeEnabled();
    await expect(page.getByTestId('tour')).toHaveCount(0);
  }
  // issue 41 #5: nor does a first visit by a share link (someone's lesson)
  const scenario = JSON.parse(readFileSync('scenarios/seed000-8.0-test2.json', 'utf8'));
  const link = `/#v1=${LZString.compressToEncodedURIComponent(JSON.stringify({ scenario, position: 7 }))}`;
  await page.goto(link);
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '7');
  await expect(page.getByTestId('tour')).toHaveCount(0);
});
