// Miss-ratio curves (issue 25, item 5): two policies on the bundled 8i scenario computed in
// Web Workers, one chart with today's size marked, Oracle's curve thicker; Cancel stops a
// long run. Screenshots of the panel at two widths go to the test's output folder.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, uploadScenario, watch, zipfScenario } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;

async function choose(page: Page, policies: string[]) {
  const boxes = page.getByTestId('mrc-policy');
  for (const label of await boxes.all()) {
    const name = (await label.getAttribute('data-policy')) ?? '';
    await label.getByRole('checkbox').setChecked(policies.includes(name));
  }
}

for (const [width, height] of [
  [1920, 1080],
  [1024, 768],
]) {
  test(`curves for two policies at ${width}×${height}: chart, today's size, Oracle's line`, async ({
    page,
  }, info) => {
    await page.setViewportSize({ width, height });
    const watcher = watch(page);
    await openApp(page, URL_);
    await page.getByTestId('mrc').scrollIntoViewIfNeeded();
    const panel = page.getByTestId('mrc-panel');
    await expect(panel.getByTestId('mrc-policy')).not.toHaveCount(0);
    // 8.1.5: Oracle's rules are the touch count, ticked by default with LRU and OPT
    for (const p of ['touch-count', 'lru', 'opt'])
      await expect(panel.locator(`[data-policy="${p}"] input`)).toBeChecked();
    await expect(panel.locator('[data-policy="touch-count"]')).toContainText('Oracle’s rules');
    await choose(page, ['touch-count', 'lru']);
    await page.getByTestId('mrc-run').click();
    await expect(page.getByTestId('mrc-run')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('mrc-error')).toHaveCount(0);
    const chart = page.getByTestId('mrc-chart');
    await expect(chart.locator('path[data-line="lru"]')).toHaveCount(1);
    await expect(chart.locator('path[data-line="touch-count"]')).toHaveCount(1);
    await expect(chart.locator('path[data-line="touch-count"]')).toHaveAttribute(
      'stroke-width',
      '4.5',
    );
    await expect(chart.locator('[data-ref="x"]')).toHaveAttribute('data-value', '1000');
    await expect(page.getByTestId('mrc-summary')).toContainText('today 1,000 buffers');
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: info.outputPath(`mrc-${width}x${height}.png`) });
    const axe = await new AxeBuilder({ page }).include('[data-testid="mrc-panel"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    watcher.expectClean(new URL(URL_).origin);
  });
}

test('a long run shows its progress, and Cancel stops the workers', async ({ page }) => {
  await openApp(page, URL_);
  const heavy = zipfScenario('A million random accesses', 2000, 20_000, 1_000_000, 3);
  await uploadScenario(page, 'heavy.json', heavy);
  await expect(page.getByTestId('position')).toContainText('1,000,000');
  await page.getByTestId('mrc').scrollIntoViewIfNeeded();
  await choose(page, ['fifo', 'touch-count']);
  await page.getByTestId('mrc-run').click();
  await expect(page.getByTestId('mrc-progress')).toBeVisible();
  await page.getByTestId('mrc-cancel').click();
  await expect(page.getByTestId('mrc-progress')).toHaveCount(0);
  await expect(page.getByTestId('mrc-run')).toBeVisible();
  const lines = page.getByTestId('mrc-chart').locator('path[data-line]');
  const kept = await lines.evaluateAll((ps) => ps.map((p) => p.getAttribute('d')).join('|'));
  await page.waitForTimeout(1000);
  expect(await lines.evaluateAll((ps) => ps.map((p) => p.getAttribute('d')).join('|'))).toBe(kept);
});
