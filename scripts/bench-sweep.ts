// Sweeps serial and parallel (issue 30 #3): the benchmark sweep (web/dev/sweepBench.ts: 20
// points × a million accesses) timed under Node in one thread (--jobs 1) and in one worker
// thread a core, and in the built page's Sizing panel in one Web Worker
// (navigator.hardwareConcurrency made 1 before the page runs) and in one a core — alternating,
// best of `--rounds`; the same for the miss-ratio curves panel (the page only); and whether
// the parallel runs' points are the serial ones.
//
//   npx tsx scripts/bench-sweep.ts [--rounds 2] [--no-page]
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Browser, Page } from '@playwright/test';
import { loadEngineNode } from '../web/src/sim/node';
import { MAX_WORKERS, workersFor } from '../web/src/shared/pool';
import { sweepInThreads } from '../web/src/sizing/node';
import type { SweepPoint } from '../web/src/sizing/sweep';
import { sweepBenchScenario, SWEEP_ACCESSES, SWEEP_SPEC } from '../web/dev/sweepBench';
import { withBuiltSite } from './lib/builtSite';
import { timeCurves, timeSweep } from './lib/sweepBench';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '2' }, 'no-page': { type: 'boolean' } },
});
const rounds = Math.max(1, Number(values.rounds) || 1);
const cores = availableParallelism();

interface Row {
  where: string;
  serial: number[];
  parallel: number[];
  workers: number;
  same: boolean;
  /** CPU seconds (every thread of this process) of each round: Node only. */
  cpu?: { serial: number[]; parallel: number[] };
}

async function nodeRow(): Promise<Row> {
  loadEngineNode();
  const scenario = sweepBenchScenario();
  const row: Row = {
    where: 'Node, worker threads',
    serial: [],
    parallel: [],
    workers: 0,
    same: true,
  };
  row.workers = workersFor(SWEEP_SPEC.steps, cores);
  let first: SweepPoint[] | null = null;
  const cpu = { serial: [] as number[], parallel: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    for (const jobs of [1, row.workers]) {
      const t = performance.now();
      const c = process.cpuUsage();
      const points = await sweepInThreads(scenario, SWEEP_SPEC, jobs).points;
      (jobs === 1 ? row.serial : row.parallel).push((performance.now() - t) / 1000);
      const used = process.cpuUsage(c);
      const key = jobs === 1 ? 'serial' : 'parallel';
      cpu[key].push((used.user + used.system) / 1e6);
      first ??= points;
      row.same &&= JSON.stringify(points) === JSON.stringify(first);
    }
  }
  row.cpu = cpu;
  return row;
}

const ONE_CORE =
  "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 1 });";

/** One page a run, alternating one Worker (hardwareConcurrency made 1) and one a core. */
async function pageRow(
  browser: Browser,
  base: string,
  where: string,
  time: (page: Page) => Promise<{ seconds: number; out: string }>,
): Promise<Row> {
  const row: Row = { where, serial: [], parallel: [], workers: 0, same: true };
  let first: string | null = null;
  for (let r = 0; r < rounds; r++) {
    for (const serial of [true, false]) {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      // as text: a function here would carry tsx's __name helper, which the page has not
      if (serial) await page.addInitScript({ content: ONE_CORE });
      await page.goto(base);
      const here = await page.evaluate('navigator.hardwareConcurrency');
      if (serial && here !== 1) throw new Error(`hardwareConcurrency ${String(here)}, not 1`);
      if (!serial) row.workers = Math.min(Number(here), MAX_WORKERS);
      const { seconds, out } = await time(page);
      await page.close();
      (serial ? row.serial : row.parallel).push(seconds);
      first ??= out;
      row.same &&= out === first;
    }
  }
  return row;
}

/**
 * How many cores this process can have now: `n` threads spinning on plain arithmetic (no
 * engine, no pool) for about half a second each, CPU ÷ wall. On a quiet machine it is `n`;
 * the speed-ups below cannot beat it.
 */
async function coresFree(n: number): Promise<number> {
  const spin =
    "let x = 0; for (let i = 0; i < 3e8; i++) x += i % 7; require('node:worker_threads').parentPort.postMessage(x);";
  const t = performance.now();
  const c = process.cpuUsage();
  await Promise.all(
    Array.from(
      { length: n },
      () => new Promise((r) => new Worker(spin, { eval: true }).once('message', r)),
    ),
  );
  const used = process.cpuUsage(c);
  return (used.user + used.system) / 1e6 / ((performance.now() - t) / 1000);
}

async function main(): Promise<void> {
  const load = loadavg()[0];
  const free = await coresFree(cores);
  const rows = [await nodeRow()];
  if (!values['no-page'])
    await withBuiltSite('bench-sweep', { port: 4192 }, async (site) => {
      rows.push(
        await pageRow(site.browser, site.base, 'page, Web Workers', async (page) => {
          const { seconds, table } = await timeSweep(page);
          return { seconds, out: table };
        }),
      );
      rows.push(
        await pageRow(site.browser, site.base, 'page, curves (42 tasks)', async (page) => {
          const { seconds, lines } = await timeCurves(page);
          return { seconds, out: lines };
        }),
      );
    });
  const best = (xs: number[]) => Math.min(...xs);
  console.log(
    `\nsweeps, serial vs parallel: ${SWEEP_SPEC.steps} points × ${SWEEP_ACCESSES.toLocaleString('en-US')} accesses ` +
      `(${SWEEP_SPEC.param} ${SWEEP_SPEC.from}..${SWEEP_SPEC.to}, profile 8.1.6), best of ${rounds}, ` +
      `${cores} cores here, load average ${load.toFixed(1)} before → ${loadavg()[0].toFixed(1)} after; ` +
      `${cores} threads of plain arithmetic had ${free.toFixed(2)} cores just before (the ceiling of any speed-up)`,
  );
  console.log(
    `${'where'.padEnd(24)}${'1 worker'.padStart(10)}${'parallel'.padStart(10)}${'workers'.padStart(9)}${'speed-up'.padStart(10)}  points`,
  );
  for (const r of rows) {
    const s = best(r.serial);
    const p = best(r.parallel);
    console.log(
      `${r.where.padEnd(24)}${`${s.toFixed(2)} s`.padStart(10)}${`${p.toFixed(2)} s`.padStart(10)}` +
        `${String(r.workers).padStart(9)}${`${(s / p).toFixed(2)}×`.padStart(10)}  ` +
        (r.same ? 'the same in every run' : 'DIFFER between runs') +
        (r.cpu ? ` (${cpuNote(r.cpu, r.serial, r.parallel)})` : ''),
    );
    if (!r.same) process.exitCode = 1;
  }
}

/** The fastest rounds' CPU time, and how many cores the parallel one had on average (CPU ÷
 * wall: under 2 on two cores means other work held one of them). */
function cpuNote(cpu: { serial: number[]; parallel: number[] }, s: number[], p: number[]) {
  const at = (xs: number[]) => xs.indexOf(Math.min(...xs));
  const cs = cpu.serial[at(s)];
  const cp = cpu.parallel[at(p)];
  return (
    `CPU ${cs.toFixed(2)} s serial, ${cp.toFixed(2)} s parallel — the threads start their own ` +
    `engines; the parallel run had ${(cp / Math.min(...p)).toFixed(2)} cores on average`
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
