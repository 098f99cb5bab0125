// Every registered replacement policy in the replacement-list view: a small scenario with the
// policy, opened through the header's file input, stepped a few accesses — the policies in two
// groups (one a worker), each group one page visit that opens its policies' scenarios in turn. The narration says
// what the engine (the same wasm, run in Node) says for those accesses — the policy's `rule`
// lines included, each selecting its buffer; the view draws the engine's ghost lists, hand and
// badges; axe-core finds nothing serious; screenshots at 1024×768 and 1920×1080.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SimRun, validateScenario, type Event, type Scenario } from '../web/src/sim/engine';
import { loadEngineNode } from '../web/src/sim/node';
import { narrateEvents } from '../web/src/buffer/narrate';
import type { NarrationGroup } from '../web/src/shared/narration';
import { PREVIEW_PORT } from './ports';
import { openApp, uploadScenario, watch } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;
/** Where the steps start: the 50 buffers are full and blocks have been evicted. */
const FROM = 150;
const STEPS = 4;

function scenario(policy: string): Scenario {
  return {
    version: 1,
    title: `policy ${policy}`,
    profile: '8.1.6',
    policy,
    init: { db_block_buffers: 50 },
    objects: [{ name: 'T', type: 'TABLE', blocks: 120 }],
    workload: { kind: 'random', accesses: 400, distribution: 'zipf', seed: 7 },
  } as unknown as Scenario;
}

/** The registered policies, as the engine's message for an unknown one lists them. */
function registered(): string[] {
  loadEngineNode();
  const err = validateScenario({ ...scenario('lru'), policy: '?' } as Scenario);
  const list = /the policies are (.*)$/.exec(err?.detail ?? '')?.[1];
  if (!list) throw new Error(`no list of policies in ${err?.message}`);
  return list.split(', ');
}

/** The engine's narration of the steps, and its policy state after them. */
function headless(policy: string) {
  const run = SimRun.create(scenario(policy));
  try {
    const layout = run.layoutInfo();
    run.seek(FROM);
    run.setRecordEvents(true);
    const groups: NarrationGroup[] = [];
    const rules: Extract<Event, { type: 'rule' }>[] = [];
    for (let i = 0; i < STEPS; i++) {
      const at = run.position;
      run.step(1);
      const events = run.events();
      rules.push(...events.filter((e) => e.type === 'rule'));
      groups.push(...narrateEvents(layout, events, at));
    }
    return { groups, rules, state: run.policyState(0), regions: layout.regions };
  } finally {
    run.free();
  }
}

/** The page, once per group, with the first visit's tour closed (it would cover the view in
 *  the screenshots). */
async function open(page: Page) {
  await openApp(page, URL_);
  const close = page.getByTestId('tour-close');
  if (await close.isVisible()) await close.click();
}

/** Open the policy's scenario and step from FROM. */
async function load(page: Page, policy: string) {
  await uploadScenario(page, `policy-${policy}.json`, scenario(policy));
  // this policy's scenario is the page's (each has its own title), not the one before it
  await expect(
    page.getByTestId('scenario-select').locator('option[value="__edited__"]'),
  ).toHaveText(`policy ${policy} (from a link or file)`);
  await expect(page.getByTestId('report-policy')).toHaveAttribute('data-policy', policy);
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', '0');
  await expect(page.getByTestId('lru-view')).toBeVisible();
  await page.getByTestId('position-slider').fill(String(FROM));
  await expect(page.getByTestId('position')).toHaveAttribute('data-position', String(FROM));
  for (let i = 1; i <= STEPS; i++) {
    await page.getByTestId('step').click();
    await expect(page.getByTestId('position')).toHaveAttribute('data-position', String(FROM + i));
  }
}

/** The narration's lines of the group titled `title`, as the page shows them. */
async function pageLines(page: Page, title: string) {
  const group = page
    .locator('.narration-group')
    .filter({ has: page.locator('.narration-title', { hasText: title }) });
  return group.locator('[data-testid="narration-entry"]').evaluateAll((els) =>
    els.map((el) => ({
      kind: el.getAttribute('data-kind'),
      text: el.querySelector('.what')?.textContent ?? '',
      title: el.getAttribute('title'),
    })),
  );
}

/**
 * The replacement view as drawn: its smallest cell (px) and every label that overlaps another
 * label or a cell (the labels: tags, set labels, ghost captions, the policy's numbers).
 */
function readable(page: Page) {
  return page.getByTestId('lru-view').evaluate((view) => {
    const box = (e: Element) => e.getBoundingClientRect();
    const cells = [...view.querySelectorAll('g.cell')].map((c) => box(c.firstElementChild!));
    const labels = [...view.querySelectorAll('svg text')]
      .filter((t) => !t.closest('g.cell, g.badge') && (t.textContent ?? '').trim() !== '')
      .map((t) => ({ text: t.textContent!.trim(), r: box(t) }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    const meet = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const overlaps: string[] = [];
    labels.forEach((a, i) => {
      for (const b of labels.slice(i + 1))
        if (meet(a.r, b.r)) overlaps.push(`"${a.text}" over "${b.text}"`);
      if (cells.some((c) => meet(a.r, c))) overlaps.push(`"${a.text}" over a cell`);
    });
    return { smallest: Math.min(...cells.map((c) => c.width)), overlaps };
  });
}

const POLICIES = registered();
const GROUPS = [0, 1].map((g) => POLICIES.filter((_, i) => i % 2 === g));

for (const group of GROUPS) {
  test(`policies ${group.join(', ')}: narration and view agree with the engine`, async ({
    page,
  }, testInfo) => {
    // a hang guard: two minutes a policy
    test.setTimeout(120_000 * group.length);
    const watcher = watch(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await open(page);
    for (const policy of group)
      await test.step(`policy ${policy}`, async () => {
        await page.setViewportSize({ width: 1920, height: 1080 });
        await load(page, policy);
        const engine = headless(policy);

        // Each access's lines, the policy's rule lines among them, as the engine narrates them.
        for (const g of engine.groups) {
          const title = g.title.split(' · ')[0] + ' ·';
          const shown = await pageLines(page, title);
          expect(
            shown.map((l) => [l.kind, l.text]),
            `narration of ${g.title}`,
          ).toEqual(g.lines.map((l) => [l.kind, l.text]));
          const ruleLines = g.lines.filter((l) => l.kind === 'rule');
          for (const l of ruleLines)
            if (l.buf !== undefined)
              expect(shown.find((s) => s.kind === 'rule' && s.text === l.text)?.title).toBe(
                `Select buf ${l.buf}`,
              );
        }
        // A rule line selects the buffer it names in the view.
        const rule = engine.rules.findLast((r) => r.buf !== null);
        if (rule && rule.buf !== null) {
          await page
            .locator('[data-testid="narration-entry"][data-kind="rule"]', { hasText: rule.text })
            .first()
            .click();
          await expect(
            page.locator(`[data-testid="lru-view"] g.cell[data-buf="${rule.buf}"] rect.sel`),
          ).toHaveCount(1);
        }

        // The view draws the engine's structures for the set.
        const st = engine.state;
        expect(st).not.toBeNull();
        if (!st) return;
        const view = page.getByTestId('lru-view');
        const ghosts = view.locator('[data-testid="ghost-row"][data-set="0"]');
        await expect(ghosts).toHaveCount(st.ghosts.length);
        for (let k = 0; k < st.ghosts.length; k++)
          await expect(ghosts.nth(k)).toHaveAttribute(
            'data-length',
            String(st.ghosts[k].dbas.length),
          );
        await expect(view.locator('[data-testid="policy-hand"]')).toHaveCount(
          st.hand === null ? 0 : 1,
        );
        if (st.hand !== null)
          await expect(view.locator('[data-testid="policy-hand"]')).toHaveAttribute(
            'data-buf',
            String(st.hand),
          );
        const marked = new Set([...st.marks.map(([b]) => b), ...st.status.map(([b]) => b)]);
        await expect(view.locator('g.badge')).toHaveCount(marked.size);
        await expect(view.locator('[data-testid="policy-param"]')).toHaveCount(
          st.params.length + (st.hand === null ? 0 : 1),
        );
        const legend = page.getByTestId('lru-legend');
        for (const r of engine.regions) await expect(legend).toContainText(r.legend);
        for (const g of st.ghosts) await expect(legend).toContainText(`${g.label}:`);
        if (st.mark_name) await expect(legend).toContainText(st.mark_name);

        const axe = await new AxeBuilder({ page }).include('[data-testid="lru-panel"]').analyze();
        const bad = axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
        expect(bad).toEqual([]);

        await page
          .getByTestId('lru-panel')
          .screenshot({ path: testInfo.outputPath(`${policy}-1920.png`) });
        // At 1024×768 (issue 41 #2): cells a person can count, no label over another or over
        // a cell, the legend above the drawing, not in it.
        await page.setViewportSize({ width: 1024, height: 768 });
        await expect(view).toBeVisible();
        await expect
          .poll(() => readable(page), { message: `${policy} at 1024×768` })
          .toEqual({ smallest: expect.any(Number), overlaps: [] });
        expect(
          (await readable(page)).smallest,
          `${policy}'s cells at 1024×768`,
        ).toBeGreaterThanOrEqual(6);
        await page.screenshot({ path: testInfo.outputPath(`${policy}-1024.png`) });
      });
    watcher.expectClean(new URL(URL_).origin);
  });
}
