// Screenshots of every view state, for a person to look at (test-results/…), at a projector's
// 1280×720 and at 1920×1080. UPDATE_README_SCREENSHOT=1 also writes docs/screenshot.png.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { DEFAULT_SCENARIO, openApp, setParam, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const README_SHOT = fileURLToPath(new URL('../docs/screenshot.png', import.meta.url));
const README_LIBRARY_SHOT = fileURLToPath(new URL('../docs/library.png', import.meta.url));

// One visit a size (issue 38 #2): the library cache's states first, then the buffer cache's
// from the default scenario opened again (the buffer states end on a bad link's page).
for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
]) {
  test(`every view state at ${width}×${height}: the library cache, then the buffer cache`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const watcher = watch(page);
    await openApp(page, URL_);
    await test.step('the library cache view', async () => {
      const libShot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${width}x${height}-lib-${name}.png`) });
      await page.getByTestId('scenario-select').selectOption('seed001-8.1.6-test1');
      await expect(page.getByTestId('library-stats')).toBeVisible();
      await libShot('1-initial');
      await page.getByTestId('position-slider').fill('30000');
      for (let i = 0; i < 4; i++) await page.getByTestId('step').click();
      await page.waitForTimeout(300);
      await libShot('2-mid-animation');
      for (const id of ['statement-stream', 'bucket-panel', 'heap-panel', 'sessions-panel']) {
        await page
          .getByTestId(id)
          .screenshot({ path: testInfo.outputPath(`${width}x${height}-lib-panel-${id}.png`) });
      }
      await page.getByTestId('scenario-select').selectOption('lib-literal-resize');
      await page.getByTestId('position-slider').fill('3040');
      for (let i = 0; i < 3; i++) await page.getByTestId('step').click();
      await libShot('3-resize');
      await page.getByTestId('run-to-end').click();
      await libShot('4-run-to-end');
      for (const id of ['library-stats', 'library-charts', 'literal-sql', 'workload']) {
        await page
          .getByTestId(id)
          .screenshot({ path: testInfo.outputPath(`${width}x${height}-lib-panel-${id}.png`) });
      }
    });
    await test.step('every buffer cache view state', async () => {
      await page.getByTestId('scenario-select').selectOption(DEFAULT_SCENARIO);
      await expect(page.getByTestId('position')).toHaveAttribute('data-position', '0');
      const shot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${width}x${height}-${name}.png`) });
      await shot('1-initial');

      await page.getByTestId('position-slider').fill('2999');
      for (let i = 0; i < 2; i++) await page.getByTestId('step').click();
      await page.waitForTimeout(700);
      await page.getByTestId('step').click();
      await page.waitForTimeout(200);
      await shot('2-mid-animation');
      await page.waitForTimeout(800);
      await shot('3-after-step');

      await page.getByTestId('run-to-end').click();
      await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');
      await page.locator('[data-testid="narration-entry"][data-kind="insert"]').first().click();
      await expect(page.getByTestId('xbh-panel').locator('[data-field="buf#"]')).toBeVisible();
      await shot('4-run-to-end');

      await page.getByTestId('scenario-select').selectOption('seed000-8.0-test4');
      await page.getByTestId('position-slider').fill('20000');
      await page.getByTestId('step-exec').click();
      await page.waitForTimeout(900);
      await shot('5-three-pools');

      await page.locator('[data-testid="narration-entry"][data-kind="hit"]').first().click();
      for (const id of ['segments', 'workload', 'xbh-panel', 'paper-table']) {
        await page
          .getByTestId(id)
          .screenshot({ path: testInfo.outputPath(`${width}x${height}-panel-${id}.png`) });
      }
      await page.getByText('All columns, DBWR load and hash chains').click();
      await page
        .getByTestId('pool-stats')
        .screenshot({ path: testInfo.outputPath(`${width}x${height}-panel-pool-stats.png`) });
      await page
        .getByTestId('charts')
        .screenshot({ path: testInfo.outputPath(`${width}x${height}-panel-charts.png`) });

      await page.getByTestId('raw-tab').click();
      await shot('6-raw-init');
      await page.getByTestId('raw-init').fill('db_block_buffers = 1000\nnonsense here\n');
      await shot('7-raw-init-error');

      await page.getByRole('tab', { name: 'Form' }).click();
      await setParam(page, 'db_block_lru_latches', '30');
      await expect(page.getByTestId('param-db_block_lru_latches')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await shot('8-invalid-param');

      await page.goto(`${URL_}#v1=N4IgdghgtgpiBcIDKB7AdgFwM`);
      await page.reload();
      await expect(page.getByTestId('link-error')).toBeVisible();
      await shot('9-bad-link');
      watcher.expectClean(new URL(URL_).origin);
    });
  });
}

test('the README screenshot', async ({ page }) => {
  test.skip(!process.env.UPDATE_README_SCREENSHOT, 'set UPDATE_README_SCREENSHOT=1 to update it');
  await page.setViewportSize({ width: 1600, height: 900 });
  await openApp(page, URL_);
  await page.getByTestId('position-slider').fill('2999');
  for (let i = 0; i < 3; i++) await page.getByTestId('step').click();
  await page.waitForTimeout(900);
  await page.getByTestId('narration-entry').filter({ hasText: 'promoted' }).first().click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: README_SHOT });
});

test('the README screenshot of the library cache', async ({ page }) => {
  test.skip(!process.env.UPDATE_README_SCREENSHOT, 'set UPDATE_README_SCREENSHOT=1 to update it');
  await page.setViewportSize({ width: 1600, height: 900 });
  await openApp(page, URL_);
  await page.getByTestId('scenario-select').selectOption('seed001-8.1.6-test3');
  await page.getByTestId('position-slider').fill('30000');
  for (let i = 0; i < 4; i++) await page.getByTestId('step').click();
  await page.getByTestId('statement-stream').scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: README_LIBRARY_SHOT });
});
