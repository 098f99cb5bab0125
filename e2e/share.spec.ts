// Share links: Copy link → a fresh page opens the same configuration, position and numbers;
// a damaged link says so and opens the default scenario.
import { expect, test, type Page } from '@playwright/test';
import LZString from 'lz-string';
import { PREVIEW_PORT } from './ports';
import { DEFAULT_SCENARIO, openApp, position, setParam, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const ORIGIN = new URL(URL_).origin;

/** Everything a user sees that a link must restore. */
async function observed(page: Page) {
  const rows = page.getByTestId('pool-row');
  const pools = await rows.evaluateAll((els) =>
    els.map((el) => ({
      pool: el.getAttribute('data-pool'),
      hit: el.getAttribute('data-hit-ratio'),
      physical: el.getAttribute('data-physical-reads'),
      logical: el.getAttribute('data-logical-reads'),
    })),
  );
  const params = await page
    .locator('[data-testid^="param-"]')
    .evaluateAll((els) => els.map((el) => [el.dataset.testid, (el as HTMLInputElement).value]));
  return {
    pools,
    params,
    position: await position(page),
    scenario: await page.getByTestId('scenario-select').inputValue(),
    segments: await page.getByTestId('segment-row').count(),
  };
}

test('a copied link opens the same configuration, position and numbers', async ({
  page,
  browser,
}, testInfo) => {
  const watcher = watch(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
  await openApp(page, URL_);
  await page.getByTestId('scenario-select').selectOption('seed000-8.0-test4');
  await setParam(page, 'db_block_buffers', '1200');
  await setParam(page, 'cost.physical_read_ms', '5');
  await page.getByTestId('segment-pool-LOOKUP_TBL').selectOption('KEEP');
  await page.getByTestId('position-slider').fill('12345');
  await page.getByTestId('step').click();
  await page.getByTestId('step-exec').click();
  const before = await observed(page);
  expect(before.position).toBeGreaterThan(12346);
  expect(before.scenario).toBe('__edited__');

  await page.getByTestId('copy-link').click();
  await expect(page).toHaveURL(/#v1=/);
  const link = page.url();
  const copied = await page.evaluate(() => navigator.clipboard.readText()).catch(() => link);
  expect(copied).toBe(link);
  watcher.expectClean(ORIGIN);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  const freshWatcher = watch(fresh);
  await openApp(fresh, link);
  await expect(fresh.getByTestId('position')).toHaveAttribute(
    'data-position',
    String(before.position),
  );
  expect(await observed(fresh)).toEqual(before);
  await expect(fresh.getByRole('alert')).toHaveCount(0);
  await fresh.screenshot({ path: testInfo.outputPath('opened-link.png') });
  freshWatcher.expectClean(ORIGIN);
  await context.close();
});

test('a truncated link shows a message and opens the default scenario', async ({
  page,
}, testInfo) => {
  const watcher = watch(page);
  await openApp(page, URL_);
  await page.getByTestId('step').click();
  await page.getByTestId('copy-link').click();
  await expect(page).toHaveURL(/#v1=/);
  const link = page.url();
  const truncated = link.slice(0, link.indexOf('#v1=') + 4 + 40);

  const fresh = await page.context().newPage();
  const freshWatcher = watch(fresh);
  await openApp(fresh, truncated);
  const alert = fresh.getByTestId('link-error');
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toContainText('damaged or truncated');
  await expect(fresh.getByTestId('scenario-select')).toHaveValue(DEFAULT_SCENARIO);
  expect(await position(fresh)).toBe(0);
  await fresh.screenshot({ path: testInfo.outputPath('truncated-link.png') });
  freshWatcher.expectClean(ORIGIN);
  watcher.expectClean(ORIGIN);
});

test('a link of an unknown version or with an invalid scenario names the problem', async ({
  page,
}) => {
  const watcher = watch(page);
  await openApp(page, `${URL_}#v9=abc`);
  await expect(page.getByTestId('link-error')).toContainText('version 9');
  await expect(page.getByTestId('scenario-select')).toHaveValue(DEFAULT_SCENARIO);

  // A well-formed link whose scenario the engine refuses (db_block_buffers below 50).
  const scenario = {
    version: 1,
    title: 'bad',
    profile: '8.1.5',
    init: { db_block_buffers: 10 },
    objects: [{ name: 'T', type: 'TABLE', blocks: 10 }],
    workload: { kind: 'scan', segment: 'T', times: 1 },
  };
  const bad = JSON.stringify({ scenario, position: 0 });
  await page.goto(`${URL_}#v1=${LZString.compressToEncodedURIComponent(bad)}`);
  await page.reload();
  await expect(page.getByTestId('link-error')).toContainText('init.db_block_buffers');
  await page.getByTestId('link-error').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('link-error')).toHaveCount(0);
  watcher.expectClean(ORIGIN);
});
