// Lectures (issue 27) on the built site: every bundled lecture played from its first slide to
// its last, each slide reaching its position with every placeholder holding the headless
// runner's own figure (scripts/lecture.ts --json, to the last digit), nothing overlapping at
// 1024×768 and 390×844; presenter and embed captions; the clicker's keys; a lecture authored
// in the page saved, reopened and shared as a link comes back identical; axe-core clean.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import LZString from 'lz-string';
import { PREVIEW_PORT } from './ports';
import { watch } from './site';

const BASE = `http://localhost:${PREVIEW_PORT}/`;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCREENS = fileURLToPath(new URL('../docs/screens/', import.meta.url));
const LECTURES = readdirSync(`${ROOT}lectures`)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

interface Printed {
  slides: {
    position: number;
    figures: { name: string; value: unknown; text: string }[];
  }[];
}

/** What the headless lecture runner prints for a bundled lecture (`npm run -s lecture`'s bundled
 *  runner, scripts/cli.mjs: no tsx start-up in the worker; scripts/cli.test.ts checks that it
 *  prints what the script prints under tsx). */
function headless(id: string): Printed {
  const r = spawnSync(
    process.execPath,
    ['scripts/cli.mjs', 'lecture', `lectures/${id}.json`, '--json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Printed;
}

/** How many slides a bundled lecture has. */
const slidesOf = (id: string) =>
  (JSON.parse(readFileSync(`${ROOT}lectures/${id}.json`, 'utf8')) as { slides: unknown[] }).slides
    .length;

const lecture = (page: Page) => page.getByTestId('lecture');

/** Wait until slide `n` (from 1) stands at its position. */
async function reached(page: Page, n: number) {
  await expect(lecture(page)).toHaveAttribute('data-slide', String(n));
  await expect(lecture(page)).toHaveAttribute('data-reached', 'true', { timeout: 60_000 });
}

/**
 * Nothing overlaps: the page's panels, the playback bar, the captions and the slide do not
 * intersect one another (a bar pinned to the screen aside: the slide scrolls under it like
 * the rest, and Next is clicked through Playwright's check that nothing covers it), and
 * nothing is wider than the screen or its box.
 */
async function expectNoOverlap(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const els = [
      ...document.querySelectorAll(
        '.panel, .playback, .caption, .lecture-caption, .app-header, [data-testid="lecture"]',
      ),
    ].filter((e) => {
      const r = e.getBoundingClientRect();
      const st = getComputedStyle(e);
      // a bar pinned to the screen (the phone's playback bar) floats over the page by design
      const pinned = st.position === 'fixed' || st.position === 'sticky';
      return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && !pinned;
    });
    /** The part of an element its scrolling ancestors show (a panel scrolled out of its
     *  column's view overlaps nothing). */
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      let [l, t, rr, b] = [r.left, r.top, r.right, r.bottom];
      for (let a = e.parentElement; a; a = a.parentElement) {
        const st = getComputedStyle(a);
        if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        [l, t, rr, b] = [
          Math.max(l, c.left),
          Math.max(t, c.top),
          Math.min(rr, c.right),
          Math.min(b, c.bottom),
        ];
      }
      return { left: l, top: t, right: rr, bottom: b };
    };
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}[${e.getAttribute('data-testid') ?? ''}]`;
    for (let i = 0; i < els.length; i++)
      for (let j = i + 1; j < els.length; j++) {
        const [a, b] = [els[i], els[j]];
        if (a.contains(b) || b.contains(a)) continue;
        const r = visible(a);
        const s = visible(b);
        const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (w > 1 && h > 1) out.push(`${name(a)} overlaps ${name(b)} by ${w}×${h}`);
      }
    if (document.documentElement.scrollWidth > innerWidth + 1)
      out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const t of document.querySelectorAll('.lecture-text'))
      if (t.scrollWidth > t.clientWidth + 1) out.push('the slide text is wider than its box');
    return out;
  });
  expect(problems, where).toEqual([]);
}

/** The slide's figures as the page shows them. */
const figuresOf = (page: Page) =>
  page
    .getByTestId('lecture-text')
    .getByTestId('figure')
    .evaluateAll((els) =>
      els.map((e) => ({
        name: e.getAttribute('data-figure'),
        value: JSON.parse(e.getAttribute('data-value') ?? 'null') as unknown,
        text: e.textContent,
      })),
    );

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cachesim.tour', 'done'));
});

// One visit a lecture (issue 38 #2: it was one a lecture and viewport): the slides are turned
// on a phone (390×844, where the playback bar is pinned over the page), and at every slide the
// same page is checked at 1024×768 too — the runner's figures, the position, nothing
// overlapping at either size.
const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
];
for (const id of LECTURES) {
  test(`${id}: every slide reaches its position with the runner's figures, at 390 and 1024 px`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const expected = headless(id);
    const watcher = watch(page);
    await page.setViewportSize(SIZES[0]);
    await page.goto(`${BASE}?lecture=${id}&slide=1`);
    for (const [k, slide] of expected.slides.entries()) {
      if (k > 0) await page.getByTestId('lecture-next').click();
      await reached(page, k + 1);
      for (const size of SIZES) {
        const where = `${id} slide ${k + 1} at ${size.width}×${size.height}`;
        await page.setViewportSize(size);
        await expect(lecture(page), where).toHaveAttribute('data-position', String(slide.position));
        await expect(page.getByTestId('position'), where).toHaveAttribute(
          'data-position',
          String(slide.position),
        );
        expect(await figuresOf(page), where).toEqual(slide.figures);
        await expectNoOverlap(page, where);
      }
      await page.setViewportSize(SIZES[0]);
    }
    await expect(page.getByTestId('lecture-next')).toBeDisabled();
    expect(new URL(page.url()).searchParams.get('slide')).toBe(String(expected.slides.length));
    watcher.expectClean(new URL(BASE).origin);
  });
}

test('the clicker’s keys turn the slides; a link opens slide N; Copy link and Embed carry it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`${BASE}?lecture=seed000-buffer-pools&slide=3`);
  await reached(page, 3);
  await expect(page.getByTestId('lecture-progress')).toHaveText(
    `Slide 3 of ${slidesOf('seed000-buffer-pools')}`,
  );
  await page.keyboard.press('PageDown');
  await reached(page, 4);
  await page.keyboard.press('ArrowRight');
  await reached(page, 5);
  await page.keyboard.press('PageUp');
  await reached(page, 4);
  await page.keyboard.press('ArrowLeft');
  await reached(page, 3);
  const link = await page.getByTestId('lecture-slide-link').getAttribute('href');
  expect(new URL(link!).searchParams.get('slide')).toBe('3');
  await page.getByTestId('copy-link').click();
  const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.searchParams.get('lecture')).toBe('seed000-buffer-pools');
  expect(copied.searchParams.get('slide')).toBe('3');
  await page.getByTestId('copy-embed').click();
  const snippet = await page.getByTestId('embed-status').getAttribute('data-snippet');
  expect(snippet).toContain('lecture=seed000-buffer-pools&slide=3');
  expect(snippet).toContain('embed');
  // the header's picker opens another lecture at its first slide
  await page.getByTestId('scenario-select').selectOption('lecture:seed003-os-page-cache');
  await reached(page, 1);
  await expect(page.getByTestId('lecture-progress')).toHaveText('Slide 1 of 8');
  expect(new URL(page.url()).searchParams.get('lecture')).toBe('seed003-os-page-cache');
});

for (const [mode, width, height] of [
  ['present', 1024, 768],
  ['embed', 1024, 768],
  ['embed', 390, 844],
] as const) {
  test(`the slide as a caption in ${mode} mode at ${width}×${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`${BASE}?${mode}&lecture=seed000-buffer-pools&slide=4`);
    await reached(page, 4);
    await expect(page.locator('.lecture-caption')).toBeVisible();
    await expect(page.locator('.lecture-caption').getByTestId('figure').first()).toBeVisible();
    await expectNoOverlap(page, `${mode} ${width}`);
    await page.keyboard.press('PageDown');
    await reached(page, 5);
  });
}

test('a lecture authored in the page: saved, reopened and shared as a link, comes back identical', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${BASE}`);
  await expect(page.getByTestId('position')).toBeVisible();
  await page.getByTestId('scenario-select').selectOption('lecture:+write');
  await expect(page.getByTestId('lecture-editor')).toBeVisible();
  await reached(page, 1);
  await page.getByTestId('lecture-title').fill('My lecture');
  await page.getByTestId('lecture-title').press('Enter');
  await page.getByTestId('lecture-slide-text').fill('At the start: {{accesses}} reads.');
  await page.getByTestId('lecture-slide-text').blur();
  await expect(page.getByTestId('lecture-text')).toContainText('At the start: 0 reads.');
  // step 12 accesses, select a buffer, add a slide there
  for (let i = 0; i < 12; i++) await page.getByTestId('step').click();
  await page.locator('[data-testid="narration-entry"][data-kind="insert"]').first().click();
  await page.getByTestId('lecture-add').click();
  await reached(page, 2);
  await expect(page.getByTestId('lecture-text').getByTestId('figure')).toHaveText('12');
  await page.getByTestId('lecture-slide-text').fill('Physical reads: {{DEFAULT.physical_reads}}.');
  await page.getByTestId('lecture-slide-text').blur();
  await page.getByTestId('lecture-add').click();
  await reached(page, 3);
  await page.getByTestId('lecture-delete').click();
  await expect(page.getByTestId('lecture-progress')).toHaveText('Slide 2 of 2');
  // Ctrl+Z with focus in the lecture undoes the delete (the slide comes back into view)
  await page.getByTestId('lecture-back').focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('lecture-progress')).toHaveText('Slide 3 of 3');
  await page.getByTestId('lecture-delete').click();
  await page.getByTestId('lecture-undo').click();
  await expect(page.getByTestId('lecture-progress')).toHaveText('Slide 3 of 3');
  await page.getByTestId('lecture-delete').click();
  await expect(page.getByTestId('lecture-progress')).toHaveText(/of 2/);

  const save = async (p: Page) => {
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByTestId('lecture-save').click(),
    ]);
    return readFile((await download.path())!, 'utf8');
  };
  const saved = await save(page);
  const json = JSON.parse(saved);
  expect(json.title).toBe('My lecture');
  expect(json.slides.map((s: { text: string }) => s.text)).toEqual([
    'At the start: {{accesses}} reads.',
    'Physical reads: {{DEFAULT.physical_reads}}.',
  ]);
  expect(json.slides[1].position).toEqual({ access: 12 });
  expect(json.slides[1].highlight).toHaveProperty('buffer');

  // reopened from the file
  await page.getByTestId('lecture-open-file').setInputFiles({
    name: 'my-lecture.json',
    mimeType: 'application/json',
    buffer: Buffer.from(saved),
  });
  await reached(page, 1);
  expect(await save(page)).toBe(saved);

  // shared as a link (the address holds it): another tab opens the same lecture
  await page.getByTestId('lecture-next').click();
  await reached(page, 2);
  const other = await browser.newPage();
  await other.goto(page.url());
  await reached(other, 2);
  await expect(other.getByTestId('lecture-text')).toHaveText(
    await page.getByTestId('lecture-text').innerText(),
  );
  await other.getByTestId('lecture-edit').click();
  expect(await save(other)).toBe(saved);
  await other.close();
});

test('an authored lecture too long for a link: the tab keeps it, a reload opens it, elsewhere it says why', async ({
  page,
  browser,
}) => {
  // issue 44: a 500-slide lecture made an 82 KB address and the server answered HTTP 431
  test.setTimeout(120_000);
  let x = 44;
  const word = () => (x = (x * 1103515245 + 12345) % 2 ** 31).toString(36);
  const slides = Array.from({ length: 200 }, (_, k) => ({
    text: `Slide ${k + 1}: ${Array.from({ length: 12 }, word).join(' ')}`,
    ...(k === 0 ? { scenario: 'seed000-8.0-test1' } : {}),
  }));
  const json = JSON.stringify({ version: 1, title: 'Long', source: 'seed 000', slides });
  await page.goto(`${BASE}`);
  await expect(page.getByTestId('position')).toBeVisible();
  await page.getByTestId('scenario-select').selectOption('lecture:+write');
  await expect(page.getByTestId('lecture-editor')).toBeVisible();
  await page.getByTestId('lecture-open-file').setInputFiles({
    name: 'long.json',
    mimeType: 'application/json',
    buffer: Buffer.from(json),
  });
  await reached(page, 1);
  await page.getByTestId('lecture-next').click();
  await reached(page, 2);
  await expect(page.getByTestId('lecture-too-long')).toContainText('too long to travel in a link');
  await expect(page.getByTestId('lecture-slide-link')).toHaveCount(0);
  const url = new URL(page.url());
  expect(url.searchParams.get('lecture')).toBe('this-tab');
  expect(url.pathname.length + url.search.length).toBeLessThan(8000);
  // a reload asks the server for this address (before: HTTP 431) and opens the lecture again
  const reload = await page.reload();
  expect(reload?.status()).toBe(200);
  await reached(page, 2);
  await expect(page.getByTestId('lecture-text')).toContainText(slides[1].text);
  // another tab has no copy: it says so, and what to do
  const other = await browser.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('lecture-error')).toContainText('too long to travel in a link');
  await other.close();
});

test('axe-core: a lecture slide, its editor and its caption have no serious violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`${BASE}?lecture=seed001-literal-sql&slide=3`);
  await reached(page, 3);
  await page.getByTestId('lecture-edit').click();
  await expect(page.getByTestId('lecture-editor')).toBeVisible();
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
  expect(await serious()).toEqual([]);
  await page.goto(`${BASE}?present&lecture=seed000-buffer-pools&slide=4`);
  await reached(page, 4);
  expect(await serious()).toEqual([]);
});

test('screenshots of a lecture slide (docs/screens/)', async ({ page }) => {
  const url = `${BASE}?lecture=seed000-buffer-pools&slide=5`;
  for (const [name, width, height, extra] of [
    ['lecture-1024x768', 1024, 768, ''],
    ['lecture-present-1024x768', 1024, 768, 'present&'],
    ['lecture-390x844', 390, 844, ''],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(url.replace('?', `?${extra}`));
    await reached(page, 5);
    if (width < 600) await lecture(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}${name}.png` });
  }
});

test('the lectures ride in a chunk of their own, fetched for a cold ?lecture= link', async ({
  page,
  request,
}) => {
  // the first screen's entry script holds no lecture text (it was +22 KB gzip there)
  const html = await (await request.get(BASE)).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  const main = await (await request.get(new URL(entry!, BASE).toString())).text();
  const title = JSON.parse(await readFile(`${ROOT}lectures/seed000-buffer-pools.json`, 'utf8'))
    .title as string;
  expect(main).not.toContain(title);
  // a cold link to slide N loads that chunk and opens the slide
  const chunks: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) chunks.push(r.url());
  });
  await page.goto(`${BASE}?lecture=seed000-buffer-pools&slide=2`);
  await reached(page, 2);
  await expect(page.getByTestId('lecture-progress')).toHaveText(
    `Slide 2 of ${slidesOf('seed000-buffer-pools')}`,
  );
  const texts = await Promise.all(chunks.map(async (u) => (await request.get(u)).text()));
  expect(texts.filter((t) => t.includes(title))).toHaveLength(1);
});

test('slide actions open a Compare preset and run a sweep; a hash chain and a chart point are ringed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const watcher = watch(page);
  // seed 000's slide 7 opens the Compare preset Table 6, both runs at their end
  await page.goto(`${BASE}?lecture=seed000-buffer-pools&slide=7`);
  await reached(page, 7);
  await expect(page.getByTestId('compare')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('compare-found')).toContainText('Table 6');
  await expect(page.getByTestId('slot-title-b')).toBeVisible();
  // the next slide names its own scenario: compare is left
  await page.getByTestId('lecture-next').click();
  await reached(page, 8);
  await expect(page.getByTestId('compare')).toHaveAttribute('aria-pressed', 'false');

  // seed 002's slide 8 runs the Sizing panel's sweep and rings its 100,000-buffer point
  await page.goto(`${BASE}?lecture=seed002-cache-size-paging&slide=8`);
  await reached(page, 8);
  await expect(page.getByTestId('sweep-param')).toHaveValue('db_block_buffers');
  await expect(page.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(10, {
    timeout: 120_000,
  });
  const rings = page.getByTestId('sweep-chart').getByTestId('chart-mark');
  await expect(rings.first()).toHaveAttribute('data-x', '100000');
  await expect(rings).toHaveCount(2); // one on each of the chart's two lines
  // and on the throughput and paging chart below it
  const hostRings = page.getByTestId('sweep-host-chart').getByTestId('chart-mark');
  await expect(hostRings.first()).toHaveAttribute('data-x', '100000');
  await page.getByTestId('lecture-next').click();
  await reached(page, 9);
  await expect(rings).toHaveCount(0);

  // a hash chain of the buffer cache: the chain view shows that bucket, ringed and named
  const bucket = 7;
  const lectureJson = {
    version: 1,
    title: 'Chains',
    source: 'seed 000',
    slides: [
      {
        text: 'This bucket’s chain.',
        scenario: 'seed000-8.0-test1',
        position: { execution: 1 },
        highlight: { chain: bucket },
      },
      { text: 'No highlight.' },
    ],
  };
  await page.goto(
    `${BASE}?lecture=v1.${LZString.compressToEncodedURIComponent(JSON.stringify(lectureJson))}&slide=1`,
  );
  await reached(page, 1);
  const chains = page.getByTestId('chain-panel');
  await expect(chains).toHaveClass(/lecture-target/);
  await expect(chains.locator(`[data-marked="${bucket}"]`)).toBeVisible();
  await expect(chains.locator(`g.chain[data-bucket="${bucket}"]`)).toHaveCount(1);
  await expect(
    chains.locator(`rect.mark[data-mark="current"][data-bucket="${bucket}"]`),
  ).toHaveCount(1);
  await expect(page.getByTestId('chain-caption')).toContainText(
    `the slide points at bucket ${bucket}`,
  );
  await page.getByTestId('lecture-next').click();
  await reached(page, 2);
  await expect(chains.locator('[data-marked]')).toHaveCount(0);
  await expect(chains).not.toHaveClass(/lecture-target/);
  watcher.expectClean(new URL(BASE).origin);
});
