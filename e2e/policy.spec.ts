// The scenario's replacement policy in the page: the init.ora panel's select lists the
// engine's policies with Oracle's rules first, a choice runs (the pool statistics name it)
// and travels in a link, and a link naming no policy opens the default scenario with the
// engine's message. Screenshots at 1024×768, 1920×1080 and 390×844; axe-core on the panel.
import AxeBuilder from '@axe-core/playwright';
import LZString from 'lz-string';
import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { DEFAULT_SCENARIO, openApp, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const ORIGIN = new URL(URL_).origin;

for (const [width, height] of [
  [1024, 768],
  [1920, 1080],
  [390, 844],
]) {
  test(`the policy select runs the chosen policy and a link carries it (${width}×${height})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await page.addInitScript(() => localStorage.setItem('cachesim.tour', 'done'));
    const watcher = watch(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: ORIGIN,
    });
    await openApp(page, URL_);
    await page.getByTestId('scenario-select').selectOption('policy-scan-resistance');
    const select = page.getByTestId('param-policy');
    await expect(select).toHaveValue('');
    const options = await select.locator('option').allTextContents();
    expect(options[0]).toBe("Oracle's rules (profile default)");
    for (const label of ['8.0 classic LRU —', '8i touch count —', 'FIFO —'])
      expect(
        options.some((o) => o.startsWith(label)),
        label,
      ).toBe(true);
    await expect(page.getByTestId('report-policy')).toHaveAttribute('data-policy', 'touch-count');
    await expect(page.getByTestId('report-policy')).toContainText("profile 8.1.6's own rules");

    await select.selectOption('lru');
    await expect(page.getByTestId('report-policy')).toHaveAttribute('data-policy', 'lru');
    await expect(page.getByTestId('report-policy')).toContainText('8.0 classic LRU');
    await page.getByTestId('run-to-end').click();
    await expect(page.getByTestId('position')).toHaveAttribute('data-position', '1320');
    // every LOOKUP block read again after a scan comes from disk (the scenario's 970)
    await expect(page.locator('[data-testid="pool-row"][data-pool="DEFAULT"]')).toHaveAttribute(
      'data-physical-reads',
      '970',
    );
    await select.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`policy-${width}x${height}.png`) });
    const axe = await new AxeBuilder({ page }).include('[data-testid="init-panel"]').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

    await page.getByTestId('copy-link').click();
    await expect(page).toHaveURL(/#v1=/);
    const link = page.url();
    const context = await browser.newContext({ viewport: { width, height } });
    const fresh = await context.newPage();
    await fresh.addInitScript(() => localStorage.setItem('cachesim.tour', 'done'));
    const freshWatcher = watch(fresh);
    await openApp(fresh, link);
    await expect(fresh.getByTestId('param-policy')).toHaveValue('lru');
    await expect(fresh.getByTestId('report-policy')).toHaveAttribute('data-policy', 'lru');
    await expect(fresh.getByTestId('position')).toHaveAttribute('data-position', '1320');
    freshWatcher.expectClean(ORIGIN);
    await context.close();
    watcher.expectClean(ORIGIN);
  });
}

test('a link naming no replacement policy opens the default scenario with the engine’s message', async ({
  page,
}) => {
  const watcher = watch(page);
  const scenario = {
    version: 1,
    title: 'a policy the engine has not',
    profile: '8.1.6',
    policy: 'no-such-policy',
    init: { db_block_buffers: 100 },
    objects: [{ name: 'T', type: 'TABLE', blocks: 500 }],
    workload: { kind: 'random', accesses: 100 },
  };
  const hash = LZString.compressToEncodedURIComponent(JSON.stringify({ scenario, position: 0 }));
  await openApp(page, `${URL_}#v1=${hash}`);
  const alert = page.getByTestId('link-error');
  await expect(alert).toContainText(
    "policy: 'no-such-policy' is not a replacement policy; the policies are",
  );
  await expect(alert).toContainText('lru, touch-count, fifo');
  await expect(page.getByTestId('scenario-select')).toHaveValue(DEFAULT_SCENARIO);
  await expect(page.getByTestId('lru-panel')).toBeVisible();
  watcher.expectClean(ORIGIN);
});
