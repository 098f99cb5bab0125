// axe-core on the built site: no serious or critical violation in the buffer cache view, the
// library cache view, presenter mode and embed mode (WCAG 2.1 A/AA rules and best practices),
// and in the I/O path, sizing, compare and SQL views at 1024×768, 1280×720 and 390×844
// (issue 26).
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
  [1024, 768],
  [1280, 720],
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
      // a drawing wider than the phone scrolls in its panel, which is then a focusable region
      const heap = page.getByTestId('heap-view');
      if (await heap.evaluate((el) => el.scrollWidth > el.clientWidth + 1))
        await expect(heap).toHaveAttribute('tabindex', '0');
      expect(await seriousViolations(page, `library view, ${width} px`)).toEqual([]);
    });
  });
}

for (const [width, height] of [
  [1024, 768],
  [1280, 720],
  [390, 844],
])
  test.describe(`axe-core in the display modes at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });
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

/** Each further view, as a user reaches it. */
const VIEWS: [string, (page: Page) => Promise<void>][] = [
  [
    'the I/O path (seed 004, direct path reads)',
    async (page) => {
      await openApp(page, URL_);
      await page.getByTestId('scenario-select').selectOption('seed004-10.2.0.5-keep');
      await page.getByTestId('run-to-end').click();
      await expect(
        page.locator('[data-testid="script-timeline"] [data-direct="true"]'),
      ).not.toHaveCount(0, {
        timeout: 60_000,
      });
      await expect(page.getByTestId('io-stats')).toBeVisible();
    },
  ],
  [
    'sizing, after a sweep',
    async (page) => {
      await openApp(page, URL_);
      await page.getByTestId('sizing').scrollIntoViewIfNeeded();
      await page.getByTestId('sweep-from').fill('200');
      await page.getByTestId('sweep-to').fill('1800');
      await page.getByTestId('sweep-steps').fill('3');
      await page.getByTestId('sweep-run').click();
      await expect(page.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(3, {
        timeout: 60_000,
      });
    },
  ],
  [
    'compare (Table 6)',
    async (page) => {
      await openApp(page, URL_);
      await page.getByTestId('compare').click();
      await page.getByTestId('compare-preset-table6').click();
      await expect(page.getByTestId('compare-workspace')).toBeVisible({ timeout: 30_000 });
    },
  ],
  [
    'the SQL console',
    async (page) => {
      await openApp(page, URL_);
      await page.getByTestId('sql-open').click();
      await page.getByTestId('sql-example-pool-statistics').click();
      await expect(page.getByTestId('sql-rows').locator('tbody tr').first()).toBeVisible({
        timeout: 30_000,
      });
    },
  ],
];

for (const [width, height] of [
  [1024, 768],
  [1280, 720],
  [390, 844],
]) {
  test.describe(`axe-core in every view at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });
    test.setTimeout(150_000);
    for (const [name, reach] of VIEWS)
      test(name, async ({ page }) => {
        await reach(page);
        expect(await seriousViolations(page, `${name}, ${width} px`)).toEqual([]);
      });
  });
}
