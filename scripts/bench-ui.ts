// Frames per second of the D3 views in headless Chromium: builds the views harness
// (web/dev/views-harness.html, `--mode harness` of the project's Vite config) into a temporary
// directory, serves
// it with `vite preview` (in this process), and reads the harness's frame counter.
//
//   npx tsx scripts/bench-ui.ts                 the figures (targets: 60 fps animated, 30 playing;
//                                               under a sweep in the Workers 50 and 30)
//   npx tsx scripts/bench-ui.ts --shots DIR     also screenshots at 50, 1,000 and 100,000 buffers
//   npx tsx scripts/bench-ui.ts --seconds 5     measuring window per case
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { withBuiltSite } from './lib/builtSite';
const { values } = parseArgs({
  options: {
    shots: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    only: { type: 'string' },
  },
});
const seconds = Number(values.seconds);

interface Case {
  name: string;
  hash: string;
  target: number;
}
const CASES: Case[] = [
  // The ceiling on this machine: the harness page with no view mounted.
  {
    name: 'baseline (no views)',
    hash: 'buffers=1000&mode=animate&step=400&views=none',
    target: 60,
  },
  {
    name: 'lru 1000 buffers animated',
    hash: 'buffers=1000&mode=animate&step=400&views=lru',
    target: 60,
  },
  {
    name: 'lru 100000 buffers playing',
    hash: 'buffers=100000&mode=play&speed=2000&views=lru',
    target: 30,
  },
  {
    name: 'all views 1000 buffers animated',
    hash: 'buffers=1000&mode=animate&step=400',
    target: 60,
  },
  {
    name: 'all views 100000 buffers playing',
    hash: 'buffers=100000&mode=play&speed=2000',
    target: 30,
  },
  // Issue 30 #6: the same while a sweep runs in the Web Workers, again and again (one a core;
  // while the views animate, one core is left to the page: ../web/src/shared/pool's pageShare).
  {
    name: 'all views 1000 buffers animated, sweep in Workers',
    hash: 'buffers=1000&mode=animate&step=400&sweep=1',
    target: 50,
  },
  {
    name: 'all views 100000 buffers playing, sweep in Workers',
    hash: 'buffers=100000&mode=play&speed=2000&sweep=1',
    target: 30,
  },
];
const SHOTS = [
  {
    file: 'views-50.png',
    hash: 'buffers=50&paused=1&warm=3000&still=promote&select=7',
    wait: 1400,
  },
  // The same step caught in the middle of its animation (a 3 s step, 0.9 s in).
  {
    file: 'views-50-mid.png',
    hash: 'buffers=50&paused=1&warm=3000&still=promote&step=3000',
    wait: 900,
  },
  { file: 'views-50-8.0.png', hash: 'buffers=50&profile=8.0&paused=1&warm=3000', wait: 1400 },
  { file: 'views-1000.png', hash: 'buffers=1000&paused=1&warm=6000&still=promote', wait: 1400 },
  {
    file: 'views-2000-pools.png',
    hash: 'buffers=2000&pools=1&latches=2&paused=1&warm=8000&still=dirty_skip',
    wait: 1400,
  },
  {
    file: 'views-100000.png',
    hash: 'buffers=100000&paused=1&warm=400000&still=promote',
    wait: 2000,
  },
];

/** A page of the harness at `hash`, once it is ready (or failed); its page errors. */
async function openHarness(browser: Browser, base: string, hash: string) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}#${hash}`);
  await page.waitForFunction(() => window.__harness?.ready || window.__harness?.error, null, {
    timeout: 60_000,
  });
  return { page, errors };
}

async function measure(browser: Browser, base: string, c: Case): Promise<void> {
  const { page, errors } = await openHarness(browser, base, c.hash);
  const failed = await page.evaluate(() => window.__harness?.error);
  if (failed) throw new Error(`${c.name}: ${failed}`);
  await page.waitForTimeout(1500);
  await page.evaluate(() => window.__harness?.reset());
  await page.waitForTimeout(seconds * 1000);
  const s = await page.evaluate(() => window.__harness?.stats());
  await page.close();
  if (!s) throw new Error(`${c.name}: no stats`);
  if (errors.length) throw new Error(`${c.name}: page errors: ${errors.join('; ')}`);
  const mark = s.fps >= c.target * 0.95 ? 'ok' : `BELOW ${c.target}`;
  console.log(
    `${c.name}: ${s.fps.toFixed(1)} fps (target ${c.target}, ${mark}) · update ${s.updateMs.toFixed(2)} ms mean, ` +
      `${s.worstUpdateMs.toFixed(1)} ms worst · worst frame ${s.worstFrameMs.toFixed(0)} ms · ${s.position.toLocaleString('en-US')} accesses done` +
      (s.sweepWorkers
        ? ` · meanwhile ${s.sweepPoints} sweep points of a million accesses in ${s.sweepWorkers} Workers (${s.sweepBusy} busy at once)`
        : ''),
  );
}

async function shoot(browser: Browser, base: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const s of SHOTS) {
    const { page, errors } = await openHarness(browser, base, s.hash);
    await page.waitForTimeout(s.wait);
    const path = join(dir, s.file);
    await page.screenshot({ path, fullPage: true });
    await page.close();
    console.log(`screenshot ${path}${errors.length ? ` (page errors: ${errors.join('; ')})` : ''}`);
  }
}

async function main(): Promise<void> {
  await withBuiltSite('bench-ui', { mode: 'harness', port: 4190 }, async (site) => {
    const base = `${site.base.replace(/\/$/, '')}/dev/views-harness.html`;
    if (values.shots) await shoot(site.browser, base, resolve(values.shots));
    for (const c of CASES)
      if (!values.only || c.name.includes(values.only)) await measure(site.browser, base, c);
  });
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
