// Dev-only page (web/dev/views-harness.html, never in dist/; `vite build --mode harness` builds
// it alone): the D3 views on a generated scenario, without the app, for screenshots and the UI
// benchmark (scripts/bench-ui.ts). Everything is in the hash:
//
//   #buffers=1000            db_block_buffers (50 … 1,000,000)
//   &profile=8.1.5           8.0 | 8.1.5 | 8.1.6
//   &latches=1&pools=1&dbwr=1&seed=7
//   &mode=animate            animate: one access per `step` ms, tweened; play: `speed`
//   &step=600&speed=500      accesses per frame, drawn without tweens
//   &warm=3000               accesses run before the first frame
//   &paused=1&select=17      hold still (screenshots); select a buffer
//   &still=promote           … on the first access with that event (promote, cool, victim …)
//   &views=lru,chain,charts  which views to mount
//   &policy=arc              the scenario's replacement policy
//   &fixture=1|clock         draw hand-made ghost lists, hand, badges and numbers over the
//                            run's own buffers (./harnessPolicy), whatever the policy keeps
//   &sweep=1                 meanwhile, sweep ./sweepBench's scenario in the Sizing panel's
//                            Web Workers (one a core), again and again (issue 30 #6)
//   &workers=1               … in that many Workers
//
// window.__harness exposes the frame counter the benchmark reads.
import wasmUrl from '../src/wasm/pkg/cachesim_bg.wasm?url';
import { loadEngine, SimRun } from '../src/sim/engine';
import { createChainView } from '../src/buffer/views/chainView';
import { sample, type SeriesPoint } from '../src/buffer/series';
import {
  createHitRatioChart,
  createPhysicalReadsChart,
  type Chart,
} from '../src/buffer/views/charts';
import { harnessScenario, parseHarnessHash } from './harnessScenario';
import { createLruView } from '../src/buffer/views/lruView';
import { chainState, listState } from '../src/buffer/listState';
import { fixturePolicy } from './harnessPolicy';
import { sweepBenchScenario, SWEEP_SPEC } from './sweepBench';
import { startSweep } from '../src/sizing/sweepClient';
import { pageShare } from '../src/shared/pool';
import type { CacheFrame, ChainFrame, View } from '../src/buffer/views/types';

export interface HarnessStats {
  frames: number;
  seconds: number;
  fps: number;
  /** Mean and worst time spent in the views' update calls per frame, ms. */
  updateMs: number;
  worstUpdateMs: number;
  /** Longest gap between two frames, ms. */
  worstFrameMs: number;
  position: number;
  buffers: number;
  mode: string;
  /** With `&sweep=1`: the Workers sweeping meanwhile, how many may be busy at once (the page
   * keeps a core while it animates), and the points they finished. */
  sweepWorkers: number;
  sweepBusy: number;
  sweepPoints: number;
}

declare global {
  interface Window {
    __harness?: {
      ready: boolean;
      error?: string;
      stats(): HarnessStats;
      reset(): void;
      pause(paused: boolean): void;
    };
  }
}

const byId = (id: string) => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`views-harness.html has no #${id}`);
  return el;
};

async function main(): Promise<void> {
  const p = parseHarnessHash(location.hash);
  const q = p.extra;
  const mode =
    q.get('mode') === 'play' || (!q.has('mode') && p.buffers > 3000) ? 'play' : 'animate';
  const stepMs = Number(q.get('step') ?? 600);
  const speed = Math.max(1, Number(q.get('speed') ?? Math.max(1, Math.round(p.buffers / 100))));
  const views = new Set((q.get('views') ?? 'lru,chain,charts').split(','));
  let paused = q.get('paused') === '1';
  const selected = q.has('select') ? Number(q.get('select')) : null;

  await loadEngine(wasmUrl);
  const sim = SimRun.create(harnessScenario(p));
  const layout = sim.layoutInfo();
  sim.setRecordEvents(false);
  const series: SeriesPoint[] = [];
  // Warm up in 100 slices, so the charts have a history.
  const warm = Number(q.get('warm') ?? p.buffers * 2);
  for (let i = 1; i <= 100; i++) {
    sim.step(Math.round((warm * i) / 100) - sim.position);
    series.push(sample(sim));
  }
  sim.setRecordEvents(mode === 'animate');

  const onSelect = (buf: number) => {
    sel = buf;
    draw(false);
  };
  let sel = selected;
  const lru: View<CacheFrame> | null = views.has('lru')
    ? createLruView(byId('lru'), { onSelect })
    : null;
  const chain: View<ChainFrame> | null = views.has('chain')
    ? createChainView(byId('chain'), { onSelect })
    : null;
  const charts: Chart[] = views.has('charts')
    ? [createHitRatioChart(byId('hit')), createPhysicalReadsChart(byId('reads'))]
    : [];
  const status = byId('status');

  function draw(animate: boolean): void {
    const events = animate ? sim.events() : [];
    const lists = listState(sim, layout);
    const fx = q.get('fixture');
    if (fx) lists.policy = fixturePolicy(layout, lists.order, lists.dba, fx === 'clock');
    const common = { events, selected: sel, animate, durationMs: stepMs };
    lru?.update({ ...common, ...lists, osCache: false });
    chain?.update({ ...common, ...chainState(sim, layout) });
    if (charts.length) {
      series.push(sample(sim));
      if (series.length > 400) for (let i = series.length - 2; i > 0; i -= 2) series.splice(i, 1);
      for (const c of charts) c.update(series);
    }
  }

  // the load of issue 30 #6: sweeps in the Workers, one after another, while the views draw
  let sweepWorkers = 0;
  let sweepPoints = 0;
  const sweepAgain = () =>
    startSweep(
      sweepBenchScenario(),
      SWEEP_SPEC,
      (m) => {
        if (m.kind === 'start') sweepWorkers = m.workers;
        else if (m.kind === 'point') sweepPoints++;
        else if (m.kind === 'done') sweepAgain();
        else status.textContent = `sweep: ${m.message}`;
      },
      q.has('workers') ? { workers: Number(q.get('workers')) } : {},
    );
  if (q.get('sweep') === '1') sweepAgain();

  let frames = 0;
  let t0 = performance.now();
  let last = t0;
  let lastStep = -Infinity;
  let updateSum = 0;
  let worstUpdate = 0;
  let worstFrame = 0;
  const stats = (): HarnessStats => {
    const seconds = (performance.now() - t0) / 1000;
    return {
      frames,
      seconds,
      fps: frames / Math.max(1e-9, seconds),
      updateMs: updateSum / Math.max(1, frames),
      worstUpdateMs: worstUpdate,
      worstFrameMs: worstFrame,
      position: sim.position,
      buffers: p.buffers,
      mode,
      sweepWorkers,
      sweepBusy: pageShare.limit(sweepWorkers),
      sweepPoints,
    };
  };
  const reset = () => {
    frames = 0;
    t0 = last = performance.now();
    updateSum = worstUpdate = worstFrame = sweepPoints = 0;
  };

  function tick(now: number): void {
    // as the app's animation loop does: the sweeps leave a core to the page while it animates
    pageShare.setBusy(!paused);
    frames++;
    worstFrame = Math.max(worstFrame, now - last);
    last = now;
    if (!paused) {
      const u = performance.now();
      if (mode === 'play') {
        sim.step(speed);
        draw(false);
      } else if (now - lastStep >= stepMs) {
        lastStep = now;
        sim.step(1);
        draw(true);
      }
      const dt = performance.now() - u;
      updateSum += dt;
      worstUpdate = Math.max(worstUpdate, dt);
    }
    if (frames % 30 === 0) {
      const s = stats();
      status.textContent = `${p.buffers.toLocaleString('en-US')} buffers · ${mode} · access ${s.position.toLocaleString('en-US')} · ${s.fps.toFixed(1)} fps · update ${s.updateMs.toFixed(2)} ms`;
    }
    requestAnimationFrame(tick);
  }

  draw(mode === 'animate' && !paused);
  if (paused) {
    // A still: one access animated, so its captions and rings are in the picture; with
    // `still=promote` (or any event type) the first access after the warm-up that has one.
    sim.setRecordEvents(true);
    const want = q.get('still');
    for (let i = 0; i < 100_000; i++) {
      sim.step(1);
      if (!want || sim.events().some((e) => e.type === want)) break;
    }
    // Draw the state before it, then the access itself: replay it from one step back.
    const target = sim.position;
    sim.seek(target - 1);
    draw(false);
    sim.step(1);
    draw(true);
  }
  window.__harness = { ready: true, stats, reset, pause: (v) => (paused = v) };
  status.textContent = `${p.buffers.toLocaleString('en-US')} buffers · ${mode}`;
  requestAnimationFrame(tick);
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  window.__harness = {
    ready: false,
    error: message,
    stats: () => {
      throw new Error(message);
    },
    reset: () => undefined,
    pause: () => undefined,
  };
  const el = document.getElementById('status');
  if (el) el.textContent = `error: ${message}`;
  console.error(e);
});
