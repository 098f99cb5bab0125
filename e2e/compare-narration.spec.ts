// Compare mode narrates A and B, each its own steps, and says when the same access came out
// differently; an embed of a comparison shows both, side by side (tabs in a narrow frame),
// with one playback bar. axe finds nothing serious in either.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const ORIGIN = new URL(URL_).origin;

const caption = (page: Page, which: 'a' | 'b') =>
  page.getByTestId(`slot-${which}`).getByTestId('narration-caption');

async function noSeriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

test('Table 6 compared: each configuration narrates its own step, the difference named; its embed shows both', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.addInitScript(() => localStorage.setItem('cachesim.tour', 'done'));
  const watcher = watch(page);
  await page.goto(URL_);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('compare').click();
  await page.getByTestId('compare-preset-table6').click();
  await expect(page.getByTestId('compare-workspace')).toBeVisible();

  // Access #2 is LARGE_TBL's first block: a miss in A's DEFAULT pool, in B's RECYCLE pool.
  await page.getByTestId('step').click();
  await page.getByTestId('step').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '2');
  await expect(caption(page, 'a')).toContainText('#2 ·');
  await expect(caption(page, 'b')).toContainText('#2 ·');
  await expect(caption(page, 'a')).toContainText('DEFAULT');
  await expect(caption(page, 'b')).toContainText('RECYCLE');
  const contrast = page.getByTestId('step-contrast');
  await expect(contrast).toContainText('#2 differs');
  await expect(contrast).toContainText('DEFAULT working set');
  await expect(contrast).toContainText('RECYCLE working set');
  await noSeriousViolations(page);
  await page.screenshot({ path: 'docs/screens/compare-narration-1920x1080.png' });

  // The embed code of the comparison carries both configurations.
  await page.getByTestId('copy-embed').click();
  const status = page.getByTestId('embed-status');
  await expect(status).toHaveAttribute('data-snippet', /^<iframe src="[^"]+\?embed#v1=/);
  const snippet = (await status.getAttribute('data-snippet')) ?? '';
  watcher.expectClean(ORIGIN);

  await page.setContent(`<!doctype html><title>slide</title><body>${snippet}</body>`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
  await expect(frame.getByTestId('position')).toHaveAttribute('data-position', '2');
  await expect(frame.getByTestId('init-panel')).toHaveCount(0);
  for (const which of ['a', 'b'] as const)
    await expect(frame.getByTestId(`slot-${which}`).getByTestId('lru-view')).toBeVisible();
  await frame.getByTestId('step').click();
  await expect(frame.getByTestId('position')).toHaveAttribute('data-position', '3');
  for (const which of ['a', 'b'] as const)
    await expect(frame.getByTestId(`slot-${which}`).getByTestId('narration-caption')).toContainText(
      '#3 ·',
    );
  await page.screenshot({ path: 'docs/screens/compare-embed-iframe.png' });
});

test('a comparison’s embed in a narrow frame: A and B as tabs, axe clean', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.addInitScript(() => localStorage.setItem('cachesim.tour', 'done'));
  await page.goto(URL_);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('compare').click();
  await page.getByTestId('compare-preset-table6').click();
  await page.getByTestId('copy-link').click();
  await expect(page).toHaveURL(/#v1=/);
  const hash = new URL(page.url()).hash;

  await page.setViewportSize({ width: 600, height: 700 });
  await page.goto(`${URL_}?embed${hash}`);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId('slot-a')).toBeVisible();
  await expect(page.getByTestId('slot-b')).toBeHidden();
  await page.getByTestId('slot-tab-b').click();
  await expect(page.getByTestId('slot-b')).toBeVisible();
  await expect(page.getByTestId('slot-a')).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(600);
  await noSeriousViolations(page);
  await page.screenshot({ path: 'docs/screens/compare-embed-600x700.png' });
});
