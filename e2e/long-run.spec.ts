// The page never freezes (issue 14): End on a 20M-access scenario over a million buffers runs
// in slices — the page keeps answering all along, a progress bar moves — and Cancel stops the
// run where it got to. How long the page takes to answer (target: 200 ms at the most) is a
// figure `npm run bench` prints (scripts/bench-longrun.ts), never asserted here.
import { expect, test } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { HUGE_RUN, openApp, position, uploadScenario, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;

test.use({ viewport: { width: 1280, height: 800 } });

test('End on 20M accesses keeps the page answering, and Cancel stops it', async ({ page }) => {
  test.setTimeout(120_000);
  const watcher = watch(page);
  await openApp(page, URL_);
  await uploadScenario(page, 'huge.json', HUGE_RUN);
  await expect(page.getByTestId('position')).toContainText('20,000,000');

  await page.getByTestId('run-to-end').click();
  await expect(page.getByTestId('busy')).toBeVisible();
  // While it runs, the page evaluates 1 + 1 again and again (the test's timeout is the hang
  // guard), and the progress bar moves.
  const progress: number[] = [];
  for (let i = 0; i < 15; i++) {
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    progress.push(Number(await page.getByTestId('busy-progress').getAttribute('value')));
    await page.waitForTimeout(100);
  }
  expect(progress.at(-1)!).toBeGreaterThan(progress[0]);

  await page.getByTestId('cancel').click();
  await expect(page.getByTestId('busy')).toHaveCount(0);
  const stopped = await position(page);
  expect(stopped).toBeGreaterThan(0);
  expect(stopped).toBeLessThan(20_000_000);
  await page.waitForTimeout(500);
  expect(await position(page)).toBe(stopped);
  await expect(page.getByTestId('narration')).toContainText('running to the end stopped at');
  watcher.expectClean(new URL(URL_).origin);
});
