// How long the page's slow actions keep a user waiting (issue 26 #12): each one on the built
// site in headless Chromium at 1280×720, from the click to the frame after the page settles.
// Targets: every action on a bundled scenario within 1 s; one that lasts over 0.5 s shows the
// progress bar (with Cancel) and never freezes the page for more than 0.5 s at a stretch.
//
//   npx tsx scripts/bench-actions.ts            build the site to a temporary folder and measure
//   npx tsx scripts/bench-actions.ts --runs 5   runs per action (the median is printed)
//   npx tsx scripts/bench-actions.ts --only seed003
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { withBuiltSite } from './lib/builtSite';
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } },
});

/** What one timed action gave, measured inside the page. */
interface Timing {
  ms: number;
  /** The longest stretch the main thread was blocked (long tasks), in ms. */
  frozenMs: number;
  /** When the progress bar first showed, in ms after the click; null if it never did. */
  busyAtMs: number | null;
}

interface Case {
  name: string;
  /** Brings the page to where the action starts (untimed). */
  setup: (page: Page) => Promise<void>;
  /** The element the action clicks, or a select and the value it picks. */
  act: { click: string } | { select: string; value: string };
  /** A CSS selector that exists once the action is done (besides the progress bar gone). */
  done: string;
  /** How many times the action repeats in one run (the worst is kept), e.g. every statement. */
  repeat?: number;
}

const testId = (id: string) => `[data-testid="${id}"]`;

async function scenario(page: Page, name: string) {
  await page.getByTestId('scenario-select').selectOption(name);
  await page.locator(`${testId('scenario-select')}`).evaluate((el, n) => {
    if ((el as HTMLSelectElement).value !== n) throw new Error(`scenario ${n} did not open`);
  }, name);
  await page.getByTestId('play').waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.querySelector('[data-testid="busy"]'));
}

async function runToEnd(page: Page) {
  await page.getByTestId('run-to-end').click();
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="busy"]') &&
      (document.querySelector('[data-testid="run-to-end"]') as HTMLButtonElement | null)?.disabled,
    null,
    { timeout: 120_000 },
  );
}

/** A statement step changes the position; the next one starts from where it ended. */
const stepExec: Case['act'] = { click: testId('step-exec') };
const moved = testId('position');

const CASES: Case[] = [
  {
    name: 'seed003 db-cache: the warm-up statement',
    setup: (p) => scenario(p, 'seed003-db-cache'),
    act: stepExec,
    done: moved,
  },
  {
    name: 'seed003 fs-cache: the warm-up statement',
    setup: (p) => scenario(p, 'seed003-fs-cache'),
    act: stepExec,
    done: moved,
  },
  {
    name: 'seed004 10.2.0.5 KEEP: each statement (worst)',
    setup: (p) => scenario(p, 'seed004-10.2.0.5-keep'),
    act: stepExec,
    done: moved,
    repeat: 12,
  },
  {
    name: 'seed004 11.2.0.2 KEEP: each statement (worst)',
    setup: (p) => scenario(p, 'seed004-11.2.0.2-keep'),
    act: stepExec,
    done: moved,
    repeat: 12,
  },
  {
    name: 'open seed004 10.2.0.5 KEEP from the scenario list',
    setup: async () => {},
    act: { select: testId('scenario-select'), value: 'seed004-10.2.0.5-keep' },
    done: `${testId('param-profile')} option[value="10.2.0.5"]:checked`,
  },
  {
    name: 'seed000 Table 9 at its end: profile 8.1.5 → 8.1.6',
    setup: async (p) => {
      await scenario(p, 'seed000-8i-hot50');
      await runToEnd(p);
    },
    act: { select: testId('param-profile'), value: '8.1.6' },
    done: '.badge.edited',
  },
  {
    name: 'seed004 10.2.0.5 KEEP at its end: profile → 11.2.0.2',
    setup: async (p) => {
      await scenario(p, 'seed004-10.2.0.5-keep');
      await runToEnd(p);
    },
    act: { select: testId('param-profile'), value: '11.2.0.2' },
    done: '.badge.edited',
  },
  {
    name: 'seed001 8.1.6 TEST1 at its end: cursor_sharing → FORCE',
    setup: async (p) => {
      await scenario(p, 'seed001-8.1.6-test1');
      await runToEnd(p);
    },
    act: { select: testId('param-cursor_sharing'), value: 'FORCE' },
    done: '.badge.edited',
  },
  {
    name: 'open the Table 6 compare preset',
    setup: async (p) => {
      await p.getByTestId('compare').click();
    },
    act: { click: testId('compare-preset-table6') },
    done: `[data-testid="compare-row"][data-stat="physical_reads"][data-pool="TOTAL"][data-a]`,
  },
  {
    name: 'seed000 8.0 TEST4: turn db_cache_advice on',
    setup: async (p) => {
      await scenario(p, 'seed000-8.0-test4');
      await runToEnd(p);
      await p.getByTestId('advice').scrollIntoViewIfNeeded();
      await p.getByTestId('advice-on').waitFor();
    },
    act: { click: testId('advice-on') },
    done: testId('advice-pool'),
  },
];

/** Runs `act` in the page and times it there: click → done and no progress bar → two frames. */
async function timeAction(page: Page, c: Case): Promise<Timing> {
  return page.evaluate(
    async ({ act, done }) => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
      const busyNow = () => document.querySelector('[data-testid="busy"]') !== null;
      const pos = () =>
        document.querySelector('[data-testid="position"]')?.getAttribute('data-position');
      let frozenMs = 0;
      const lt = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) frozenMs = Math.max(frozenMs, e.duration);
      });
      lt.observe({ type: 'longtask', buffered: false });
      let busyAtMs: number | null = null;
      const t0 = performance.now();
      const mo = new MutationObserver(() => {
        if (busyAtMs === null && busyNow()) busyAtMs = performance.now() - t0;
      });
      mo.observe(document.body, { childList: true, subtree: true });
      const before = pos();
      if ('click' in act) {
        const el = document.querySelector<HTMLElement>(act.click);
        if (!el) throw new Error(`no ${act.click}`);
        el.click();
      } else {
        const el = document.querySelector<HTMLSelectElement>(act.select);
        if (!el) throw new Error(`no ${act.select}`);
        // React's own value tracker sees a change only through the prototype's setter.
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(
          el,
          act.value,
        );
        el.dispatchEvent(new Event('change', { bubbles: true }));
      }
      // A statement step is done when the position has moved; others when `done` exists.
      const isStep = 'click' in act && act.click.includes('step-exec');
      for (;;) {
        await frame();
        const ok = isStep ? pos() !== before : document.querySelector(done) !== null;
        if (ok && !busyNow()) break;
        if (performance.now() - t0 > 60_000) throw new Error('not done after 60 s');
      }
      await frame();
      await frame();
      const ms = performance.now() - t0;
      // Long tasks are reported after they end: give the observer its turn.
      await new Promise((r) => setTimeout(r, 50));
      lt.disconnect();
      mo.disconnect();
      return { ms, frozenMs, busyAtMs };
    },
    { act: c.act, done: c.done },
  );
}

async function measure(browser: Browser, base: string, c: Case): Promise<Timing[]> {
  const runs: Timing[] = [];
  for (let r = 0; r < Number(values.runs); r++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // tsx names the functions it compiles with a helper the page lacks (`__name`).
    await page.addInitScript({ content: 'window.__name = (f) => f;' });
    await page.goto(base);
    await page.getByTestId('play').waitFor({ state: 'visible', timeout: 60_000 });
    await c.setup(page);
    await page.waitForTimeout(300);
    let worst: Timing | null = null;
    for (let i = 0; i < (c.repeat ?? 1); i++) {
      if (i > 0 && (await page.getByTestId('step-exec').isDisabled())) break;
      const t = await timeAction(page, c);
      if (!worst || t.ms > worst.ms) worst = t;
      await page.waitForTimeout(100);
    }
    await page.close();
    if (errors.length) throw new Error(`${c.name}: page errors: ${errors.join('; ')}`);
    runs.push(worst!);
  }
  return runs;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function verdict(t: Timing): string {
  if (t.ms > 1000) return 'OVER 1 s';
  if (t.ms > 500 && t.busyAtMs === null) return 'over 0.5 s, no progress bar';
  if (t.frozenMs > 500) return 'frozen over 0.5 s';
  return 'ok';
}

async function main(): Promise<void> {
  await withBuiltSite('bench-actions', { port: 4191 }, async ({ base, browser }) => {
    console.log(
      '\nSlow actions on the built site (1280×720; median of ' +
        `${values.runs} runs; target ≤ 1,000 ms, a progress bar past 500 ms)`,
    );
    console.log('| action | ms | longest freeze ms | progress bar at | verdict |');
    console.log('|---|---:|---:|---:|---|');
    for (const c of CASES) {
      if (values.only && !c.name.includes(values.only)) continue;
      const runs = await measure(browser, base, c);
      const m = runs.find((t) => t.ms === median(runs.map((x) => x.ms)))!;
      const busy = m.busyAtMs === null ? '—' : `${m.busyAtMs.toFixed(0)} ms`;
      console.log(
        `| ${c.name} | ${m.ms.toFixed(0)} | ${m.frozenMs.toFixed(0)} | ${busy} | ${verdict(m)} |`,
      );
    }
  });
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
