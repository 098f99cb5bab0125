// Undo and redo of configuration edits, beside the app store (it is not part of it). An
// edit rebuilds the run (the running scenario changes), then bumps the store's `edits`: at
// that bump the scenario before the change goes onto the undo stack. Opening another
// scenario, link, file or preset bumps `generation`, which starts a new history: empty, or,
// when the scenario it replaced was edited, with that one as its single undo step (the
// store's `replaced`), so no edit is lost to a pick in the list. Undo and redo apply a
// scenario through the store's own `restore`, so the run is rebuilt at the same position,
// compared with the bundled scenario it was compared with, and the address (autosave)
// follows as after any edit.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Replaced } from './state';
import type { AppStore } from './store';

/** Edits remembered; older ones are forgotten. */
export const HISTORY_LIMIT = 100;

export interface HistoryState {
  past: Replaced[];
  future: Replaced[];
  undo(): void;
  redo(): void;
  dispose(): void;
}

export type HistoryStore = StoreApi<HistoryState>;

export function createHistory(app: AppStore): HistoryStore {
  /** Set while undo/redo applies a scenario: that change is not a new edit. */
  let applying = false;

  const history = createStore<HistoryState>()((set, get) => {
    /** Run `target` (from one stack), moving the current scenario onto the other. */
    const go = (from: 'past' | 'future') => {
      const stack = get()[from];
      const target = stack[stack.length - 1];
      const { current, scenarioId } = app.getState();
      if (!target || !current) return;
      applying = true;
      try {
        app.getState().restore(target.scenario, target.base);
      } finally {
        applying = false;
      }
      // Refused (the engine changed its mind about an old scenario): nothing moves.
      if (app.getState().current === current) return;
      const to = from === 'past' ? 'future' : 'past';
      const now: Replaced = { scenario: current, base: scenarioId };
      set({ [from]: stack.slice(0, -1), [to]: [...get()[to], now] } as Partial<HistoryState>);
    };
    return {
      past: [],
      future: [],
      undo: () => go('past'),
      redo: () => go('future'),
      dispose: () => unsubscribe(),
    };
  });

  /** The scenario before the last change of the running one (an edit's, if `edits` follows). */
  let before: Replaced | null = null;
  const unsubscribe = app.subscribe((s, prev) => {
    if (s.generation !== prev.generation)
      history.setState({ past: s.replaced ? [s.replaced] : [], future: [] });
    if (s.current !== prev.current)
      before = prev.current ? { scenario: prev.current, base: prev.scenarioId } : null;
    if (s.edits === prev.edits || applying || !before) return;
    const past = [...history.getState().past, before].slice(-HISTORY_LIMIT);
    history.setState({ past, future: [] });
    before = null;
  });

  return history;
}

const histories = new WeakMap<AppStore, HistoryStore>();

/** The history of `app`, made on first use (one per store). */
export function historyOf(app: AppStore): HistoryStore {
  let h = histories.get(app);
  if (!h) {
    h = createHistory(app);
    histories.set(app, h);
  }
  return h;
}
