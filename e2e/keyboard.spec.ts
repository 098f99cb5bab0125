// Keyboard only: a skip link to the playback bar, the buffer grid (arrows move a cursor,
// Enter selects), its X$BH row, stepping, running to the end and copying the link — no mouse.
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, position } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** Tab (or Shift+Tab) until `testId` has the focus; the number of presses it took. */
async function tabTo(page: Page, testId: string, back = false, max = 250): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if ((await focusedTestId(page)) === testId) return i;
  }
  throw new Error(`${testId} not reached in ${max} Tab presses`);
}

/**
 * From the body's focus, the number of Tab presses until `testId` has the focus, as tabTo
 * counts them, in batches: a `focusin` log in the page records where each press landed (one
 * round trip a press instead of two). Where the focus stays put after reaching `testId` does
 * not matter to the caller. When a press logged no focus change (so the log's positions are
 * not the presses'), it counts again press by press.
 */
async function countTabStops(page: Page, testId: string, max = 250): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __focusLog: (string | null)[] };
    w.__focusLog = [];
    document.addEventListener('focusin', (e) =>
      w.__focusLog.push((e.target as Element).getAttribute('data-testid')),
    );
  });
  await page.locator('body').focus();
  for (let pressed = 0; pressed < max;) {
    for (let i = 0; i < 10 && pressed < max; i++, pressed++) await page.keyboard.press('Tab');
    const log = await page.evaluate(
      () => (window as unknown as { __focusLog: (string | null)[] }).__focusLog,
    );
    const at = log.indexOf(testId);
    if (at < 0 && log.length === pressed) continue;
    if (at >= 0 && log.length === pressed) return at + 1;
    break; // a press without a focusin: count press by press
  }
  await page.locator('body').focus();
  return tabTo(page, testId, false, max);
}

test.use({ viewport: { width: 1280, height: 800 } });
// Tab by Tab through the page is slow on a shared machine.
test.setTimeout(180_000);

// The skip link and the keyboard-only walk share one page (the walk starts from the reload the
// skip link's count makes); so do the shortcuts and the hash buckets (issue 38 #2).
test('keyboard only: the skip link, then select a buffer, read its X$BH row, step, run to the end, copy the link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page, URL_);
  await test.step('a skip link is the first Tab stop and leads to Play', async () => {
    await page.locator('body').focus();
    expect(await tabTo(page, 'skip-playback')).toBe(1);
    await page.keyboard.press('Enter');
    expect(await focusedTestId(page)).toBe('play');
    // Without the skip link: how many stops lie before Play (printed for the record).
    await page.reload();
    await expect(page.getByTestId('play')).toBeEnabled();
    console.log(
      `Tab stops before Play without the skip link: ${await countTabStops(page, 'play')}`,
    );
  });
  await test.step('select a buffer, read its X$BH row, step, run to the end, copy the link', async () => {
    await page.locator('body').focus();
    // To Play, then → steps (a focused button keeps only Space and Enter).
    await tabTo(page, 'skip-playback');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page)).toBe(3);

    // The second skip link: the buffer grid. Its cursor starts on the hot head's buffer.
    await page.locator('body').focus();
    await tabTo(page, 'skip-view');
    await page.keyboard.press('Enter');
    const grid = page.locator('[data-keynav="lru"]');
    await expect(grid).toBeFocused();
    const cursor = page.getByTestId('lru-cursor');
    await expect(cursor).toContainText('buf# ');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    // Arrows inside the grid move the cursor, not the run.
    expect(await position(page)).toBe(3);
    await page.keyboard.press('Enter');
    await expect(cursor).toContainText('selected');
    const buf = (await cursor.textContent())?.match(/buf# (\d+)/)?.[1];
    const xbh = page.getByTestId('xbh-panel');
    await expect(xbh.locator('[data-field="buf#"]')).toHaveText(buf ?? 'none');
    await expect(xbh.locator('[data-field="obj"]')).not.toHaveText('—');

    // X$BH's links (PRV_REPL / NXT_REPL) are Tab stops after the grid; → there steps.
    const prvOrNxt = xbh.locator('dd button').first();
    if (await prvOrNxt.count()) {
      await prvOrNxt.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => position(page)).toBe(4);
    }

    // The narration's lines: one Tab stop, arrows move, Enter selects the line's buffer.
    const line = page.locator('button[data-testid="narration-entry"]').first();
    await line.focus();
    await page.keyboard.press('Enter');
    await expect(xbh.locator('[data-field="buf#"]')).toBeVisible();

    await page.keyboard.press('End');
    await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');

    await tabTo(page, 'copy-link', true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#v1=/);
  });
});

test('hash buckets by keyboard, and the position slider and text fields do not swallow the shortcuts', async ({
  page,
}) => {
  await openApp(page, URL_);
  await test.step('the cache buffers chains by keyboard', async () => {
    const strip = page.locator('[data-testid="chain-panel"] [data-keynav="buckets"]');
    await strip.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('bucket-cursor').first()).toContainText('bucket 2 ');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="chain-view"] g.chain')).toHaveAttribute(
      'data-bucket',
      '2',
    );
    expect(await position(page)).toBe(0);
  });
  await test.step('the position slider and text fields do not swallow the shortcuts', async () => {
    const slider = page.getByTestId('position-slider');
    await slider.focus();
    // Shift+→ steps one execution (4 accesses here), where a slider would move by one.
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => position(page)).toBe(4);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page)).toBe(3);
    await page.keyboard.press('Home');
    await expect.poll(() => position(page)).toBe(0);

    // In a text field End is the field's; Escape leaves it, then End runs to the end.
    const field = page.getByTestId('param-db_block_buffers');
    await field.focus();
    await page.keyboard.press('End');
    expect(await position(page)).toBe(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('End');
    await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');
  });
  await test.step('the library cache buckets by keyboard', async () => {
    await page.getByTestId('scenario-select').selectOption('seed001-8.1.6-test1');
    await expect(page.getByTestId('library-stats')).toBeVisible();
    const buckets = page.locator('[data-testid="bucket-panel"] [data-keynav="buckets"]');
    await buckets.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('bucket-cursor')).toContainText('handles on its chain');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('bucket-panel')).not.toContainText('Click a bucket to list');
  });
});
