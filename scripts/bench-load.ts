// The first screen's weight: builds the site (as `vite build` does) into a temporary
// directory, serves it with `vite preview`, opens it in headless Chromium and adds up, for
// every response the page receives until the first screen is drawn and the network is idle,
// the size of its body gzipped (level 9, what a static host's gzip would send) — against the
// budget of issue 11 (250 KB). Also checks that the dev-only views harness is not in the build,
// and times, on the same page, a 20-point sweep of a 1M-access scenario in the Sizing panel's
// Web Workers (issue 10's target: under 2 s), from the click to the last point in the table.
// Then drops a 10M-request oracleGeneral trace (zipf 0.9 over 1M objects, ./lib/traceBench) on
// the page (targets: under 2.5 s in the Worker, issue 30 #2; the wasm memory under 500 MB,
// issue #12) and checks that the page stays responsive meanwhile (the longest gap between
// animation frames, a step's click).
//
//   npx tsx scripts/bench-load.ts
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { withBuiltSite } from './lib/builtSite';
import { SWEEP_ACCESSES, SWEEP_SPEC as SWEEP } from '../web/dev/sweepBench';
import { timeSweep } from './lib/sweepBench';
import { timeTraceDrop, TRACE_TARGETS, type TraceBench } from './lib/traceBench';

/** Issue 11's budget for the first screen, gzip, in bytes (1 KB = 1,000 bytes). */
export const FIRST_LOAD_BUDGET = 250_000;

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

async function main(): Promise<void> {
  const rows: { url: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  let firstScreen!: typeof rows;
  let sweepSeconds!: number;
  let trace!: TraceBench;
  let harness = false;
  let base = '';
  await withBuiltSite('bench-load', { port: 4191 }, async (site) => {
    const { outDir, browser } = site;
    base = site.base;
    harness = existsSync(join(outDir, 'dev')) || readdirSync(outDir).some((f) => /harness/.test(f));
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    page.on('response', (r) => {
      pending.push(
        r.body().then(
          (body) =>
            void rows.push({
              url: r.url(),
              raw: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
            }),
          () => undefined,
        ),
      );
    });
    await page.goto(base);
    await page
      .locator('[data-testid="lru-view"] svg, [data-testid="lru-view"] canvas')
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    firstScreen = [...rows];
    sweepSeconds = (await timeSweep(page)).seconds;
    trace = await timeTraceDrop(page);
  });
  firstScreen.sort((a, b) => b.gzip - a.gzip);
  const total = firstScreen.reduce((n, r) => n + r.gzip, 0);
  console.log('first screen (1920×1080, the default scenario), every response, gzip -9:');
  for (const r of firstScreen) {
    const name = r.url.replace(base, '') || 'index.html';
    console.log(`  ${name.padEnd(44)}${kb(r.raw).padStart(11)} raw${kb(r.gzip).padStart(11)} gzip`);
  }
  const verdict =
    total <= FIRST_LOAD_BUDGET ? 'within' : `OVER by ${kb(total - FIRST_LOAD_BUDGET)}`;
  console.log(
    `first screen transferred (gzip): ${total.toLocaleString('en-US')} bytes = ${kb(total)} — budget ${kb(FIRST_LOAD_BUDGET)}: ${verdict}`,
  );
  console.log(`dev-only views harness in the build: ${harness ? 'YES (it must not ship)' : 'no'}`);
  if (harness) process.exitCode = 1;
  console.log(
    `sweep in the page: ${SWEEP.steps} points × ${SWEEP_ACCESSES.toLocaleString('en-US')} accesses ` +
      `(${SWEEP.param} ${SWEEP.from}..${SWEEP.to}, profile 8.1.6) in Web Workers ` +
      `(one a core; serial beside parallel: scripts/bench-sweep.ts): ` +
      `${sweepSeconds.toFixed(2)} s — target 2 s: ${sweepSeconds < 2 ? 'within' : 'OVER'}`,
  );
  const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
  const within = (ok: boolean) => (ok ? 'within' : 'OVER');
  console.log(
    `trace dropped on the page: ${trace.accesses.toLocaleString('en-US')} accesses of ` +
      `${trace.file} (${mb(trace.bytes)}, oracleGeneral, map ${trace.map}) in a Web Worker: ` +
      `${trace.wallSeconds.toFixed(2)} s in the worker (${trace.pageSeconds.toFixed(2)} s drop to ` +
      `figures), ${Math.round(trace.accesses / trace.wallSeconds).toLocaleString('en-US')} accesses/s ` +
      `— target ${TRACE_TARGETS.seconds} s: ${within(trace.wallSeconds < TRACE_TARGETS.seconds)}; ` +
      `peak wasm memory ${mb(trace.peakMemoryBytes)} — target ${mb(TRACE_TARGETS.memoryBytes)}: ` +
      `${within(trace.peakMemoryBytes < TRACE_TARGETS.memoryBytes)}`,
  );
  console.log(
    `page during the replay: longest gap between animation frames ${trace.maxFrameGapMs.toFixed(0)} ms ` +
      `(${trace.frames} frames), a step's click to its position ${trace.clickMs.toFixed(0)} ms ` +
      `(${trace.idleClickMs.toFixed(0)} ms before the drop)`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
