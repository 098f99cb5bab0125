// The one store of the app (a factory, so every test gets a fresh one). It owns the SimRun,
// the scenario being edited and the playback position; components read it through the
// selectors in ./selectors, the animation loop drives it through `advance`.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { narrateEvents, type NarrationGroup } from '../narration/narrate';
import { narrateLibraryEvents } from '../narration/narrateLibrary';
import { decodeHash } from '../share/link';
import {
  ScenarioError,
  validateScenario,
  type Event,
  type Playable,
  type Scenario,
} from '../sim/engine';
import { isLibraryScenario, type LcEvent } from '../sim/library';
import {
  build,
  buildLibrary,
  forward,
  libSample,
  libSnapshot,
  sample,
  sampleEvery,
  seriesUpTo,
  snapshot,
} from './run';
import { DEFAULT_SCENARIO_ID, type ScenarioEntry } from './scenarios';
import { ANIMATE_MAX_SPEED, NARRATE_MAX_SPEED, SPEEDS, type AppState } from './state';

export { ANIMATE_MAX_SPEED, NARRATE_MAX_SPEED, SPEEDS } from './state';
export type { AppState } from './state';

const NARRATION_GROUPS = 200;
const HINT = 'step one access (→) to see what happens, and why';
const LIB_HINT = 'step one phase (→) or one statement (Shift+→) to see what happens, and why';

export type AppStore = StoreApi<AppState>;

export interface StoreOptions {
  scenarios: ScenarioEntry[];
  defaultId?: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const speedOf = (s: AppState) => SPEEDS[s.speed] ?? Infinity;

export function createAppStore({
  scenarios,
  defaultId = DEFAULT_SCENARIO_ID,
}: StoreOptions): AppStore {
  return createStore<AppState>()((set, get) => {
    /** Mirror the run after an engine call; `extra` says what else changed. */
    const sync = (extra: Partial<AppState> = {}) => {
      const { run, lib, current, tick } = get();
      const paper = !!current?.paper;
      if (run) set({ ...snapshot(run, paper), tick: tick + 1, ...extra });
      else if (lib) set({ ...libSnapshot(lib, paper), tick: tick + 1, ...extra });
    };

    /** The run the playback drives, whichever simulation it is. */
    const runner = (): Playable | null => get().run ?? get().lib;

    /** Add the sample at the run's position to its series (after a step that crossed one). */
    const withSample = (): Partial<AppState> => {
      const { run, lib, series, libSeries } = get();
      if (run) return { series: [...series, sample(run)] };
      if (lib) return { libSeries: [...libSeries, libSample(lib)] };
      return {};
    };

    const addNarration = (groups: NarrationGroup[]) => {
      if (groups.length === 0) return get().narration;
      return [...get().narration, ...groups].slice(-NARRATION_GROUPS);
    };

    const note = (title: string, text: string, why = ''): NarrationGroup => ({
      position: runner()?.position ?? 0,
      title,
      lines: [{ kind: 'sleep', text, why }],
    });

    /** Replace the run by one of `scenario` at `position`; throws a ScenarioError. */
    const install = (
      scenario: Scenario,
      position: number,
      base: string | null,
      what: string,
      why = '',
    ) => {
      const old = runner();
      const original = scenarios.find((s) => s.id === base);
      const common = {
        current: scenario,
        draft: scenario,
        draftError: null,
        scenarioId: original ? original.id : null,
        edited: !original || !same(original.scenario, scenario),
        events: [],
        libEvents: [],
        animate: false,
        narration: [],
      };
      if (isLibraryScenario(scenario)) {
        const lib = buildLibrary(scenario);
        const libSeries = [libSample(lib)];
        forward(lib, Math.min(position, lib.total), libSeries, sampleEvery(lib.total), libSample);
        const bucket = get().selectedBucket;
        set({
          ...common,
          mode: 'library',
          lib,
          libConfig: lib.config(),
          libSeries,
          run: null,
          layout: null,
          report: null,
          series: [],
          selected: null,
          selectedBucket: bucket !== null && bucket < lib.chainLengths().length ? bucket : null,
        });
      } else {
        const built = build(scenario);
        const { run } = built;
        const series = [sample(run)];
        forward(run, Math.min(position, run.total), series, sampleEvery(run.total), sample);
        const buffers = built.layout.sets.reduce((n, s) => Math.max(n, s.hi), 0);
        const selected = get().selected;
        set({
          ...common,
          mode: 'buffer',
          run,
          layout: built.layout,
          series,
          lib: null,
          libConfig: null,
          libReport: null,
          libSeries: [],
          selectedBucket: null,
          selected: selected !== null && selected < buffers ? selected : null,
        });
      }
      old?.free();
      sync({ narration: [note('configuration', what, why)] });
    };

    const loadDefault = () => {
      const entry = scenarios.find((s) => s.id === defaultId) ?? scenarios[0];
      if (!entry) {
        set({ engine: 'failed', engineError: 'No scenarios are bundled (scenarios/*.json).' });
        return;
      }
      get().loadScenario(entry.id);
    };

    /** Step one by one with the events recorded and narrated. */
    const stepNarrated = (how: 'one' | 'unit', count = 1) => {
      const { run, lib, layout, libConfig } = get();
      const r = runner();
      if (!r || r.done) return;
      const before = r.position;
      const every = sampleEvery(r.total);
      r.setRecordEvents(true);
      const events: Event[] = [];
      const libEvents: LcEvent[] = [];
      for (let i = 0; i < count && !r.done; i++) {
        if (how === 'unit') r.stepUnit();
        else r.step(1);
        if (run) events.push(...run.events());
        else if (lib) libEvents.push(...lib.events());
      }
      r.setRecordEvents(false);
      const crossed = Math.floor(r.position / every) > Math.floor(before / every) || r.done;
      let told: NarrationGroup[] = [];
      if (run && layout) {
        const ctx = { config: layout.config, objects: layout.objects, sets: layout.sets };
        told = narrateEvents(ctx, events, before);
      } else if (lib && libConfig) {
        told = narrateLibraryEvents({ config: libConfig }, libEvents, before);
      }
      const speed = speedOf(get());
      const animate = !get().playing || speed <= ANIMATE_MAX_SPEED;
      sync({
        events,
        libEvents,
        animate,
        durationMs: get().playing ? Math.min(600, 850 / speed) : 600,
        ...(crossed ? withSample() : {}),
        narration: addNarration(told),
      });
    };

    /** Jump to `target` (either way) without events. */
    const jump = (target: number, why: string | null, budgetMs?: number) => {
      const { run, lib } = get();
      const r = runner();
      if (!r) return;
      const every = sampleEvery(r.total);
      const back = target < r.position;
      const deadline = budgetMs === undefined ? Infinity : performance.now() + budgetMs;
      /** The series after the move: trimmed (back) or extended (forward). */
      const move = <P extends { position: number }>(series: P[], point: () => P): P[] => {
        if (back) {
          r.seek(target);
          const kept = seriesUpTo(series, target);
          const last = kept[kept.length - 1];
          if ((!last || last.position !== target) && target % every === 0) kept.push(point());
          return kept;
        }
        const grown = [...series];
        forward(r, target, grown, every, point, deadline);
        return grown;
      };
      const moved: Partial<AppState> = run
        ? { series: move(get().series, () => sample(run)) }
        : lib
          ? { libSeries: move(get().libSeries, () => libSample(lib)) }
          : {};
      sync({
        ...moved,
        events: [],
        libEvents: [],
        animate: false,
        narration: why ? addNarration([note('jump', why)]) : get().narration,
      });
    };

    return {
      engine: 'loading',
      mode: 'buffer',
      engineError: null,
      scenarios,
      scenarioId: null,
      edited: false,
      draft: null,
      draftError: null,
      current: null,
      run: null,
      layout: null,
      linkError: null,
      generation: 0,
      position: 0,
      total: 0,
      executions: 0,
      totalExecutions: 0,
      seconds: 0,
      done: false,
      report: null,
      paper: null,
      series: [],
      playing: false,
      speed: 2,
      tick: 0,
      events: [],
      animate: false,
      durationMs: 0,
      narration: [],
      selected: null,
      lib: null,
      libConfig: null,
      libReport: null,
      libEvents: [],
      libSeries: [],
      selectedBucket: null,

      engineReady(hash) {
        set({ engine: 'ready', engineError: null });
        get().openHash(hash);
      },

      engineFailed(msg) {
        set({ engine: 'failed', engineError: msg });
      },

      openHash(hash) {
        const decoded = decodeHash(hash);
        set({ playing: false });
        if (decoded.ok === 'empty') {
          set({ linkError: null });
          loadDefault();
          return;
        }
        if (decoded.ok === false) {
          set({ linkError: `This link could not be opened: ${decoded.problem}` });
          loadDefault();
          return;
        }
        const { scenario, position, base } = decoded.state;
        const invalid = validateScenario(scenario);
        if (invalid) {
          set({ linkError: `This link’s scenario is not valid: ${invalid.message}` });
          loadDefault();
          return;
        }
        try {
          const hint = isLibraryScenario(scenario) ? LIB_HINT : HINT;
          install(scenario, position, base ?? null, 'opened from a share link', hint);
          set({ linkError: null, generation: get().generation + 1 });
        } catch (e) {
          set({ linkError: `This link’s scenario could not be run: ${message(e)}` });
          loadDefault();
        }
      },

      loadScenario(id) {
        const entry = scenarios.find((s) => s.id === id);
        if (!entry) return;
        set({ playing: false, selected: null, generation: get().generation + 1 });
        try {
          const hint = isLibraryScenario(entry.scenario) ? LIB_HINT : HINT;
          install(entry.scenario, 0, entry.id, `loaded ${entry.id}: ${entry.title}`, hint);
        } catch (e) {
          set({
            draft: entry.scenario,
            scenarioId: entry.id,
            draftError: e instanceof ScenarioError ? e : new ScenarioError('', message(e)),
          });
        }
      },

      edit(change) {
        const { draft, position, scenarioId } = get();
        if (!draft) return;
        const next = change(draft);
        const invalid = validateScenario(next);
        if (invalid) {
          set({ draft: next, draftError: invalid });
          return;
        }
        try {
          install(
            next,
            position,
            scenarioId,
            `configuration changed: the run was rebuilt and replayed to #${position}`,
          );
        } catch (e) {
          set({
            draft: next,
            draftError: e instanceof ScenarioError ? e : new ScenarioError('', message(e)),
          });
        }
      },

      revertDraft() {
        set({ draft: get().current, draftError: null, generation: get().generation + 1 });
      },

      step() {
        set({ playing: false });
        stepNarrated('one');
      },

      stepExecution() {
        set({ playing: false });
        stepNarrated('unit');
      },

      stepBack() {
        const r = runner();
        set({ playing: false });
        if (!r || r.position === 0) return;
        const target = r.position - 1;
        jump(target, `stepped back to #${target}: replayed exactly from a snapshot`);
      },

      runToEnd() {
        const r = runner();
        set({ playing: false });
        if (!r) return;
        jump(r.total, 'ran to the end without narration');
      },

      reset() {
        const { run, lib } = get();
        set({ playing: false });
        if (run) {
          run.reset();
          set({ series: [sample(run)], narration: [] });
        } else if (lib) {
          lib.reset();
          set({ libSeries: [libSample(lib)], narration: [] });
        } else return;
        sync({
          events: [],
          libEvents: [],
          animate: false,
          narration: [note('reset', 'back to the start')],
        });
      },

      seek(position) {
        const r = runner();
        if (!r) return;
        const target = Math.max(0, Math.min(r.total, Math.round(position)));
        set({ playing: false });
        jump(target, null);
      },

      advance(n, budgetMs) {
        const run = runner();
        if (!run || run.done) {
          set({ playing: false });
          return;
        }
        const speed = speedOf(get());
        if (speed <= NARRATE_MAX_SPEED) {
          stepNarrated('one', n);
        } else {
          const last = get().narration[get().narration.length - 1];
          const fast = 'fast playback';
          if (last?.title !== fast) {
            set({
              narration: addNarration([
                note(
                  fast,
                  'playing too fast to narrate',
                  `≤ ${NARRATE_MAX_SPEED} steps/s narrates every step`,
                ),
              ]),
            });
          }
          jump(Math.min(run.total, run.position + n), null, budgetMs);
        }
        if (get().done) set({ playing: false });
      },

      play() {
        const run = runner();
        if (!run) return;
        if (run.done) get().reset();
        set({ playing: true });
      },

      pause() {
        set({ playing: false });
      },

      togglePlay() {
        if (get().playing) get().pause();
        else get().play();
      },

      setSpeed(index) {
        set({ speed: Math.max(0, Math.min(SPEEDS.length - 1, Math.round(index))) });
      },

      select(buf) {
        set({ selected: buf });
      },

      selectBucket(bucket) {
        set({ selectedBucket: bucket });
      },

      dismissLinkError() {
        set({ linkError: null });
      },

      sharedState() {
        const { current, position, scenarioId } = get();
        if (!current) return null;
        return scenarioId
          ? { scenario: current, position, base: scenarioId }
          : { scenario: current, position };
      },

      dispose() {
        runner()?.free();
        set({ run: null, lib: null, playing: false });
      },
    };
  });
}
