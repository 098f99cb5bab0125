// Validation messages name the parameter and its limit; the raw init.ora text reports every
// problem with its line and links to the parameter reference.
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './site';

/** The page opened, its init.ora text tab showing `text` (not applied). */
async function typeInitText(page: Page, text: string) {
  await openApp(page, '/');
  await page.getByTestId('raw-tab').click();
  await page.getByTestId('raw-init').fill(text);
}

test('a value over the limit names the parameter and the limit', async ({ page }) => {
  await openApp(page, '/');
  const input = page.getByTestId('param-db_block_buffers');
  await input.fill('2000000');
  await expect(page.locator('#param-db_block_buffers-error')).toHaveText(
    'db_block_buffers: 2,000,000 is above the maximum 1,048,576',
  );
  // an exponent is not a whole number as the engine reads one (issue 29 #15: one rule)
  await input.fill('1e3');
  await expect(page.locator('#param-db_block_buffers-error')).toHaveText(
    'db_block_buffers takes a whole number in digits, not “1e3”',
  );
  const cost = page.getByTestId('param-cost.physical_read_ms');
  await cost.fill('1e12');
  await expect(page.locator('#param-cost-physical_read_ms-error')).toHaveText(
    'cost.physical_read_ms: 1,000,000,000,000 ms is above the maximum 10,000 ms',
  );
});

test('the init.ora text reports every error and links to the parameter reference', async ({
  page,
}) => {
  await typeInitText(
    page,
    'db_block_buffers = 1e12\n_db_percent_hot_default = 101\nnot a line\ndb_block_bufers = 5\n',
  );
  const errors = page.getByTestId('raw-errors');
  await expect(errors.locator('li')).toHaveCount(4);
  await expect(errors).toContainText(
    'line 2: _db_percent_hot_default: 101 is above the maximum 100',
  );
  await expect(errors).toContainText('line 4: db_block_bufers is not an init.ora parameter');
  await expect(page.getByTestId('raw-apply')).toBeDisabled();
  await errors.getByTestId('param-reference-link').click();
  const reference = page.getByTestId('param-reference');
  await expect(reference).toBeVisible();
  await expect(reference.locator('tr[data-param="db_block_buffers"]')).toContainText('1,048,576');
});

test("a real instance's pfile pastes as it is: spfile prefixes read, other parameters listed and left out", async ({
  page,
}) => {
  await typeInitText(page, "*.db_name = 'ORCL'\n*.db_block_buffers = 1200\n*.processes = 150\n");
  await expect(page.getByTestId('raw-errors')).toHaveCount(0);
  await expect(page.getByTestId('raw-skipped')).toContainText(
    'db_name (line 1), processes (line 3)',
  );
  await page.getByTestId('raw-apply').click();
  await page.getByRole('tab', { name: 'Form' }).click();
  await expect(page.getByTestId('param-db_block_buffers')).toHaveValue('1200');
});
