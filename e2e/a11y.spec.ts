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

// At each width the layouts differ (three columns, the library's two columns of numbers from
// 1700 px, one column on a phone where wide drawings and tables scroll sideways inside their
// panels, each then a focusable, labelled region). Each view is reached once and checked at
// every width on the same page (issue 38 #2: it was reached once a width).
const WIDE = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
];
const SIZES = WIDE.filter((s) => s.width !== 1920);

/** axe-core at each of `sizes`, on the page as it stands. */
async function cleanAtEverySize(
  page: Page,
  name: string,
  sizes = SIZES,
  atSize?: () => Promise<void>,
) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await atSize?.();
    expect(await seriousViolations(page, `${name}, ${size.width} px`)).toEqual([]);
  }
}

test.describe('axe-core', () => {
  test.setTimeout(240_000);

  test('the buffer cache view, at 1024, 1280, 1920 and 390 px', async ({ page }) => {
    await openApp(page, URL_);
    await stepSome(page);
    await cleanAtEverySize(page, 'buffer view', WIDE);
  });

  test('the library cache view, at 1024, 1280, 1920 and 390 px', async ({ page }) => {
    await openApp(page, URL_);
    await page.getByTestId('scenario-select').selectOption('seed001-8.1.6-test0');
    await expect(page.getByTestId('library-stats')).toBeVisible();
    // a step where sessions are on the CPU, queued and asleep (the badges' contrast)
    await page.getByTestId('position-slider').fill('3628');
    await page.getByTestId('step').click();
    await expect(page.getByTestId('sessions-panel').locator('.st-sleeping').first()).toBeVisible();
    const heap = page.getByTestId('heap-view');
    await cleanAtEverySize(page, 'library view', WIDE, async () => {
      // a drawing wider than the phone scrolls in its panel, which is then a focusable region
      if (await heap.evaluate((el) => el.scrollWidth > el.clientWidth + 1))
        await expect(heap).toHaveAttribute('tabindex', '0');
    });
  });

  test('presenter mode, at 1024, 1280 and 390 px', async ({ page }) => {
    await openApp(page, `${URL_}?present`);
    await expect(page.locator('.app')).toHaveAttribute('data-display', 'present');
    await stepSome(page);
    await cleanAtEverySize(page, 'presenter mode');
  });

  test('embed mode, at 1024, 1280 and 390 px', async ({ page }) => {
    await page.goto(`${URL_}?embed`);
    await expect(page.locator('.app')).toHaveAttribute('data-display', 'embed');
    await expect(page.getByTestId('play')).toBeEnabled();
    for (let i = 0; i < 3; i++) await page.getByTestId('step').click();
    await cleanAtEverySize(page, 'embed mode');
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

test.describe('axe-core in every view', () => {
  test.setTimeout(240_000);
  for (const [name, reach] of VIEWS)
    test(`${name}, at 1024, 1280 and 390 px`, async ({ page }) => {
      await reach(page);
      await cleanAtEverySize(page, name);
    });
});
