import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp } from './site';

const BASE = `http://localhost:${PREVIEW_PORT}/`;

test('smoke', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.addInitScript(() => localStorage.setItem('cachesim.tour', 'done'));
  await openApp(page, `${BASE}?lecture=seed000-buffer-pools&slide=4`);
  await expect(page.getByTestId('lecture')).toHaveAttribute('data-reached', 'true', {
    timeout: 30000,
  });
  await page.screenshot({ path: '/tmp/lec/a.png' });
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('lecture')).toHaveAttribute('data-slide', '5');
  await expect(page.getByTestId('lecture')).toHaveAttribute('data-reached', 'true', {
    timeout: 30000,
  });
  await page.screenshot({ path: '/tmp/lec/b.png', fullPage: true });
});
