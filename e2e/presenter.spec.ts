// Presenter mode on a projector (issue 26 #7): one screen at 1024×768, 1280×720 and
// 1920×1080 — the page does not scroll, and Play, the narration caption and the cache view
// are all on it. Below 1280 px the workspace grows with its instance panels; presenter mode
// has none, and at 1024×768 it pushed the playback bar to y = 1401 and the caption to 1311.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/?present`;

for (const [width, height] of [
  [1024, 768],
  [1280, 720],
  [1920, 1080],
]) {
  test(`presenter mode fits one screen at ${width}×${height}`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    await openApp(page, URL_);
    await expect(page.locator('.app')).toHaveAttribute('data-display', 'present');
    for (let i = 0; i < 3; i++) await page.getByTestId('step').click();
    await expect(page.getByTestId('position')).toHaveAttribute('data-position', '3');
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      height,
    );
    const inside = async (what: string, l: Locator) => {
      const box = await l.boundingBox();
      expect(box, what).not.toBeNull();
      expect(box!.y, what).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, what).toBeLessThanOrEqual(height);
    };
    await inside('Play', page.getByTestId('play'));
    await inside('the caption', page.getByTestId('narration-caption'));
    await inside('the view', page.getByTestId('lru-view'));
    await page.screenshot({ path: testInfo.outputPath(`present-${width}.png`) });
  });
}

/**
 * Every piece of text in sight, with the size it is drawn at: its computed font size times
 * the zoom it is under (the views are zoomed in presenter mode).
 */
async function textSizes(page: Page) {
  return page.evaluate(() => {
    const out: { px: number; text: string; where: string }[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (
        r.width < 1 ||
        r.height < 1 ||
        r.bottom <= 0 ||
        r.top >= vh ||
        r.right <= 0 ||
        r.left >= vw
      )
        continue;
      // a visually hidden label (1-px box, clipped) is for screen readers
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const cs = getComputedStyle(el);
      // not drawn: hidden, transparent, or inside a closed <details>
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const zoom = (el as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom ?? 1;
      const px = parseFloat(cs.fontSize) * zoom;
      const where = `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '')}`;
      out.push({ px: Math.round(px * 10) / 10, text: text.slice(0, 40), where });
    }
    return out;
  });
}

// Each view at a moment with all of its parts drawn: the buffer cache (seed 000's default),
// the library cache (seed 001: the statement stream, the hash table and its chain), the I/O
// path (seed 004: the script and the session's PGA) and the OS page cache (seed 003).
for (const [view, scenario, at, steps] of [
  ['the buffer cache', null, null, 3],
  ['the library cache', 'seed001-8.1.6-test0', '3628', 1],
  ['the I/O path', 'seed004-10.2.0.5-keep', null, 5],
  ['the OS page cache', 'seed003-db-cache', null, 3],
] as const)
  test(`presenter mode at 1024×768, ${view}: no text under 18 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openApp(page, URL_);
    if (scenario) await page.getByTestId('scenario-select').selectOption(scenario);
    if (at) await page.getByTestId('position-slider').fill(at);
    for (let i = 0; i < steps; i++) await page.getByTestId('step').click();
    await page.waitForTimeout(1500);
    const small = (await textSizes(page)).filter((t) => t.px < 18);
    if (small.length) console.log(JSON.stringify(small));
    expect(small, 'text under 18 px').toEqual([]);
    // the hash buckets in cells a projector shows: 4 px, 6 under the zoom
    if (!scenario) {
      const strip = page.getByTestId('chain-view').locator('[data-pitch]');
      expect(Number(await strip.getAttribute('data-pitch'))).toBeGreaterThanOrEqual(4);
    }
  });
