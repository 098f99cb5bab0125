// The one store of the app (a factory, so every test gets a fresh one). It owns the slot (the
// run and what is mirrored from it: ./slot), the scenario being edited and the playback;
// components read it through the selectors in ./selectors, the animation loop drives it
// through `advance`. Its actions are written by area: ./loadActions (open a link, a file, a
// scenario, an edit), ./playbackActions (step, seek, play) and ./compareActions, over the
// machinery they share (./runner).
import { createStore, type StoreApi } from 'zustand/vanilla';
import { loadActions } from './loadActions';
import { playbackActions } from './playbackActions';
import { createRunner } from './runner';
import { DEFAULT_SCENARIO_ID, type ScenarioEntry } from './scenarios';
import type { AppState } from './state';

export { ANIMATE_MAX_SPEED, NARRATE_MAX_SPEED, SPEEDS, hasUnsavedWork } from './state';
export type { AppState } from './state';

export type AppStore = StoreApi<AppState>;

export interface StoreOptions {
  scenarios: ScenarioEntry[];
  defaultId?: string;
}

export function createAppStore({
  scenarios,
  defaultId = DEFAULT_SCENARIO_ID,
}: StoreOptions): AppStore {
  return createStore<AppState>()((set, get) => {
    const runner = createRunner(get, set, scenarios);
    const { stopTask } = runner;
    return {
      engine: 'loading',
      engineError: null,
      scenarios,
      scenarioId: null,
      edited: false,
      lesson: false,
      draft: null,
      draftError: null,
      current: null,
      sim: null,
      linkError: null,
      pendingLink: null,
      fileError: null,
      traceDrop: null,
      generation: 0,
      replaced: null,
      edits: 0,
      playing: false,
      speed: 2,
      tick: 0,
      animate: false,
      durationMs: 0,
      narration: [],
      narrationB: [],
      busy: null,
      runError: null,
      compare: null,

      engineReady(hash) {
        set({ engine: 'ready', engineError: null });
        get().openHash(hash);
      },

      engineFailed(msg) {
        set({ engine: 'failed', engineError: msg });
      },

      ...loadActions(runner, defaultId),

      ...playbackActions(runner),

      ...runner.compareActions,

      dispose() {
        stopTask();
        get().sim?.run.free();
        get().compare?.sim.run.free();
        set({ sim: null, compare: null, playing: false });
      },
    };
  });
}
