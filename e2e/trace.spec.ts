// Traces in (issue #12): a trace file chosen with the button or dropped on the page is replayed
// in a Web Worker through the open scenario's cache, and gives the figures the headless runner
// gives for the same file; a garbage line and a truncated binary record stop it with the line
// or byte offset, the figures before them shown as partial; the open run is not touched.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp, uploadScenario, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
const root = fileURLToPath(new URL('..', import.meta.url));

/** The cache the traces go through: 100 buffers over two segments of 300 + 200 blocks. */
const SCENARIO = {
  version: 1,
  title: 'Trace target: 100 buffers, 500 blocks',
  profile: '8.1.6',
  init: { db_block_buffers: 100 },
  objects: [
    { name: 'A', type: 'TABLE', blocks: 300 },
    { name: 'B', type: 'TABLE', blocks: 200 },
  ],
  workload: { kind: 'random', accesses: 1234, distribution: 'uniform', seed: 1 },
};
const BLOCKS = 500;

/** Seeded ids in 0..BLOCKS, skewed (a small LCG; the same every run). */
function ids(n: number, seed: number): number[] {
  let x = seed >>> 0;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    const u = x / 2 ** 32;
    out.push(Math.floor(BLOCKS * u * u)); // more weight on the low ids
  }
  return out;
}

const txtTrace = (list: (number | string)[]) => Buffer.from(list.join('\n') + '\n');

/** libCacheSim oracleGeneral: <u32 time, u64 id, u32 size, i64 next> little-endian, 24 bytes. */
function oracleGeneral(list: number[]): Buffer {
  const b = Buffer.alloc(list.length * 24);
  list.forEach((id, i) => {
    b.writeUInt32LE(Math.floor(i / 100), i * 24);
    b.writeBigUInt64LE(BigInt(id), i * 24 + 4);
    b.writeUInt32LE(8192, i * 24 + 12);
    b.writeBigInt64LE(-1n, i * 24 + 16);
  });
  return b;
}

const dir = mkdtempSync(join(tmpdir(), 'cachesim-trace-spec-'));
const scenarioFile = join(dir, 'scenario.json');
writeFileSync(scenarioFile, JSON.stringify(SCENARIO));

/** What the headless runner says for `bytes` as a trace file named `name`. */
function headless(name: string, bytes: Buffer, format: string) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const out = execFileSync(
    process.execPath,
    ['scripts/cli.mjs', 'sim', scenarioFile, '--trace', file, '--trace-format', format],
    { cwd: root, encoding: 'utf8' },
  );
  const r = JSON.parse(out) as { accesses: number; total: { physical_reads: number } };
  return { accesses: r.accesses, physical: r.total.physical_reads };
}

async function open(page: Page, scroll = true) {
  await openApp(page, URL_);
  await uploadScenario(page, 'trace-target.json', SCENARIO);
  await expect(page.getByTestId('position')).toContainText('/ 1,234');
  if (!scroll) return;
  // the panel loads when it comes into view (or a file is dropped); panels above it that load
  // meanwhile can push it out again, so scroll until it is there
  await expect(async () => {
    await page.getByTestId('trace-slot').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('trace')).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** Drop `bytes` as a file named `name` on the element `selector` (a synthetic drag and drop). */
async function drop(page: Page, name: string, bytes: Buffer, selector = 'body') {
  await page.evaluate(
    ([name, b64, selector]) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name));
      const target = document.querySelector(selector) ?? document.body;
      const ev = (type: string) =>
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }),
        );
      ev('dragenter');
      ev('dragover');
      // as in a real drag, dragover repeats while the pointer rests
      const repeat = setInterval(() => ev('dragover'), 50);
      (window as unknown as { __dt: () => boolean }).__dt = () => {
        clearInterval(repeat);
        return ev('drop');
      };
    },
    [name, bytes.toString('base64'), selector] as const,
  );
}
const release = (page: Page) =>
  page.evaluate(() => (window as unknown as { __dt: () => boolean }).__dt());

const result = (page: Page) => page.getByTestId('trace-result');

/** Choose `buffer` as the trace file `name` with the panel's button. */
const choose = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
  page.getByTestId('trace-file').setInputFiles({ name, mimeType, buffer });

/** The replay ended in `phase` (a Worker on a busy machine: up to 30 s). */
const ended = (page: Page, phase: 'done' | 'error') =>
  expect(page.getByTestId('trace-run')).toHaveAttribute('data-phase', phase, {
    timeout: 30_000,
  });

test.use({ viewport: { width: 1920, height: 1080 } });

test('a txt trace chosen with the button gives the headless runner’s figures', async ({ page }) => {
  const bytes = txtTrace(ids(20_000, 7));
  const want = headless('zipf.txt', bytes, 'txt');
  expect(want.accesses).toBe(20_000);
  const watcher = watch(page);
  await open(page);
  await choose(page, 'zipf.txt', 'text/plain', bytes);
  await ended(page, 'done');
  await expect(page.getByTestId('trace-run')).toHaveAttribute('data-format', 'txt');
  await expect(result(page)).toHaveAttribute('data-partial', 'false');
  await expect(result(page)).toHaveAttribute('data-accesses', String(want.accesses));
  await expect(result(page)).toHaveAttribute('data-physical-reads', String(want.physical));
  await expect(page.getByTestId('trace-accesses')).toHaveText('20,000');
  // the open scenario's run is where it was
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '0');
  // the report as JSON
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('trace-export').click(),
  ]);
  expect(download.suggestedFilename()).toBe('trace-report-zipf.json');
  // the panel with its figures: no serious or critical axe-core violation
  const axe = await new AxeBuilder({ page }).include('[data-testid="trace"]').analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  watcher.expectClean(new URL(URL_).origin);
});

test('an oracleGeneral trace dropped on the page gives the headless runner’s figures', async ({
  page,
}) => {
  const bytes = oracleGeneral(ids(30_000, 11));
  const want = headless('zipf.oracleGeneral', bytes, 'oracleGeneral');
  const watcher = watch(page);
  await open(page, false); // the panel is not loaded yet: the drop loads it
  await expect(page.getByTestId('trace')).toHaveCount(0);
  await drop(page, 'zipf.oracleGeneral', bytes);
  await expect(page.locator('[data-testid="trace-drop"][data-accepts="true"]')).toBeVisible();
  await release(page);
  await expect(page.getByTestId('trace-drop')).toBeHidden();
  await ended(page, 'done');
  await expect(page.getByTestId('trace-run')).toHaveAttribute('data-format', 'oracleGeneral');
  await expect(result(page)).toHaveAttribute('data-accesses', String(want.accesses));
  await expect(result(page)).toHaveAttribute('data-physical-reads', String(want.physical));
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '0');
  watcher.expectClean(new URL(URL_).origin);
});

test('a garbage line names its line; the figures before it are shown as partial', async ({
  page,
}) => {
  const good = ids(1000, 3);
  const bytes = txtTrace([...good, 'not-an-id', ...ids(50, 4)]);
  await open(page);
  await choose(page, 'bad.txt', 'text/plain', bytes);
  await ended(page, 'error');
  await expect(page.getByTestId('trace-error')).toContainText('line 1001');
  await expect(page.getByTestId('trace-partial')).toContainText('Partial');
  await expect(result(page)).toHaveAttribute('data-partial', 'true');
  await expect(result(page)).toHaveAttribute('data-accesses', '1000');
  // the same ids at the same times as an oracleGeneral file: the same run
  const want = headless('same.oracleGeneral', oracleGeneral(good), 'oracleGeneral');
  await expect(result(page)).toHaveAttribute('data-physical-reads', String(want.physical));
});

test('a truncated oracleGeneral record names its byte offset', async ({ page }) => {
  const whole = oracleGeneral(ids(100, 5));
  const bytes = whole.subarray(0, 24 * 99 + 10);
  await open(page);
  await page.getByTestId('trace-format').selectOption('oracleGeneral');
  await choose(page, 'cut.bin', 'application/octet-stream', bytes);
  await ended(page, 'error');
  await expect(page.getByTestId('trace-error')).toContainText(`byte offset ${24 * 99}`);
  await expect(result(page)).toHaveAttribute('data-partial', 'true');
  await expect(result(page)).toHaveAttribute('data-accesses', '99');
});

test('a file dropped on a text field is not taken as a trace', async ({ page }) => {
  await open(page);
  await drop(page, 'a.txt', txtTrace([1, 2, 3]), '[data-testid="param-db_block_buffers"]');
  await expect(page.getByTestId('trace-drop')).toBeHidden();
  await release(page);
  await page.waitForTimeout(300);
  await expect(page.getByTestId('trace-run')).toHaveCount(0);
  await expect(page.getByTestId('param-db_block_buffers')).toHaveValue('100');
});

test('Cancel stops a long replay and the page stays usable', async ({ page }) => {
  // 20M records (480 MB) on disk, one 24 MB block written twenty times: far more than the
  // test waits for; the browser reads it from the path, nothing goes through the test
  const file = join(dir, 'long.oracleGeneral');
  const block = oracleGeneral(ids(1_000_000, 9));
  const fd = openSync(file, 'w');
  for (let i = 0; i < 20; i++) writeSync(fd, block);
  closeSync(fd);
  await open(page);
  await page.getByTestId('trace-file').setInputFiles(file);
  await expect(page.getByTestId('trace-progress')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('trace-cancel').click();
  await expect(page.getByTestId('trace-run')).toHaveAttribute('data-phase', 'cancelled');
  await expect(page.getByTestId('trace-progress')).toHaveCount(0);
  await expect(page.getByTestId('trace-result')).toHaveCount(0);
  // the run was never touched, and answers
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '0');
  await page.getByTestId('step').click();
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '1');
  rmSync(file);
});

// issue 26 #8: a dropped trace's figures or error landed off screen (y ≈ 1476 at 1280×720);
// the end of a replay brings them into view and says how it ended in a live region
test.describe('at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  for (const [what, name, bytes, phase, announced] of [
    ['figures', 'fine.txt', txtTrace(ids(2000, 8)), 'done', /done: 2,000 accesses, hit ratio/],
    ['error', 'bad.txt', txtTrace([...ids(100, 9), 'x']), 'error', /stopped/],
  ] as const)
    test(`a dropped trace's ${what}: in view, and announced`, async ({ page }) => {
      await open(page, false);
      await drop(page, name, bytes);
      await release(page);
      await ended(page, phase);
      const box = await page.getByTestId('trace-run').boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeLessThan(720);
      await expect(page.getByTestId('trace-announce')).toHaveText(announced);
      if (phase === 'error') await expect(page.getByTestId('trace-error')).toBeInViewport();
    });
});

// issue 26 #2: a csv with a header (libCacheSim's cloudPhysicsIO.csv: version,time,op,size,lbn)
// was read by position under the page's default params — its time column as the ids
test('a csv trace with a header is read by its column names, shown before the figures', async ({
  page,
}) => {
  const good = ids(500, 12);
  const csv = Buffer.from(
    [
      'version,time,op,size,lbn',
      ...good.map((id, k) => `1,${Math.floor(k / 100)},r,512,${id}`),
    ].join('\n') + '\n',
  );
  await open(page);
  await choose(page, 'cloud.csv', 'text/csv', csv);
  await ended(page, 'done');
  await expect(page.getByTestId('trace-columns')).toContainText(
    "object id: column 5 'lbn' · time: column 2 'time'",
  );
  // the same ids at the same times as an oracleGeneral file: the same run
  const want = headless('same.oracleGeneral', oracleGeneral(good), 'oracleGeneral');
  await expect(result(page)).toHaveAttribute('data-physical-reads', String(want.physical));
});

// issue 26 #3: a real trace's ids do not fit a seed's segments (direct: id 42,932,745 at byte
// 0; dense: 22,774 of 113,872 accesses): the panel offers the trace workbench in one click
test('a trace that does not fit is offered the trace workbench, sized from the trace', async ({
  page,
}) => {
  const list = ids(3000, 21).map((i) => i * 1000 + 7); // ids far past the scenario's 500 blocks
  const bytes = txtTrace(list);
  await open(page);
  await choose(page, 'far.txt', 'text/plain', bytes);
  await ended(page, 'error');
  await expect(page.getByTestId('trace-error')).toContainText('past the last block');
  await page.getByTestId('trace-bench').click();
  await ended(page, 'done');
  await expect(page.getByTestId('trace-run')).toHaveAttribute('data-map', 'dense');
  // the headless runner, the same file on the bundled workbench, densely
  const file = join(dir, 'far.txt');
  writeFileSync(file, bytes);
  const out = execFileSync(
    process.execPath,
    [
      'scripts/cli.mjs',
      'sim',
      'scenarios/trace-workbench.json',
      '--trace',
      file,
      '--trace-map',
      'dense',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const want = JSON.parse(out) as { total: { physical_reads: number }; notes: string[] };
  await expect(result(page)).toHaveAttribute(
    'data-physical-reads',
    String(want.total.physical_reads),
  );
  // the workbench's segments are cut to the trace's distinct ids
  const distinct = new Set(list).size;
  expect(want.notes).toContain(`${distinct} distinct objects in the trace`);
  await expect(page.getByTestId('scenario-select')).toHaveValue('__edited__');
  await expect(page.getByTestId('segment-row')).toHaveCount(1);
  await expect(page.getByLabel('blocks of TRACE1')).toHaveValue(String(distinct));
});

// issue 41 #9: on the trace workbench the panel maps densely unless the user chooses, and
// makes no offer of the workbench when it is the workbench that a trace does not fit
test('the workbench maps densely by default and does not offer itself', async ({ page }) => {
  await openApp(page, URL_);
  await page.getByTestId('scenario-select').selectOption('trace-workbench');
  await expect(page.getByTestId('scenario-select')).toHaveValue('trace-workbench');
  await expect(async () => {
    await page.getByTestId('trace-slot').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('trace')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('trace-map')).toHaveValue('dense');
  // an id past the workbench's 20,971,510 blocks, mapped directly: it does not fit
  await page.getByTestId('trace-map').selectOption('direct');
  await choose(page, 'huge.txt', 'text/plain', txtTrace([1, 2, 30_000_000]));
  await ended(page, 'error');
  await expect(page.getByTestId('trace-error')).toContainText('past the last block');
  await expect(page.getByTestId('trace-bench-offer')).toHaveCount(0);
});
