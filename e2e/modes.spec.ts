// Presenter mode (?present, the header's button, P) and embed mode (?embed with a share
// link's fragment, in an <iframe>), with "Copy embed code".
import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, position, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;

test('?present: no init.ora column, the narration as a caption, keyboard-driven', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const watcher = watch(page);
  await openApp(page, `${URL_}?present`);
  await expect(page.locator('.app')).toHaveAttribute('data-display', 'present');
  await expect(page.getByTestId('init-panel')).toBeHidden();
  // One header row (the desk's tools are left out), and every panel's help and Export
  // buttons inside its panel in the larger type.
  const header = await page.locator('.app-header').boundingBox();
  expect(header?.height, 'the header is one row').toBeLessThan(60);
  await expect(page.getByTestId('copy-embed')).toBeHidden();
  const outside = await page.locator('.panel').evaluateAll((panels) =>
    panels.flatMap((p) => {
      const tools = p.querySelector(':scope > header .panel-tools');
      if (!tools || !p.getBoundingClientRect().width) return [];
      const over = tools.getBoundingClientRect().right - p.getBoundingClientRect().right;
      return over > 1 ? [`${p.querySelector('h2')?.textContent}: ${over.toFixed(0)} px`] : [];
    }),
  );
  expect(outside).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => position(page)).toBe(1);
  const caption = page.getByTestId('narration-caption');
  await expect(caption).toBeVisible();
  await expect(caption).toContainText('#1 ·');
  await page.keyboard.press('p');
  await expect(page.locator('.app')).toHaveAttribute('data-display', 'normal');
  await expect(page.getByTestId('init-panel')).toBeVisible();
  await page.getByTestId('present').click();
  await expect(page.locator('.app')).toHaveAttribute('data-display', 'present');
  await page.screenshot({ path: 'docs/screens/present-1280x720.png' });
  await page.getByTestId('present').click();
  await expect(page.locator('.app')).toHaveAttribute('data-display', 'normal');
  watcher.expectClean(new URL(URL_).origin);
});

test('Copy embed code: an <iframe> of the run with ?embed, only the view, the narration and playback', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, URL_);
  await page.getByTestId('position-slider').fill('3000');
  await page.getByTestId('copy-embed').click();
  const status = page.getByTestId('embed-status');
  await expect(status).toHaveAttribute('data-snippet', /^<iframe src="[^"]+\?embed#v1=/);
  const snippet = (await status.getAttribute('data-snippet')) ?? '';
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

  // The snippet on a page of its own (a slide).
  await page.setContent(`<!doctype html><title>slide</title><body>${snippet}</body>`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('play')).toBeEnabled();
  await expect(frame.getByTestId('position')).toHaveAttribute('data-position', '3000');
  await expect(frame.getByTestId('scenario-select')).toHaveCount(0);
  await expect(frame.getByTestId('init-panel')).toHaveCount(0);
  await expect(frame.getByTestId('lru-view')).toBeVisible();
  await frame.getByTestId('step').click();
  await expect(frame.getByTestId('position')).toHaveAttribute('data-position', '3001');
  await expect(frame.getByTestId('narration-caption')).toContainText('#3001 ·');
  await page.screenshot({ path: 'docs/screens/embed-iframe.png' });
});
