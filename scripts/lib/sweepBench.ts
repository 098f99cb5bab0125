// Timing the benchmark sweep (web/dev/sweepBench.ts) in the page's Sizing panel: upload the
// scenario, fill in the sweep, and time the click to the last point in the table. What the
// table then says, so that runs in one Worker and in several can be compared.
import type { Page } from '@playwright/test';
import { uploadScenario } from '../../e2e/site';
import { sweepBenchScenario, SWEEP_SPEC } from '../../web/dev/sweepBench';

export async function timeSweep(page: Page): Promise<{ seconds: number; table: string }> {
  await uploadScenario(page, 'sweep-bench.json', sweepBenchScenario());
  await page.getByTestId('position').filter({ hasText: '1,000,000' }).waitFor();
  await page.getByTestId('sizing').scrollIntoViewIfNeeded();
  await page.getByTestId('sweep-param').selectOption(SWEEP_SPEC.param);
  await page.getByTestId('sweep-from').fill(String(SWEEP_SPEC.from));
  await page.getByTestId('sweep-to').fill(String(SWEEP_SPEC.to));
  await page.getByTestId('sweep-steps').fill(String(SWEEP_SPEC.steps));
  const table = page.getByTestId('sweep-table');
  const last = table.locator('tbody tr').nth(SWEEP_SPEC.steps - 1);
  const t = performance.now();
  await page.getByTestId('sweep-run').click();
  await last.waitFor({ timeout: 300_000 });
  const seconds = (performance.now() - t) / 1000;
  return { seconds, table: await table.innerText() };
}

/**
 * Miss-ratio curves of the same scenario in the panel (the policies ticked by default: Oracle's
 * rules, LRU, ARC, OPT — two one-pass curves and 40 runs of a million accesses), timed from
 * the click to the end; the chart's lines, to compare runs.
 */
export async function timeCurves(page: Page): Promise<{ seconds: number; lines: string }> {
  await uploadScenario(page, 'sweep-bench.json', sweepBenchScenario());
  await page.getByTestId('position').filter({ hasText: '1,000,000' }).waitFor();
  await page.getByTestId('mrc').scrollIntoViewIfNeeded();
  const t = performance.now();
  await page.getByTestId('mrc-run').click();
  await page.getByTestId('mrc-progress').waitFor();
  await page.getByTestId('mrc-progress').waitFor({ state: 'detached', timeout: 300_000 });
  const seconds = (performance.now() - t) / 1000;
  const error = page.getByTestId('mrc-error');
  if ((await error.count()) > 0) throw new Error(`curves: ${await error.innerText()}`);
  const lines = await page
    .getByTestId('mrc-chart')
    .locator('path[data-line]')
    .evaluateAll((ps) => ps.map((p) => `${p.getAttribute('data-line')}:${p.getAttribute('d')}`));
  return { seconds, lines: lines.join('\n') };
}
