// Showing a slide in the page: the slide's figures come from the lecture runner shared with
// the headless `scripts/lecture.ts` (./fill), and the app's run is moved to the same scenario
// and position, so the view, the statistics and the slide's text agree.
import type { AppStore } from '../store/store';
import { splitDba, type Scenario } from '../sim/engine';
import { sizingRequests } from '../sizing/request';
import { presetOf } from '../store/compare';
import {
  compareOf,
  LectureError,
  sweepOf,
  type Highlight,
  type Lecture,
  type Slide,
} from './format';
import { LectureRunner, type SlideRun } from './fill';

const runners = new WeakMap<Lecture, LectureRunner>();
let lastRunner: LectureRunner | null = null;

/** The runner of a lecture (one at a time: the previous lecture's runs are freed). */
function runnerOf(store: AppStore, lecture: Lecture): LectureRunner {
  let r = runners.get(lecture);
  if (!r) {
    lastRunner?.free();
    const lookup = (id: string): Scenario | undefined =>
      store.getState().scenarios.find((s) => s.id === id)?.scenario;
    r = new LectureRunner(lookup);
    runners.set(lecture, r);
    lastRunner = r;
  }
  return r;
}

/** What the page loaded for the last slide: reloaded only when the scenario changes. */
let loaded: { key: string; current: Scenario | null } | null = null;

/** Run slide `k` (its figures and position); throws a LectureError. */
export function runSlide(store: AppStore, lecture: Lecture, k: number): SlideRun {
  return runnerOf(store, lecture).slide(lecture, k);
}

/**
 * Put the app's run where slide `shown` stands: its scenario (loaded unless it runs already),
 * or its Compare preset (both runs), at its position; then the slide's sweep, if it has one,
 * runs in the Sizing panel. `from` is the position to start a `play` action from (the slide
 * before's).
 */
export async function moveApp(
  store: AppStore,
  shown: SlideRun,
  from: number | null,
  slide: Slide,
): Promise<void> {
  const s = store.getState();
  const { resolved } = shown;
  const preset = compareOf(slide);
  const key = preset ? `compare:${preset}` : resolved.key;
  s.pause();
  // the app shows the slide's preset, or no comparison for a slide without one
  const comparing = preset ? s.compare?.preset === preset : s.compare === null;
  if (!loaded || loaded.key !== key || s.current !== loaded.current || !comparing) {
    if (preset) {
      s.loadPreset(preset);
      const after = store.getState();
      if (!after.compare || after.runError)
        throw new LectureError(
          `slides[${shown.index}].action.compare`,
          after.runError ?? `the preset ${preset} could not be opened`,
        );
    } else {
      if (s.compare) s.stopCompare();
      const plain = resolved.base !== null && resolved.key === resolved.base;
      if (plain) s.loadScenario(resolved.base as string);
      else
        s.openFile(JSON.stringify(resolved.scenario), `${resolved.base ?? 'lecture'}.json`, true);
      if (store.getState().fileError)
        throw new LectureError(
          `slides[${shown.index}].scenario`,
          store.getState().fileError as string,
        );
    }
    loaded = { key, current: store.getState().current };
  }
  if (from !== null && from < shown.position) {
    await store.getState().seek(from);
    await playTo(store, shown.position);
  }
  await store.getState().seek(shown.position);
  const sweep = sweepOf(slide);
  if (sweep) {
    const scenario = store.getState().current;
    if (scenario) sizingRequests.getState().requestSweep(sweep, scenario);
    // the panel is mounted when scrolled near: bring it into view, where the sweep shows
    document
      .querySelector('[data-testid="sizing"]')
      ?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }
}

/** A `play` action's speed (SPEEDS index): 500 steps a second, a few seconds of motion. */
const PLAY_SPEED = 6;

/** Play the app's run (animated) until it reaches `target`; it stops there (the caller
 *  seeks to `target` exactly, since a frame may serve a few accesses past it). */
function playTo(store: AppStore, target: number): Promise<void> {
  return new Promise((resolve) => {
    const s = store.getState();
    const speed = s.speed;
    const stop = () => {
      unsubscribe();
      store.getState().pause();
      store.getState().setSpeed(speed);
      resolve();
    };
    const unsubscribe = store.subscribe((now) => {
      if ((now.sim?.position ?? target) >= target || !now.playing) stop();
    });
    s.setSpeed(PLAY_SPEED);
    s.play();
    if (!store.getState().playing) stop();
  });
}

/** Forget what was loaded (a lecture closed): the next slide loads its scenario again. */
export function forgetLoaded(): void {
  loaded = null;
}

const TARGET = 'lecture-target';

/** Point at what the slide highlights: select a buffer or bucket, ring a hash chain or a
 *  chart point, or outline a row. Returns what takes the highlight away again. */
export function highlight(store: AppStore, h: Highlight | undefined): () => void {
  const s = store.getState();
  const sim = s.sim;
  if (!h || !sim) return () => {};
  if ('point' in h) {
    sizingRequests.getState().markPoint(h.point.value);
    return () => sizingRequests.getState().markPoint(null);
  }
  if ('chain' in h && sim.kind === 'buffer') {
    s.markChain(h.chain);
    const panel = document.querySelector('[data-testid="chain-panel"]');
    panel?.classList.add(TARGET);
    return () => {
      panel?.classList.remove(TARGET);
      store.getState().markChain(null);
    };
  }
  if ('buffer' in h && sim.kind === 'buffer') {
    const seg = (s.current?.objects ?? []).findIndex((o) => o.name === h.buffer.segment);
    if (seg >= 0) {
      const dba = (((seg + 1) << 22) | (h.buffer.block + 1)) >>> 0;
      const buf = sim.run.views().dba.indexOf(dba);
      if (buf >= 0) s.select(buf);
    }
    return () => {};
  }
  if ('chain' in h && sim.kind === 'library') {
    s.selectBucket(h.chain);
    return () => {};
  }
  let el: Element | null = null;
  if ('statistic' in h) {
    const pool = /^([A-Z][A-Z0-9_]*)\./.exec(h.statistic)?.[1];
    el = pool ? document.querySelector(`[data-testid="pool-row"][data-pool="${pool}"]`) : null;
  } else if ('narration' in h) {
    el = document.querySelector('[data-testid="narration"] .narration-group');
  }
  el?.classList.add(TARGET);
  return () => el?.classList.remove(TARGET);
}

/** The text a new slide starts with. */
export const NEW_SLIDE_TEXT =
  'Say what happens here. Numbers come from the engine: {{accesses}} accesses so far.';

/**
 * A slide of the app's state now: its scenario, position and selection ("Add slide"); a
 * Compare preset left as it opened is the slide's `compare` action at this position.
 */
export function slideFromApp(store: AppStore, text: string): Slide | null {
  const { current, scenarioId, edited, sim, compare } = store.getState();
  if (!current || !sim) return null;
  const preset = compare?.preset ? presetOf(compare.preset) : null;
  if (preset && !edited && !compare?.edited && scenarioId === preset.a)
    return { text, action: { compare: preset.id }, position: { access: sim.position } };
  const scenario = scenarioId && !edited ? scenarioId : current;
  const slide: Slide = { text, scenario, position: { access: sim.position } };
  if (sim.selected !== null) {
    if (sim.kind === 'library') slide.highlight = { chain: sim.selected };
    else {
      const at = splitDba(sim.run.views().dba[sim.selected] ?? 0);
      const segment = at ? current.objects[at.seg]?.name : undefined;
      if (at && segment) slide.highlight = { buffer: { segment, block: at.block } };
    }
  }
  return slide;
}
