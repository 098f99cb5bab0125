// Offline after one visit (issue 30 #4): the built site's service worker precaches it, so
// with the network gone a reload opens the page, a scenario runs to its end and the SQL
// console (sql.js and its wasm) answers — at the root and under a sub-path.
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT, SUBPATH, SUBPATH_PORT } from './ports';

// every other spec blocks service workers (playwright.config.ts); this one is about them
test.use({ serviceWorkers: 'allow' });

/** Open `url` and wait until its service worker is active (the site precached). */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!reg.active) throw new Error('no active service worker');
  });
}

for (const [where, url] of [
  ['at the root', `http://localhost:${PREVIEW_PORT}/`],
  [`under ${SUBPATH}`, `http://localhost:${SUBPATH_PORT}${SUBPATH}`],
] as const)
  test(`after one visit ${where} the site opens, runs and queries with no network`, async ({
    page,
    context,
  }) => {
    await visit(page, url);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // a scenario runs to its end
    await page.getByTestId('scenario-select').selectOption('seed000-8.0-test1');
    await page.getByTestId('run-to-end').click();
    await expect(page.getByTestId('run-to-end')).toBeDisabled({ timeout: 60_000 });
    // the SQL console opens and answers
    await page.getByTestId('sql-open').click();
    await page.getByTestId('sql-example-pool-statistics').click();
    await expect(page.getByTestId('sql-rows').locator('tbody tr').first()).toBeVisible({
      timeout: 30_000,
    });
    await context.setOffline(false);
  });

test('the manifest and the service worker make the site installable', async ({ page }) => {
  await visit(page, `http://localhost:${PREVIEW_PORT}/`);
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : null;
  });
  expect(manifest).toMatchObject({ display: 'standalone', start_url: './' });
  const sizes = (manifest!.icons as { sizes: string }[]).map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
});
