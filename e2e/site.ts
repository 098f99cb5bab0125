import { expect, type Page, type TestInfo } from '@playwright/test';

export const SMOKE_SCENARIO = 'seed000-8.0-test1';
export const DEFAULT_SCENARIO = 'seed000-8i-hot50';

/** Records what a page does that a test must check: errors and every request it makes. */
export function watch(page: Page) {
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('request', (request) => requests.push(request.url()));
  return {
    requests,
    /** No uncaught errors, no console errors, nothing fetched from another origin. */
    expectClean(origin: string) {
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(consoleErrors, 'console errors').toEqual([]);
      const foreign = requests.filter((u) => {
        const { protocol, origin: o } = new URL(u);
        return protocol !== 'data:' && protocol !== 'blob:' && o !== origin;
      });
      expect(foreign, 'requests to other origins').toEqual([]);
    },
  };
}

export const poolRow = (page: Page, pool: string) =>
  page.locator(`[data-testid="pool-row"][data-pool="${pool}"]`);

/** Open the app at `url` and wait until the engine runs a scenario. */
export async function openApp(page: Page, url: string) {
  await page.goto(url);
  await expect(poolRow(page, 'DEFAULT')).toBeVisible();
}

export async function position(page: Page): Promise<number> {
  return Number(await page.getByTestId('position').getAttribute('data-position'));
}

export async function hitRatio(page: Page, pool = 'DEFAULT'): Promise<number> {
  const raw = await poolRow(page, pool).getAttribute('data-hit-ratio');
  expect(raw, `data-hit-ratio of the ${pool} pool`).toMatch(/^-?\d+(\.\d+)?(e-?\d+)?$/);
  return Number(raw);
}

/** Open a scenario file (a document, or its text as is) through the header's file input. */
/** An 8.1.6 scenario of zipf-random reads over one table: the heavy runs the specs upload. */
export function zipfScenario(
  title: string,
  buffers: number,
  blocks: number,
  accesses: number,
  seed: number,
) {
  return {
    version: 1,
    title,
    profile: '8.1.6',
    init: { db_block_buffers: buffers },
    objects: [{ name: 'T', type: 'TABLE', blocks }],
    workload: { kind: 'random', accesses, distribution: 'zipf', seed },
  };
}

/** The run that must not freeze the page (issue 14): 20M accesses over a million buffers. */
export const HUGE_RUN = zipfScenario(
  '20M random accesses over a million buffers',
  1_048_576,
  2_000_000,
  20_000_000,
  7,
);

export async function uploadScenario(page: Page, name: string, value: unknown) {
  await page.getByTestId('upload-scenario').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
  });
}

/** Set an init.ora parameter through the form (Enter commits it). */
export async function setParam(page: Page, name: string, value: string) {
  const input = page.getByTestId(`param-${name}`);
  await input.fill(value);
  await input.press('Enter');
}

/**
 * Opens the site at `url`, runs the smoke scenario to the end and checks the DEFAULT pool's
 * statistics, that the page threw nothing and that it fetched nothing from another origin.
 * Returns every URL the page requested.
 */
export async function runSmokeScenario(page: Page, url: string, testInfo: TestInfo) {
  const watcher = watch(page);
  await openApp(page, url);
  await page.getByTestId('scenario-select').selectOption(SMOKE_SCENARIO);
  await expect(page.getByTestId('scenario-select')).toHaveValue(SMOKE_SCENARIO);
  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');

  const ratio = await hitRatio(page);
  expect(ratio).toBeGreaterThanOrEqual(0);
  expect(ratio).toBeLessThanOrEqual(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('after-run.png') });
  watcher.expectClean(new URL(url).origin);
  return watcher.requests;
}

/**
 * Collects every Content-Security-Policy violation the page reports (its
 * `securitypolicyviolation` events, from the first script on). Call before `goto`.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation(v: string): void }).__cspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return violations;
}
