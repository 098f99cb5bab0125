// Undo and redo of configuration edits: the buttons and Ctrl+Z / Ctrl+Shift+Z outside text
// fields (inside one the browser's own undo applies); the result survives a reload.
import { expect, test, type Page } from '@playwright/test';
import { openApp, setParam } from './site';

test('undo and redo configuration edits by button and by key', async ({ page }) => {
  await openApp(page, '/');
  const hot = page.getByTestId('param-_db_percent_hot_default');
  await expect(page.getByTestId('undo')).toBeDisabled();
  await setParam(page, '_db_percent_hot_default', '25');
  await setParam(page, '_db_percent_hot_default', '0');
  await expect(hot).toHaveValue('0');

  // In the text field Ctrl+Z belongs to the browser (its typing); the configuration stays.
  await hot.focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('redo')).toBeDisabled();
  await hot.press('Escape');
  await expect(hot).toHaveValue('0');

  await page.getByTestId('lru-panel').locator('h2').click();
  await page.keyboard.press('Control+z');
  await expect(hot).toHaveValue('25');
  await page.getByTestId('undo').click();
  await expect(hot).toHaveValue('50');
  await expect(page.getByTestId('undo')).toBeDisabled();
  await page.keyboard.press('Control+Shift+Z');
  await expect(hot).toHaveValue('25');
  await page.getByTestId('redo').click();
  await expect(hot).toHaveValue('0');

  // The edited scenario survives a reload (the address keeps it).
  await page.getByTestId('undo').click();
  await expect(hot).toHaveValue('25');
  await expect.poll(() => page.url()).toContain('#v1=');
  await page.waitForTimeout(600);
  await page.reload();
  await expect(page.getByTestId('param-_db_percent_hot_default')).toHaveValue('25');
});

/** The page opened with one edit made: the hot region at 25 %. */
async function openEdited(page: Page) {
  await openApp(page, '/');
  await setParam(page, '_db_percent_hot_default', '25');
}

test('picking another scenario over an edited one: one undo brings the edit back', async ({
  page,
}) => {
  await openEdited(page);
  await page.getByTestId('scenario-select').selectOption('seed000-8.0-test2');
  await expect(page.getByTestId('scenario-select')).toHaveValue('seed000-8.0-test2');
  await expect(page.getByTestId('narration')).toContainText('one undo away');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('param-_db_percent_hot_default')).toHaveValue('25');
  await expect(page.getByTestId('scenario-select')).toHaveValue('__edited__');
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('scenario-select')).toHaveValue('seed000-8.0-test2');
});

test('Ctrl+Z with focus on a select undoes the configuration, not the last field typed in', async ({
  page,
}) => {
  await openEdited(page);
  const pool = page.getByTestId('segment-pool-LARGE_TBL');
  await pool.selectOption('RECYCLE');
  await expect(pool).toHaveValue('RECYCLE');
  await pool.focus();
  await page.keyboard.press('Control+z');
  await expect(pool).toHaveValue('DEFAULT');
  await expect(page.getByTestId('param-_db_percent_hot_default')).toHaveValue('25');
});
