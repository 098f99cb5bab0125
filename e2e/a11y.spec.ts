// axe-core on the built site: no serious or critical violation in the buffer cache view, the
// library cache view, presenter mode and embed mode (WCAG 2.1 A/AA rules and best practices).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;

async function seriousViolations(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`,
  );
  console.log(`${name}: ${bad.length} serious/critical rules`, summary);
  return summary;
}

/** Steps a few accesses so the narration, the chains and X$BH have something in them. */
async function stepSome(page: Page) {
  for (let i = 0; i < 3; i++) await page.getByTestId('step').click();
  await page.locator('[data-testid="narration-entry"][data-kind="insert"]').first().click();
  await expect(page.getByTestId('xbh-panel').locator('[data-field="buf#"]')).toBeVisible();
}

// At each width: the layouts differ (three columns, the library's two columns of numbers from
// 1700 px, one column on a phone where wide drawings and tables scroll sideways inside their
// panels, each then a focusable, labelled region).
for (const [width, height] of [
  [1280, 800],
  [1920, 1080],
  [390, 844],
]) {
  test.describe(`axe-core at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });
    test.setTimeout(150_000);

    test('the buffer cache view', async ({ page }) => {
      await openApp(page, URL_);
      await stepSome(page);
      expect(await seriousViolations(page, `buffer view, ${width} px`)).toEqual([]);
    });

    test('the library cache view', async ({ page }) => {
      await openApp(page, URL_);
      await page.getByTestId('scenario-select').selectOption('seed001-8.1.6-test0');
      await expect(page.getByTestId('library-stats')).toBeVisible();
      // a step where sessions are on the CPU, queued and asleep (the badges' contrast)
      await page.getByTestId('position-slider').fill('3628');
      await page.getByTestId('step').click();
      await expect(
        page.getByTestId('sessions-panel').locator('.st-sleeping').first(),
      ).toBeVisible();
      if (width < 700) await expect(page.getByTestId('heap-view')).toHaveAttribute('tabindex', '0');
      expect(await seriousViolations(page, `library view, ${width} px`)).toEqual([]);
    });
  });
}

test.describe('axe-core in the display modes', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.setTimeout(150_000);

  test('presenter mode', async ({ page }) => {
    await openApp(page, `${URL_}?present`);
    await expect(page.locator('.app')).toHaveAttribute('data-display', 'present');
    await stepSome(page);
    expect(await seriousViolations(page, 'presenter mode')).toEqual([]);
  });

  test('embed mode', async ({ page }) => {
    await page.goto(`${URL_}?embed`);
    await expect(page.locator('.app')).toHaveAttribute('data-display', 'embed');
    await expect(page.getByTestId('play')).toBeEnabled();
    for (let i = 0; i < 3; i++) await page.getByTestId('step').click();
    expect(await seriousViolations(page, 'embed mode')).toEqual([]);
  });
});
