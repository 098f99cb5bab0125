// The store's actions that open something (../store): a link (now, or after asking when
// there is unsaved work), a file, a bundled scenario, a dropped trace, an edit of the draft or
// an undo step, and the state a share link is made from.
import { decodeHash, type SharedState } from '../links/link';
import { validateScenario, type Scenario } from '../sim/engine';
import { isLibraryScenario } from '../sim/library';
import { leadOf, presetOf } from './compare';
import type { Runner } from './runner';
import { editedNow, hasUnsavedWork, type AppState, type Replaced } from './state';
import { asScenarioError, message, same } from './util';
const fmt = (n: number) => n.toLocaleString('en');

const HINT = 'step one access (→) to see what happens, and why';
const LIB_HINT = 'step one phase (→) or one statement (Shift+→) to see what happens, and why';
const hintOf = (scenario: Scenario) => (isLibraryScenario(scenario) ? LIB_HINT : HINT);
/** What a load's narration adds when it replaced an edited scenario (history's undo step). */
const keptNote = (replaced: Replaced | null) =>
  replaced ? ' (your edited scenario is one undo away: Ctrl+Z)' : '';

type LoadActions = Pick<
  AppState,
  | 'openHash'
  | 'linkArrived'
  | 'acceptLink'
  | 'declineLink'
  | 'openFile'
  | 'dismissFileError'
  | 'dropTrace'
  | 'takeTrace'
  | 'loadScenario'
  | 'edit'
  | 'restore'
  | 'revertDraft'
  | 'dismissLinkError'
  | 'sharedState'
>;

export function loadActions(r: Runner, defaultId: string): LoadActions {
  const { get, set, scenarios, install, installB, leaveCompare, narrated, note, selectIn } = r;
  /** Run `next` at the same position, compared with `base`: an edit (or an undo step). */
  const rebuild = (next: Scenario, base: string | null) => {
    const { sim, compare } = get();
    const position = sim ? leadOf(sim, compare?.sim ?? null) : 0;
    const invalid = validateScenario(next);
    if (invalid) {
      set({ draft: next, draftError: invalid });
      return;
    }
    try {
      install(next, position, base, (reached, replaying) =>
        replaying
          ? `configuration changed: the run was rebuilt; replaying to #${fmt(position)} (at #${fmt(reached)} now)`
          : `configuration changed: the run was rebuilt and replayed to #${fmt(reached)}`,
      );
      set({ edits: get().edits + 1 });
    } catch (e) {
      set({ draft: next, draftError: asScenarioError(e) });
    }
  };

  const loadDefault = () => {
    const entry = scenarios.find((s) => s.id === defaultId) ?? scenarios[0];
    if (!entry) {
      set({ engine: 'failed', engineError: 'No scenarios are bundled (scenarios/*.json).' });
      return;
    }
    get().loadScenario(entry.id);
  };

  return {
    openHash(hash) {
      const decoded = decodeHash(hash);
      const prior = editedNow(get());
      set({ playing: false });
      leaveCompare();
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
        install(scenario, position, base ?? null, 'opened from a share link', hintOf(scenario));
        set({ linkError: null, generation: get().generation + 1, replaced: prior });
        const total = get().sim?.total ?? position;
        if (position > total)
          set(
            narrated([
              note(
                'link',
                `the link's position #${position.toLocaleString('en')} is past the end of this run ` +
                  `(#${total.toLocaleString('en')}): it opens at the end`,
              ),
            ]),
          );
      } catch (e) {
        set({ linkError: `This link’s scenario could not be run: ${message(e)}` });
        loadDefault();
        return;
      }
      const { compare } = decoded.state;
      let problem = decoded.compareProblem ?? null;
      const invalidB = compare && validateScenario(compare.scenario);
      if (invalidB) problem = `its configuration B is not valid: ${invalidB.message}`;
      else if (compare) {
        try {
          const preset = presetOf(compare.preset ?? null)?.id ?? null;
          installB(compare.scenario, position, compare.base ?? null, { preset, target: 'a' });
        } catch (e) {
          problem = `its configuration B could not be run: ${message(e)}`;
        }
      }
      if (problem)
        set({
          linkError: `This link’s comparison could not be opened: ${problem} Configuration A opened alone.`,
        });
    },

    linkArrived(hash) {
      const s = get();
      // Before the engine is up the startup reads the address itself.
      if (s.engine !== 'ready') return;
      const decoded = decodeHash(hash);
      const unchanged = decoded.ok === true && same(decoded.state.scenario, s.current);
      if (!hasUnsavedWork(s) || unchanged) {
        set({ pendingLink: null });
        get().openHash(hash);
        return;
      }
      let problem: string | null = null;
      if (decoded.ok === false) problem = decoded.problem;
      else if (decoded.ok === true) {
        const invalid = validateScenario(decoded.state.scenario);
        if (invalid) problem = `its scenario is not valid: ${invalid.message}`;
      }
      const title = decoded.ok === true && !problem ? decoded.state.scenario.title : null;
      set({ playing: false, pendingLink: { hash, title, problem } });
    },

    acceptLink() {
      const pending = get().pendingLink;
      if (!pending) return;
      set({ pendingLink: null });
      get().openHash(pending.hash);
    },

    declineLink() {
      set({ pendingLink: null });
    },

    openFile(file, name, lesson = false) {
      // a file saved with a UTF-8 byte order mark (Windows editors) opens as any other
      // (issue 29 #12: the engine took it, JSON.parse then threw)
      const text = file.replace(/^\uFEFF/, '');
      const invalid = validateScenario(text);
      if (invalid) {
        set({ fileError: `${name} was not opened: ${invalid.message}` });
        return;
      }
      const scenario = JSON.parse(text) as Scenario;
      const base = scenarios.find((e) => same(e.scenario, scenario))?.id ?? null;
      const prior = editedNow(get());
      set({ playing: false });
      try {
        leaveCompare();
        const what = lesson ? `the lecture opened ${name}` : `opened the file ${name}`;
        install(scenario, 0, base, `${what}${keptNote(prior)}`, hintOf(scenario));
        set({
          fileError: null,
          linkError: null,
          generation: get().generation + 1,
          replaced: prior,
          lesson,
        });
      } catch (e) {
        set({ fileError: `${name} could not be run: ${message(e)}` });
      }
    },

    dismissFileError() {
      set({ fileError: null });
    },

    dropTrace(file) {
      set({ traceDrop: { file, id: (get().traceDrop?.id ?? 0) + 1 } });
    },

    takeTrace() {
      const file = get().traceDrop?.file ?? null;
      if (file) set({ traceDrop: null });
      return file;
    },

    loadScenario(id) {
      const entry = scenarios.find((s) => s.id === id);
      if (!entry) return;
      set({ playing: false, generation: get().generation + 1, replaced: editedNow(get()) });
      leaveCompare();
      selectIn('buffer', null);
      try {
        const { scenario } = entry;
        install(
          scenario,
          0,
          entry.id,
          `loaded ${entry.id}: ${entry.title}${keptNote(get().replaced)}`,
          hintOf(scenario),
        );
      } catch (e) {
        set({ draft: entry.scenario, scenarioId: entry.id, draftError: asScenarioError(e) });
      }
    },

    edit(change) {
      const { draft, scenarioId } = get();
      if (draft) rebuild(change(draft), scenarioId);
    },

    restore(scenario, base) {
      rebuild(scenario, base);
    },

    revertDraft() {
      set({
        draft: get().current,
        draftError: null,
        generation: get().generation + 1,
        replaced: null,
      });
    },

    dismissLinkError() {
      set({ linkError: null });
    },

    sharedState() {
      const { current, sim, scenarioId, compare } = get();
      if (!current) return null;
      const position = sim ? leadOf(sim, compare?.sim ?? null) : 0;
      const state: SharedState = { scenario: current, position };
      if (scenarioId) state.base = scenarioId;
      if (compare) {
        state.compare = { scenario: compare.current };
        if (compare.scenarioId) state.compare.base = compare.scenarioId;
        if (compare.preset) state.compare.preset = compare.preset;
      }
      return state;
    },
  };
}
