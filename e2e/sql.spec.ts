// The SQL console (issue #12) on the built site: SQLite's wasm is fetched only when the console
// opens; a bundled seed query returns the run's figures; a bad query says ORA-00942 in an
// alert and leaves the run and the last result alone; the literal SQL panel runs seed 001's
// query there; @file / START file run a picked script; axe finds nothing serious; screenshots at
// three sizes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, position, watch, watchCsp } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const ORIGIN = new URL(URL_).origin;

const sqlWasm = (requests: string[]) => requests.filter((u) => /sql-wasm.*\.wasm/.test(u));

async function openConsole(page: Page) {
  await page.getByTestId('sql-open').click();
  await expect(page.getByTestId('sql-snapshot')).toHaveAttribute('data-position', /\d+/);
}

test.describe('the SQL console', () => {
  test.setTimeout(150_000);

  test("runs seed 000's V$BUFFER_POOL_STATISTICS query; a bad query is ORA-00942", async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    const watcher = watch(page);
    await openApp(page, URL_);
    await page.getByTestId('scenario-select').selectOption('seed000-8.0-test2');
    await page.getByTestId('run-to-end').click();
    await expect(page.getByTestId('position')).toHaveAttribute('data-position', '40000');
    expect(sqlWasm(watcher.requests), 'SQLite is not fetched before the console opens').toEqual([]);

    await openConsole(page);
    expect(sqlWasm(watcher.requests)).toHaveLength(1);
    await expect(page.getByTestId('sql-snapshot')).toHaveAttribute('data-position', '40000');
    await page.getByTestId('sql-example-pool-statistics').click();
    const rows = page.getByTestId('sql-rows').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('DEFAULT');
    await expect(rows.nth(0)).toContainText('20005');
    await expect(rows.nth(0)).toContainText('647');
    await expect(rows.nth(1)).toContainText('RECYCLE');
    await expect(page.getByTestId('sql-source')).toContainText('run verbatim');

    // a bad query: the error in an alert, the run untouched; the last result goes (issue 41 #8:
    // under the error it read as this query's result)
    const before = await position(page);
    const text = page.getByTestId('sql-text');
    await text.fill('select *\n  from v$nosuch');
    await text.press('Control+Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'ORA-00942' });
    await expect(alert).toContainText('ORA-00942: table or view does not exist');
    await expect(alert).toContainText('line 2, column 8');
    await expect(alert).toContainText('no such table: v$nosuch');
    await expect(rows).toHaveCount(0);
    expect(await position(page)).toBe(before);

    // the Z$BUFFER_CACHE view and the query over it count the buffers
    await page.getByTestId('sql-example-z-buffer-cache-8i').click();
    await expect(page.getByTestId('sql-results')).toContainText('View created.');
    await page.getByTestId('sql-example-buffers-by-pool').click();
    const groups = page.getByTestId('sql-rows').locator('tbody tr');
    await expect(groups.filter({ hasText: 'RECYCLE' })).toHaveCount(1);
    await expect(groups.filter({ hasText: 'RECYCLE' })).toContainText('TABLERANDOM');

    for (const [w, h] of [
      [1024, 768],
      [1920, 1080],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByTestId('sql-console').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`sql-${w}x${h}.png`) });
      await page
        .getByTestId('sql-console')
        .screenshot({ path: test.info().outputPath(`sql-panel-${w}x${h}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const axe = await new AxeBuilder({ page }).include('[data-testid="sql-console"]').analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    expect(violations, 'CSP violations').toEqual([]);
    watcher.expectClean(ORIGIN);
  });

  test("the literal SQL panel runs seed 001's query in the console", async ({ page }) => {
    const watcher = watch(page);
    await openApp(page, URL_);
    await page.getByTestId('scenario-select').selectOption('seed001-8.1.6-test1');
    await expect(page.getByTestId('library-stats')).toBeVisible();
    await page.getByTestId('run-to-end').click();
    await expect(page.getByTestId('literal-rows')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('literal-run-sql').click();
    const rows = page.getByTestId('sql-rows').locator('tbody tr');
    await expect(rows.first()).toContainText('SELECT');
    await expect(page.getByTestId('sql-count')).toContainText('rows selected');
    await expect(page.getByTestId('sql-text')).toHaveValue(/&&size/);
    // the one example not run verbatim says what changed, beside it
    await expect(page.getByTestId('sql-adapted-latch-waiters')).toContainText('typographic');
    await page
      .getByTestId('sql-console')
      .screenshot({ path: test.info().outputPath('sql-literal.png') });
    watcher.expectClean(ORIGIN);
  });

  test('asks once for a substitution variable', async ({ page }) => {
    await openApp(page, URL_);
    await openConsole(page);
    const text = page.getByTestId('sql-text');
    await text.fill("select '&&word' w from dual");
    await page.getByTestId('sql-run').click();
    await page.getByTestId('sql-define').fill('hello');
    await page.getByTestId('sql-define').press('Enter');
    await expect(page.getByTestId('sql-rows')).toContainText('hello');
    await text.fill("select '&&word' || '!' w from dual");
    await text.press('Control+Enter');
    await expect(page.getByTestId('sql-rows')).toContainText('hello!');
    await expect(page.getByTestId('sql-define')).toHaveCount(0);
  });

  // issue 41 #6: @file / START file run a script the user picked, as the CLI's --file does
  test('@file and START file run picked scripts; one not picked is SP2-0310 and opens the picker', async ({
    page,
  }) => {
    await openApp(page, URL_);
    await page.getByTestId('scenario-select').selectOption('seed000-8i-hot50');
    await page.getByTestId('run-to-end').click();
    await openConsole(page);
    const text = page.getByTestId('sql-text');
    await text.fill('@latches\nstart count_x 3');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('sql-run').click();
    await expect(page.getByTestId('sql-include-error')).toContainText(
      'SP2-0310: unable to open file "latches.sql"',
    );
    await (
      await chooser
    ).setFiles([
      {
        name: 'latches.sql',
        mimeType: 'text/plain',
        // a header of dashes is a comment, as in the ORACLE-BASE scripts
        buffer: Buffer.from(
          '-- ----------\n-- latches\n-- ----------\nSET LINESIZE 200\nselect name, gets from v$latch order by name;\n',
        ),
      },
      {
        name: 'count_x.sql',
        mimeType: 'text/plain',
        buffer: Buffer.from('select count(*) n from x$bh where rownum <= &1;\n'),
      },
    ]);
    await expect(page.getByTestId('sql-files-picked')).toContainText('latches.sql, count_x.sql');
    await page.getByTestId('sql-run').click();
    const tables = page.getByTestId('sql-rows');
    await expect(tables).toHaveCount(2);
    await expect(tables.nth(0).locator('tbody tr')).toHaveCount(2);
    await expect(tables.nth(0)).toContainText('cache buffers chains');
    await expect(tables.nth(0)).toContainText('cache buffers lru chain');
    await expect(tables.nth(1).locator('tbody td')).toHaveText('3');
    await expect(page.getByTestId('sql-include-error')).toHaveCount(0);
  });

  // issue 26 #13: the console took a 470-px column; opened, it spans the window
  test('opened, the console spans the window; Escape closes it and the focus goes back', async ({
    page,
  }) => {
    const watcher = watch(page);
    await openApp(page, URL_);
    for (const [w, h] of [
      [1024, 768],
      [1920, 1080],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByTestId('sql-open').focus();
      await page.keyboard.press('Enter');
      const sheet = page.getByTestId('sql-sheet');
      await expect(page.getByTestId('sql-snapshot')).toHaveAttribute('data-position', /\d+/);
      const box = await sheet.boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBe(w);
      await expect(sheet).toBeFocused();
      await page.getByTestId('sql-example-pool-statistics').click();
      await expect(page.getByTestId('sql-rows')).toContainText('DEFAULT');
      await page.screenshot({ path: test.info().outputPath(`sql-open-${w}x${h}.png`) });
      await page.keyboard.press('Escape');
      await expect(sheet).toHaveCount(0);
      await expect(page.getByTestId('sql-open')).toBeFocused();
    }
    watcher.expectClean(ORIGIN);
  });

  test('a script shows the results before its first error; NVL 5,000 deep is an alert, not a page error', async ({
    page,
  }) => {
    const watcher = watch(page);
    await openApp(page, URL_);
    await openConsole(page);
    const text = page.getByTestId('sql-text');
    await text.fill('select 1 a from dual;\nselect 2 b from dual;\nselect nosuch from dual');
    await page.getByTestId('sql-run').click();
    await expect(page.getByTestId('sql-error')).toContainText('ORA-00904');
    await expect(page.getByTestId('sql-error')).toContainText('line 3, column 8');
    // the two statements before it: their results show, labelled, then the error
    await expect(page.getByTestId('sql-rows')).toHaveCount(2);
    await expect(page.getByTestId('sql-before-error')).toBeVisible();
    // issue 41 #8: a script that fails at its first statement shows its error alone — the
    // last grid goes (under the error it read as this script's result)
    await text.fill('select nosuch from dual');
    await page.getByTestId('sql-run').click();
    await expect(page.getByTestId('sql-error')).toContainText('line 1, column 8');
    await expect(page.getByTestId('sql-rows')).toHaveCount(0);
    await expect(page.getByTestId('sql-before-error')).toHaveCount(0);
    // issue 41 #6: PROMPT's text is echoed where it stands
    await text.fill('prompt Hit ratio follows\nselect 1 a from dual;');
    await page.getByTestId('sql-run').click();
    await expect(page.getByTestId('sql-rows')).toHaveCount(1);
    await expect(page.getByTestId('sql-results')).toContainText('Hit ratio follows');
    await expect(page.getByTestId('sql-error')).toHaveCount(0);

    await text.fill(`select ${'nvl('.repeat(5000)}1${', 2)'.repeat(5000)} from dual`);
    await page.getByTestId('sql-run').click();
    const alert = page.getByRole('alert').filter({ hasText: 'levels of parentheses' });
    await expect(alert).toContainText("more than the console's limit of 1,000 levels");
    await expect(alert).toContainText('line 1, column 4011');
    watcher.expectClean(ORIGIN);
  });

  test('a query that never ends runs in a worker: the page steps meanwhile, Cancel stops it', async ({
    page,
  }) => {
    await openApp(page, URL_);
    await openConsole(page);
    const text = page.getByTestId('sql-text');
    await text.fill(
      'with recursive r(n) as (select 1 union all select n + 1 from r)\nselect count(*) from r',
    );
    await page.getByTestId('sql-run').click();
    await expect(page.getByTestId('sql-cancel')).toBeVisible();
    // the page answers while SQLite counts
    const before = await position(page);
    await page.getByTestId('step').click();
    await expect.poll(() => position(page)).toBe(before + 1);
    await page.getByTestId('sql-cancel').click();
    await expect(page.getByTestId('sql-stopped')).toContainText('stopped: it was cancelled');
    // a fresh SQLite over the same snapshot answers the next query
    await text.fill('select count(*) n from dual');
    await page.getByTestId('sql-run').click();
    await expect(page.getByTestId('sql-rows')).toContainText('1');
    await expect(page.getByTestId('sql-stopped')).toHaveCount(0);
  });
});
