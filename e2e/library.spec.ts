// The library cache view (seed 001): CURSOR_SHARING EXACT → FORCE on a literal-SQL scenario
// changes the hard parses and the hit ratio exactly as the headless runner says; a copied
// link reopens the same configuration and position; stepping narrates the parse.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, position, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const ORIGIN = new URL(URL_).origin;
const LITERAL = 'seed001-8.1.6-test1';

interface LibReport {
  phases: number;
  library_cache: {
    sql_area: { gethitratio: number; pinhitratio: number };
    sysstat: { parse_count_hard: number };
    latch_free_wait_s: number;
  };
}

/**
 * The headless runner on the literal-SQL scenario with the given CURSOR_SHARING, and with
 * waits timed as their sleeps alone when `sleepsOnly`.
 */
function simReport(sharing: 'EXACT' | 'FORCE', sleepsOnly = false): LibReport {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const scenario = JSON.parse(readFileSync(join(root, `scenarios/${LITERAL}.json`), 'utf8'));
  scenario.init.cursor_sharing = sharing;
  if (sleepsOnly) scenario.cost = { library: { waits_end_on_cpu: false } };
  const file = join(mkdtempSync(join(tmpdir(), 'cachesim-')), `${sharing}-${sleepsOnly}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  const out = execFileSync(process.execPath, ['scripts/cli.mjs', 'sim', file], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out) as LibReport;
}

/** Open the site and pick a library cache scenario. */
async function openLibrary(page: Page, id: string) {
  await openApp(page, URL_);
  await page.getByTestId('scenario-select').selectOption(id);
  await expect(page.getByTestId('library-stats')).toBeVisible();
}

const value = async (page: Page, id: string) =>
  Number(await page.getByTestId(id).getAttribute('data-value'));

/** The figures the library statistics show, raw. */
async function figures(page: Page) {
  return {
    hard: await value(page, 'parse-count-hard'),
    gethitratio: await value(page, 'gethitratio'),
    pinhitratio: await value(page, 'pinhitratio'),
  };
}

/** The page is at the end of the run the headless runner reported, showing its figures. */
async function expectFiguresOf(page: Page, r: ReturnType<typeof simReport>) {
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', String(r.phases));
  expect(await figures(page)).toEqual({
    hard: r.library_cache.sysstat.parse_count_hard,
    gethitratio: r.library_cache.sql_area.gethitratio,
    pinhitratio: r.library_cache.sql_area.pinhitratio,
  });
}

test('CURSOR_SHARING = FORCE changes hard parses and hit ratio as the headless runner says', async ({
  page,
}, testInfo) => {
  const exact = simReport('EXACT');
  const force = simReport('FORCE');
  expect(exact.library_cache.sysstat.parse_count_hard).toBeGreaterThan(49_000);
  expect(force.library_cache.sysstat.parse_count_hard).toBeLessThan(100);

  const watcher = watch(page);
  await openLibrary(page, LITERAL);
  await page.getByTestId('run-to-end').click();
  await expectFiguresOf(page, exact);
  await page.screenshot({ path: testInfo.outputPath('exact-end.png'), fullPage: true });

  await page.getByTestId('param-cursor_sharing').selectOption('FORCE');
  await expect(page.getByTestId('scenario-select')).toHaveValue('__edited__');
  // the edit rebuilds the run and replays it to the same position (in slices: wait for
  // them): here, already the end
  await expect(page.getByTestId('busy')).toHaveCount(0, { timeout: 60_000 });
  if (await page.getByTestId('run-to-end').isEnabled())
    await page.getByTestId('run-to-end').click();
  await expectFiguresOf(page, force);
  await page.screenshot({ path: testInfo.outputPath('force-end.png'), fullPage: true });
  watcher.expectClean(ORIGIN);
});

test('latch free waits last until the session is back on a CPU; the switch times the sleeps alone', async ({
  page,
}, testInfo) => {
  const queued = simReport('EXACT');
  const sleeps = simReport('EXACT', true);
  expect(queued.library_cache.latch_free_wait_s).toBeGreaterThan(
    sleeps.library_cache.latch_free_wait_s,
  );
  const watcher = watch(page);
  await openLibrary(page, LITERAL);
  await page.getByTestId('run-to-end').click();
  await expectFiguresOf(page, queued);
  const wait = page.getByTestId('latch-free-wait');
  await expect(wait).toHaveAttribute('data-value', String(queued.library_cache.latch_free_wait_s));

  await page.getByText('Costs (cost.library, simulated CPU time)').click();
  const timing = page.getByTestId('param-cost.library.waits_end_on_cpu');
  await expect(timing).toBeChecked();
  await timing.uncheck();
  await expect(page.getByTestId('scenario-select')).toHaveValue('__edited__');
  await expect(page.getByTestId('busy')).toHaveCount(0, { timeout: 60_000 });
  if (await page.getByTestId('run-to-end').isEnabled())
    await page.getByTestId('run-to-end').click();
  await expectFiguresOf(page, sleeps);
  await expect(wait).toHaveAttribute('data-value', String(sleeps.library_cache.latch_free_wait_s));
  await page.screenshot({ path: testInfo.outputPath('sleeps-only-end.png'), fullPage: true });
  watcher.expectClean(ORIGIN);
});

test('stepping a FORCE scenario narrates the rewrite and the parse', async ({ page }, testInfo) => {
  const watcher = watch(page);
  await openLibrary(page, 'seed001-8.1.6-test3');
  for (let i = 0; i < 6; i++) await page.getByTestId('step').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '6');
  const log = page.getByTestId('narration');
  await expect(log.locator('[data-kind="statement"]').first()).toContainText('SYS_B_0');
  await expect(
    log.locator('[data-kind="hard_parse"], [data-kind="soft_parse"]').first(),
  ).toBeVisible();
  await expect(page.getByTestId('statement-stream')).toContainText('SYS_B_0');
  await page.screenshot({ path: testInfo.outputPath('force-stepped.png'), fullPage: true });
  watcher.expectClean(ORIGIN);
});

test('a library cache link round-trips configuration and position', async ({ page, browser }) => {
  const watcher = watch(page);
  await openLibrary(page, 'seed001-8.1.5-literal-10m');
  const spSize = page.getByTestId('param-shared_pool_size');
  await spSize.fill('12M');
  await spSize.press('Enter');
  await expect(page.getByTestId('scenario-select')).toHaveValue('__edited__');
  await page.getByTestId('position-slider').fill('4321');
  await page.getByTestId('step').click();
  const before = { position: await position(page), ...(await figures(page)) };
  expect(before.position).toBe(4322);

  await page.getByTestId('copy-link').click();
  await expect(page).toHaveURL(/#v1=/);
  const link = page.url();
  watcher.expectClean(ORIGIN);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  const freshWatcher = watch(fresh);
  await fresh.goto(link);
  await expect(fresh.getByTestId('library-stats')).toBeVisible();
  await expect(fresh.getByTestId('position')).toHaveAttribute(
    'data-position',
    String(before.position),
  );
  expect({ position: await position(fresh), ...(await figures(fresh)) }).toEqual(before);
  await expect(fresh.getByTestId('param-shared_pool_size')).toHaveValue('12M');
  await expect(fresh.getByRole('alert')).toHaveCount(0);
  freshWatcher.expectClean(ORIGIN);
  await context.close();
});

// issue 26 #4: after run-to-end the hash table's caption still said "last lookup:" of
// statement 4 at statement 50,000
test('after a run to the end the hash table does not call an old lookup the last', async ({
  page,
}) => {
  await openLibrary(page, LITERAL);
  for (let i = 0; i < 4; i++) await page.getByTestId('step').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '4');
  await page.getByTestId('run-to-end').click();
  const at = async () => Number(await page.getByTestId('position').getAttribute('data-position'));
  await expect.poll(at, { timeout: 30_000 }).toBeGreaterThan(40_000);
  await expect(page.getByTestId('run-to-end')).toBeDisabled({ timeout: 30_000 });
  const end = await at();
  const caption = page.getByTestId('bucket-caption');
  await expect(caption).not.toContainText('last lookup:');
  await expect(caption).toContainText(
    `lookup drawn at #4 (now #${Number(end).toLocaleString('en')})`,
  );
});
