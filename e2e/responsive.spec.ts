// Every screen from a phone to a 1920 monitor: Play, Step, Step back and Copy link are on
// the first screen, clickable (nothing covers them) and work, and the page never scrolls
// sideways. Screenshots
// of each size go to docs/screens/ for a person to look at.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { DEFAULT_SCENARIO, openApp, position, setParam, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const shotPath = (name: string) =>
  fileURLToPath(new URL(`../docs/screens/${name}.png`, import.meta.url));

async function noSideScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, 'the page is no wider than the screen').toBeLessThanOrEqual(inner);
}

const SIZES: [number, number][] = [
  [1024, 768],
  [1280, 720],
  [1920, 1080],
  [390, 844],
  [360, 740],
];

for (const [width, height] of SIZES) {
  test(`${width}×${height}: the controls are clickable and the page does not scroll sideways`, async ({
    page,
    context,
  }) => {
    // a hang guard: the phone's and the laptop's visits carry their own checks too
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width, height });
    const watcher = watch(page);
    await openApp(page, URL_);
    await noSideScroll(page);
    // The first visit's tour band is open: the playback bar is still on the first screen,
    // without scrolling, at every size.
    await expect(page.getByTestId('tour')).toBeVisible();
    for (const id of ['play', 'step', 'step-back'])
      await expect(page.getByTestId(id), `${id} on the first screen`).toBeInViewport({ ratio: 1 });

    // A plain click (no force): Playwright fails it if another element would take it.
    await page.getByTestId('step').click();
    await expect.poll(() => position(page)).toBe(1);
    await page.getByTestId('step').click();
    await expect.poll(() => position(page)).toBe(2);
    await page.getByTestId('step-back').click();
    await expect.poll(() => position(page)).toBe(1);
    await page.getByTestId('play').click();
    await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(600);
    await page.getByTestId('play').click();
    await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
    expect(await position(page)).toBeGreaterThan(1);
    await page.getByTestId('copy-link').click();
    await expect(page).toHaveURL(/#v1=/);
    await noSideScroll(page);
    await page.screenshot({ path: shotPath(`buffer-${width}x${height}`) });

    // From 1280 px the page is one screen and each column scrolls: the panels at the foot of
    // the numbers column (the trace replay's hidden file input) do not stretch the page.
    if (width >= 1280) {
      await page.locator('.column.numbers').evaluate((el) => (el.scrollTop = el.scrollHeight));
      await expect(page.getByTestId('trace')).toBeAttached();
      await page.locator('.column.numbers').evaluate((el) => (el.scrollTop = el.scrollHeight));
      const tall = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(tall, 'the page is one screen high').toBeLessThanOrEqual(height);
    }

    // Touch counts stay in the cells on a projector (SVG cells of 9 px and more print them),
    // once the first visit's tour band is closed.
    if (width >= 1024) {
      await page.getByTestId('tour-close').click();
      await expect(page.locator('[data-testid="lru-view"] g.cell text').first()).toBeAttached();
    }

    await page.getByTestId('scenario-select').selectOption('seed001-8.1.6-test1');
    await expect(page.getByTestId('library-stats')).toBeVisible();
    await page.getByTestId('step').click();
    await expect.poll(() => position(page)).toBe(1);
    await noSideScroll(page);
    // The numbers column (one or two columns of panels) squeezes none of them: at 1920 a
    // sixth panel once opened a third, 10-px-wide grid column.
    const widths = await page
      .locator('.column.numbers .panel')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width).filter((w) => w > 0));
    expect(Math.min(...widths), `numbers panels' widths ${widths.join(', ')}`).toBeGreaterThan(280);
    await page.screenshot({ path: shotPath(`library-${width}x${height}`) });

    // The phone's and the 1280 laptop's own checks, on the same page (issue 38 #2: each was a
    // visit of its own).
    if (width === 390 && height === 844) {
      await test.step('phone: the view comes before the init.ora form, the playback bar stays on screen, panels fold', async () => {
        // back to the default scenario, at its start, as a first visit opens it
        await page.getByTestId('scenario-select').selectOption(DEFAULT_SCENARIO);
        await expect(page.getByTestId('position')).toHaveAttribute('data-position', '0');
        const view = await page.getByTestId('lru-panel').boundingBox();
        const init = await page.getByTestId('init-panel').boundingBox();
        expect(view && init && view.y < init.y).toBe(true);
        await page.mouse.wheel(0, 2500);
        await page.waitForTimeout(200);
        const bar = await page.getByTestId('play').boundingBox();
        expect(bar && bar.y + bar.height <= 844).toBe(true);
        await page.getByTestId('step').click();
        await expect.poll(() => position(page)).toBe(1);
        // at the end, the widest figures: the position's line wraps rather than cutting "t = …"
        await page.getByTestId('run-to-end').click();
        await expect.poll(() => position(page), { timeout: 30_000 }).toBe(40_000);
        const right = await page
          .locator('.position-text > *')
          .evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
        expect(right, 'the position line ends on the screen').toBeLessThanOrEqual(390);
        const xbh = page.getByTestId('xbh-panel');
        await xbh.getByRole('button', { name: 'Fold this panel' }).click();
        await expect(xbh.locator('.panel-content')).toBeHidden();
        await xbh.getByRole('button', { name: 'Show this panel' }).click();
        await expect(xbh.locator('.panel-content')).toBeVisible();
      });
      await test.step('phone: a script step row of the paper table stays one line (its statement cut short)', async () => {
        await page.getByTestId('scenario-select').selectOption('seed004-10.2.0.5-default');
        await expect(page.getByTestId('scenario-select')).toHaveValue('seed004-10.2.0.5-default');
        // the rows of a script's steps come as the steps run
        await page.getByTestId('run-to-end').click();
        const rows = page.locator('td.paper-figure');
        await expect(rows).not.toHaveCount(0, { timeout: 60_000 });
        const heights = await rows.evaluateAll((els) =>
          els.map((e) => e.getBoundingClientRect().height),
        );
        expect(Math.max(...heights), `row heights ${heights.join(', ')}`).toBeLessThan(40);
      });
    }
    if (width === 1280 && height === 720)
      await test.step('1280×720: the header stays one row once the scenario is edited', async () => {
        // back to the default scenario, at its start, as a first visit opens it
        await page.getByTestId('scenario-select').selectOption(DEFAULT_SCENARIO);
        await expect(page.getByTestId('position')).toHaveAttribute('data-position', '0');
        await setParam(page, '_db_percent_hot_default', '25');
        await expect(page.locator('.badge.edited')).toBeVisible();
        const header = await page.locator('.app-header').boundingBox();
        expect(header?.height, 'the header is one row').toBeLessThan(60);
      });
    watcher.expectClean(new URL(URL_).origin);
  });
}
