// Compare mode: the Table 6 preset gives both runs the headless runner's physical reads and
// its link reopens both; a copy of A edited as B steps in lockstep with A, its differences
// outlined; the page stays usable at 1024×768, 1920×1080 and on a phone.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { position, setParam, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const ORIGIN = new URL(URL_).origin;

interface Golden {
  report: {
    pools: { name: string; physical_reads: number }[];
    total: { physical_reads: number };
  };
}
const golden = (id: string) =>
  JSON.parse(readFileSync(`scenarios/golden/${id}.json`, 'utf8')) as Golden;
const scenarioTitle = (id: string) =>
  (JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')) as { title: string }).title;

const slot = (page: Page, which: 'a' | 'b') => page.getByTestId(`slot-${which}`);
const poolRow = (scope: Locator, pool: string) =>
  scope.locator(`[data-testid="pool-row"][data-pool="${pool}"]`);

/**
 * Open the site (or a link) and wait for the engine (and, for a comparison's link, the
 * compare page's code, loaded on demand: slow on a loaded machine).
 */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
}

async function openPreset(page: Page, id: string) {
  await page.getByTestId('compare').click();
  await page.getByTestId(`compare-preset-${id}`).click();
  await expect(page.getByTestId('compare-workspace')).toBeVisible();
}

/** Each configuration's pools show the golden report's physical reads. */
async function expectGolden(page: Page, which: 'a' | 'b', id: string) {
  const g = golden(id);
  for (const p of g.report.pools)
    await expect(poolRow(slot(page, which), p.name)).toHaveAttribute(
      'data-physical-reads',
      String(p.physical_reads),
    );
  const total = page.locator(
    '[data-testid="compare-row"][data-stat="physical_reads"][data-pool="TOTAL"]',
  );
  await expect(total).toHaveAttribute(`data-${which}`, String(g.report.total.physical_reads));
}

test('the Table 6 preset: both runs give the headless runner’s physical reads, and its link reopens both', async ({
  page,
  browser,
}) => {
  // two runs to the end, axe, and a second page that runs both again: slow on a loaded machine
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const watcher = watch(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
  // the first visit's tour would cover the screenshot below
  await page.addInitScript(() => localStorage.setItem('cachesim.tour', 'done'));
  await open(page, URL_);
  await openPreset(page, 'table6');
  const [A, B] = ['seed000-8.0-test1', 'seed000-8.0-test2'];
  await expect(page.getByTestId('slot-title-a')).toContainText(scenarioTitle(A));
  await expect(page.getByTestId('slot-title-b')).toContainText(scenarioTitle(B));
  await expect(page.getByTestId('compare-found')).toContainText('RECYCLE');

  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');
  await expectGolden(page, 'a', A);
  await expectGolden(page, 'b', B);
  // the paper's Table 6 for each, and the differing statistics highlighted
  await expect(slot(page, 'a').getByTestId('paper-table')).toContainText('16,018');
  await expect(slot(page, 'b').getByTestId('paper-table')).toContainText('10,706');
  await expect(page.locator('[data-testid="compare-row"][data-differs]').first()).toBeVisible();
  // blocks cached in one and not the other are outlined, with a legend
  await expect(slot(page, 'a').locator('[data-legend="diff"]')).toContainText('B has not cached');
  expect(await slot(page, 'a').locator('g.cell[data-diff]').count()).toBeGreaterThan(0);
  expect(await slot(page, 'b').locator('g.cell[data-diff]').count()).toBeGreaterThan(0);
  await page.screenshot({ path: 'docs/screens/compare-1920x1080.png' });
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  await page.getByTestId('copy-link').click();
  await expect(page).toHaveURL(/#v1=/);
  const link = page.url();
  watcher.expectClean(ORIGIN);

  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const fresh = await context.newPage();
  const freshWatcher = watch(fresh);
  await open(fresh, link);
  await expect(fresh.getByTestId('compare-workspace')).toBeVisible();
  await expect(fresh.getByTestId('slot-title-a')).toContainText(scenarioTitle(A));
  await expect(fresh.getByTestId('slot-title-b')).toContainText(scenarioTitle(B));
  await expect(fresh.getByTestId('position')).toHaveAttribute('data-position', '40000');
  // the init values: B's RECYCLE pool, A without one
  await fresh.getByTestId('target-b').click();
  await expect(fresh.getByTestId('param-buffer_pool_recycle')).toHaveValue(/buffers:50/);
  await fresh.getByTestId('target-a').click();
  await expect(fresh.getByTestId('param-buffer_pool_recycle')).toHaveValue('');
  await expect(fresh.getByTestId('param-db_block_buffers')).toHaveValue('1000');
  // and the same numbers after running again
  await fresh.getByTestId('reset').click();
  await expect(fresh.getByTestId('position')).toHaveAttribute('data-position', '0');
  await fresh.getByTestId('run-to-end').click();
  await expect(fresh.getByTestId('position')).toHaveAttribute('data-position', '40000');
  await expectGolden(fresh, 'a', A);
  await expectGolden(fresh, 'b', B);
  await expect(fresh.getByRole('alert')).toHaveCount(0);
  freshWatcher.expectClean(ORIGIN);
  await context.close();
});

test('a copy of A edited as B steps with A; A is untouched (1024×768, tabs)', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const watcher = watch(page);
  await open(page, URL_);
  await page.getByTestId('compare').click();
  await page.getByTestId('compare-copy').click();
  await expect(page.getByTestId('target-b')).toHaveAttribute('aria-checked', 'true');
  await setParam(page, 'db_block_buffers', '500');
  await expect(page.getByTestId('slot-title-b')).toBeAttached();
  await page.getByTestId('target-a').click();
  await expect(page.getByTestId('param-db_block_buffers')).toHaveValue('1000');

  const play = page.getByTestId('play');
  await expect(play).toBeInViewport();
  await page.getByTestId('step').click();
  await page.getByTestId('step-exec').click();
  await expect.poll(() => position(page)).toBe(4);
  await page.getByTestId('position-slider').fill('3000');
  await expect.poll(() => position(page)).toBe(3000);
  await expect(page.getByTestId('slot-a')).toBeVisible();
  await expect(page.getByTestId('slot-b')).toBeHidden();
  await page.getByTestId('slot-tab-b').click();
  await expect(page.getByTestId('slot-b')).toBeVisible();
  await expect(poolRow(slot(page, 'b'), 'DEFAULT')).toHaveAttribute('data-logical-reads', /\d+/);
  // a smaller cache in B: other physical reads at the same access
  await expect(
    page.locator('[data-testid="compare-row"][data-stat="physical_reads"][data-pool="TOTAL"]'),
  ).toHaveAttribute('data-differs', 'true');
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await play.click();
  await page.screenshot({ path: test.info().outputPath('compare-1024x768.png') });
  await page.getByTestId('compare').click();
  await page.getByTestId('compare-leave').click();
  await expect(page.getByTestId('compare-workspace')).toHaveCount(0);
  await expect(page.getByTestId('lru-panel')).toBeVisible();
  watcher.expectClean(ORIGIN);
});

test('compare on a phone (390×844): tabs, the playback bar reachable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const watcher = watch(page);
  await open(page, URL_);
  await openPreset(page, 'table9');
  await page.getByTestId('step-exec').click();
  await expect.poll(() => position(page)).toBe(4);
  await expect(page.getByTestId('play')).toBeInViewport();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  // A and B's views grow with their content: nothing runs over the editors below them.
  const over = await page
    .locator('.compare-columns .compare-main')
    .evaluate((e) => e.scrollHeight - e.clientHeight);
  expect(over, 'the A and B views overflow their row').toBeLessThanOrEqual(1);
  await page.screenshot({ path: test.info().outputPath('compare-390x844.png') });
  watcher.expectClean(ORIGIN);
});

/** The TOTAL row of the comparison table: A's and B's value of `stat`. */
async function totals(page: Page, stat: string) {
  const row = page.locator(`[data-testid="compare-row"][data-stat="${stat}"][data-pool="TOTAL"]`);
  return [Number(await row.getAttribute('data-a')), Number(await row.getAttribute('data-b'))];
}

/** Both configurations have served `n` logical reads: they step together. */
async function expectLockstep(page: Page, n: number) {
  await expect.poll(() => position(page)).toBe(n);
  for (const which of ['a', 'b'] as const)
    await expect(poolRow(slot(page, which), 'DEFAULT')).toHaveAttribute(
      'data-logical-reads',
      String(n),
    );
}

// One scenario under two replacement policies: A runs the scenario's own (or its profile's)
// rules, B the preset's policy; they step in lockstep on the same accesses and end where the
// scenario's description says (wasm-core/engine/tests/engine/policy_scenarios.rs checks the figures).
for (const { id, title, policies, end, physical, note } of [
  {
    id: 'policy-touch-count-arc',
    title: 'Oracle 8.1.6 touch count vs ARC',
    policies: ['touch-count', 'arc'],
    end: 1320,
    physical: [845, 795],
    note: /ghost lists B1 and B2/,
  },
  {
    id: 'policy-lru-opt',
    title: 'LRU vs OPT',
    policies: ['lru', 'opt'],
    end: 1020,
    physical: [1020, 70],
    note: /knows the future/,
  },
]) {
  test(`the ${title} preset: both step together, B ends with the higher hit ratio`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.addInitScript(() => localStorage.setItem('cachesim.tour', 'done'));
    const watcher = watch(page);
    await open(page, URL_);
    await openPreset(page, id);
    await expect(page.getByTestId('compare-found')).toContainText(title);
    await expect(page.getByTestId('compare-found')).toContainText(note);
    for (const [i, which] of (['a', 'b'] as const).entries())
      await expect(page.getByTestId(`slot-policy-${which}`)).toHaveAttribute(
        'data-policy',
        policies[i],
      );
    // the preset made B: not an edit
    await expect(page.getByTestId('slot-title-b').locator('.badge.edited')).toHaveCount(0);

    await page.getByTestId('step').click();
    await expectLockstep(page, 1);
    await page.getByTestId('step').click();
    await page.getByTestId('step').click();
    await expectLockstep(page, 3);
    await page.getByTestId('position-slider').fill('600');
    await expectLockstep(page, 600);
    await page.screenshot({ path: test.info().outputPath(`compare-${id}-1920x1080.png`) });

    await page.getByTestId('run-to-end').click();
    await expectLockstep(page, end);
    await expect.poll(() => totals(page, 'physical_reads')).toEqual(physical);
    const [a, b] = await totals(page, 'hit_ratio');
    expect(b, `${policies[1]} hits more than ${policies[0]}`).toBeGreaterThan(a);
    // below 1280 px A and B are tabs: the note and the policies stay in view
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByTestId('compare-found')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`compare-${id}-1024x768.png`) });
    await expect(page.getByRole('alert')).toHaveCount(0);
    watcher.expectClean(ORIGIN);
  });
}
