import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { poolRow, runSmokeScenario } from './site';

test('runs a bundled scenario to the end and shows every pool', async ({ page }, testInfo) => {
  await runSmokeScenario(page, `http://localhost:${PREVIEW_PORT}/`, testInfo);
  // seed000-8.0-test1 has only the DEFAULT pool; TEST4 adds KEEP and RECYCLE.
  await page.getByTestId('scenario-select').selectOption('seed000-8.0-test4');
  for (const pool of ['DEFAULT', 'KEEP', 'RECYCLE'])
    await expect(poolRow(page, pool)).toBeVisible();
  // the paper table says what the paper's DEFAULT row holds that the simulator leaves out
  await expect(page.getByTestId('paper-left-out')).toContainText(
    "Left out: the instance's own blocks",
  );
});
