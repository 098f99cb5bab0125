// A sampled run (issue 43, docs/model.md §3.4): the bundled 128 GB scenario opens, plays its
// sampled cache to the end, and the header says its figures are estimates; an exact scenario
// has no banner.
import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, poolRow, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;

test.use({ viewport: { width: 1024, height: 768 } });

test('the 128 GB scenario runs sampled, under a banner saying so', async ({ page }, info) => {
  test.setTimeout(240_000);
  const watcher = watch(page);
  await openApp(page, URL_);
  await expect(page.getByTestId('sampled-banner')).toHaveCount(0);
  await page.getByTestId('scenario-select').selectOption('large-128g-sampled');
  const banner = page.getByTestId('sampled-banner');
  await expect(banner).toHaveText(
    'sampled at 1 %: figures are estimates, the view is the sampled cache',
  );
  await expect(banner).toHaveAttribute('data-rate', '0.01');
  for (const pool of ['DEFAULT', 'KEEP', 'RECYCLE'])
    await expect(poolRow(page, pool)).toBeVisible();
  // its 66 segments' swatches fold past 12, so the lists stay in the panel's view
  const legend = page.getByTestId('lru-legend');
  await expect(legend.locator('[data-segment]:visible')).toHaveCount(11);
  await expect(page.getByTestId('lru-legend-more')).toContainText('+ 55 more objects');
  await expect(page.getByTestId('lru-view').locator('canvas, svg').first()).toBeInViewport();
  // the greyed db_block_buffers is the parameter's default, not the sample's 175,636 buffers
  // passed off as the instance's
  await expect(page.getByTestId('param-db_block_buffers')).toHaveAttribute('placeholder', '1000');
  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '20000000', {
    timeout: 200_000,
  });
  await page.screenshot({ path: info.outputPath('sampling-1024x768.png') });
  watcher.expectClean(`http://localhost:${PREVIEW_PORT}`);
});

// issue 41 #5: an exact run's greyed db_block_buffers is the buffers the instance has — seed
// 003 sizes its cache with db_cache_size = 16M, 2,048 buffers (it showed the default, 1000)
test("db_block_buffers' greyed default is the instance's buffers", async ({ page }) => {
  await openApp(page, URL_);
  await page.getByTestId('scenario-select').selectOption('seed003-fs-cache');
  await expect(page.getByTestId('param-db_block_buffers')).toHaveAttribute('placeholder', '2048');
});
