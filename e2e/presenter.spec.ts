// Presenter mode on a projector (issue 26 #7): one screen at 1024×768, 1280×720 and
// 1920×1080 — the page does not scroll, and Play, the narration caption and the cache view
// are all on it. Below 1280 px the workspace grows with its instance panels; presenter mode
// has none, and at 1024×768 it pushed the playback bar to y = 1401 and the caption to 1311.
import { expect, test, type Locator } from '@playwright/test';
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
