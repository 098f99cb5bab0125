// The one store of the app (a factory, so every test gets a fresh one). It owns the SimRun,
// the scenario being edited and the playback position; components read it through the
// selectors in ./selectors, the animation loop drives it through `advance`.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { narrateEvents, type NarrationGroup } from '../narration/narrate';
import { decodeHash } from '../share/link';
import { ScenarioError, validateScenario, type Event, type Scenario } from '../sim/engine';
import { build, forward, sample, sampleEvery, seriesUpTo, snapshot } from './run';
import { DEFAULT_SCENARIO_ID, type ScenarioEntry } from './scenarios';
import { ANIMATE_MAX_SPEED, NARRATE_MAX_SPEED, SPEEDS, type AppState } from './state';

export { ANIMATE_MAX_SPEED, NARRATE_MAX_SPEED, SPEEDS } from './state';
export type { AppState } from './state';

const NARRATION_GROUPS = 200;
const HINT = 'step one access (→) to see what happens, and why';

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
      const { run, current, tick } = get();
      if (!run) return;
      set({ ...snapshot(run, !!current?.paper), tick: tick + 1, ...extra });
    };

    const addNarration = (groups: NarrationGroup[]) => {
      if (groups.length === 0) return get().narration;
      return [...get().narration, ...groups].slice(-NARRATION_GROUPS);
    };

    const note = (title: string, text: string, why = ''): NarrationGroup => ({
      position: get().run?.position ?? 0,
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
      const built = build(scenario);
      const old = get().run;
      const { run } = built;
      const every = sampleEvery(run.totalAccesses);
      const series = [sample(run)];
      forward(run, Math.min(position, run.totalAccesses), series, every);
      const original = scenarios.find((s) => s.id === base);
      const buffers = built.layout.sets.reduce((n, s) => Math.max(n, s.hi), 0);
      const selected = get().selected;
      set({
        run,
        layout: built.layout,
        current: scenario,
        draft: scenario,
        draftError: null,
        scenarioId: original ? original.id : null,
        edited: !original || !same(original.scenario, scenario),
        series,
        events: [],
        animate: false,
        selected: selected !== null && selected < buffers ? selected : null,
        narration: [],
      });
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

    /** Serve accesses one by one with their events recorded and narrated. */
    const stepNarrated = (how: 'access' | 'execution', count = 1) => {
      const { run, layout, series } = get();
      if (!run || !layout || run.done) return;
      const before = run.position;
      const every = sampleEvery(run.totalAccesses);
      run.setRecordEvents(true);
      const events: Event[] = [];
      for (let i = 0; i < count && !run.done; i++) {
        if (how === 'execution') run.stepExecution();
        else run.step(1);
        events.push(...run.events());
      }
      run.setRecordEvents(false);
      const crossed = Math.floor(run.position / every) > Math.floor(before / every) || run.done;
      const ctx = { config: layout.config, objects: layout.objects, sets: layout.sets };
      const speed = speedOf(get());
      const animate = !get().playing || speed <= ANIMATE_MAX_SPEED;
      sync({
        events,
        animate,
        durationMs: get().playing ? Math.min(600, 850 / speed) : 600,
        series: crossed ? [...series, sample(run)] : series,
        narration: addNarration(narrateEvents(ctx, events, before)),
      });
    };

    /** Jump to `target` (either way) without events. */
    const jump = (target: number, why: string | null, budgetMs?: number) => {
      const { run } = get();
      if (!run) return;
      const every = sampleEvery(run.totalAccesses);
      let series = get().series;
      if (target < run.position) {
        run.seek(target);
        series = seriesUpTo(series, target);
        if (series.length === 0 || series[series.length - 1].position !== target) {
          if (target % every === 0) series.push(sample(run));
        }
      } else {
        series = [...series];
        const deadline = budgetMs === undefined ? Infinity : performance.now() + budgetMs;
        forward(run, target, series, every, deadline);
      }
      sync({
        events: [],
        animate: false,
        series,
        narration: why ? addNarration([note('jump', why)]) : get().narration,
      });
    };

    return {
      engine: 'loading',
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
          install(scenario, position, base ?? null, 'opened from a share link', HINT);
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
          install(entry.scenario, 0, entry.id, `loaded ${entry.id}: ${entry.title}`, HINT);
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
        stepNarrated('access');
      },

      stepExecution() {
        set({ playing: false });
        stepNarrated('execution');
      },

      stepBack() {
        const { run } = get();
        set({ playing: false });
        if (!run || run.position === 0) return;
        const target = run.position - 1;
        jump(target, `stepped back to #${target}: replayed exactly from the start`);
      },

      runToEnd() {
        const { run } = get();
        set({ playing: false });
        if (!run) return;
        jump(run.totalAccesses, 'ran to the end without narration');
      },

      reset() {
        const { run } = get();
        set({ playing: false });
        if (!run) return;
        run.reset();
        set({ series: [sample(run)], narration: [] });
        sync({ events: [], animate: false, narration: [note('reset', 'back to the start')] });
      },

      seek(position) {
        const { run } = get();
        if (!run) return;
        const target = Math.max(0, Math.min(run.totalAccesses, Math.round(position)));
        set({ playing: false });
        jump(target, null);
      },

      advance(n, budgetMs) {
        const { run } = get();
        if (!run || run.done) {
          set({ playing: false });
          return;
        }
        const speed = speedOf(get());
        if (speed <= NARRATE_MAX_SPEED) {
          stepNarrated('access', n);
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
          jump(Math.min(run.totalAccesses, run.position + n), null, budgetMs);
        }
        if (get().done) set({ playing: false });
      },

      play() {
        const { run } = get();
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
        get().run?.free();
        set({ run: null, playing: false });
      },
    };
  });
}
