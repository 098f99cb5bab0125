// The one store of the app (a factory, so every test gets a fresh one). It owns the slot (the
// run and what is mirrored from it: ./slot), the scenario being edited and the playback;
// components read it through the selectors in ./selectors, the animation loop drives it
// through `advance`.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { NarrationGroup } from '../narration/narrate';
import { decodeHash, type SharedState } from '../share/link';
import { ScenarioError, validateScenario, type Scenario } from '../sim/engine';
import { isLibraryScenario } from '../sim/library';
import { doneOf, leadOf, presetOf, totalOf } from './compare';
import { compareActions } from './compareActions';
import { arrived, jumpPair, resetPair, stepPair, type Pair, type Papers } from './lockstep';
import { DEFAULT_SCENARIO_ID, type ScenarioEntry } from './scenarios';
import { SLICE_MS, yieldToPage } from './slices';
import { openSim, refresh, type Sim } from './slot';
import {
  ANIMATE_MAX_SPEED,
  editedNow,
  NARRATE_MAX_SPEED,
  SPEEDS,
  type AppState,
  type Replaced,
} from './state';

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
const hintOf = (scenario: Scenario) => (isLibraryScenario(scenario) ? LIB_HINT : HINT);
/** Opening something else would lose work: an edited scenario or an edit not yet applied. */
export const hasUnsavedWork = (s: AppState) =>
  s.edited ||
  s.draft !== s.current ||
  !!s.compare?.edited ||
  s.compare?.draft !== s.compare?.current;
/** What a load's narration adds when it replaced an edited scenario (history's undo step). */
const keptNote = (replaced: Replaced | null) =>
  replaced ? ' (your edited scenario is one undo away: Ctrl+Z)' : '';
const asScenarioError = (e: unknown) =>
  e instanceof ScenarioError ? e : new ScenarioError('', message(e));

export function createAppStore({
  scenarios,
  defaultId = DEFAULT_SCENARIO_ID,
}: StoreOptions): AppStore {
  return createStore<AppState>()((set, get) => {
    const hasPaper = () => !!get().current?.paper;
    const papers = (): Papers => ({ a: hasPaper(), b: !!get().compare?.current.paper });

    /** Install the slot after an engine call (the views redraw); `extra` says what else changed. */
    const put = (sim: Sim, extra: Partial<AppState> = {}) =>
      set({ sim, tick: get().tick + 1, ...extra });

    /** Both slots of a comparison (B null without one). */
    const pairOf = (): Pair | null => {
      const { sim, compare } = get();
      return sim ? { a: sim, b: compare?.sim ?? null } : null;
    };
    /** Install both slots after an engine call. */
    const putPair = ({ a, b }: Pair, extra: Partial<AppState> = {}) => {
      const c = get().compare;
      set({ sim: a, compare: c && b ? { ...c, sim: b } : c, tick: get().tick + 1, ...extra });
    };
    /** A's narration and B's with `groups` and `groupsB` added (the store's notes go to both). */
    const narrated = (groups: NarrationGroup[], groupsB = groups) => {
      const add = (to: NarrationGroup[], more: NarrationGroup[]) =>
        more.length === 0 ? to : [...to, ...more].slice(-NARRATION_GROUPS);
      return {
        narration: add(get().narration, groups),
        narrationB: add(get().narrationB, groupsB),
      };
    };

    /** A narration line of the store's own (at the slot's position unless `at` says). */
    const note = (title: string, text: string, why = '', at?: Sim): NarrationGroup => ({
      position: (at ?? get().sim)?.position ?? 0,
      title,
      lines: [{ kind: 'sleep', text, why }],
    });

    /** The long operation in progress (see ./slices); an action that moves the run ends it. */
    let task = 0;
    /**
     * The slot a long operation is moving. The views are not redrawn between its slices (a
     * redraw of a million buffers costs more than a slice), so it is installed when the
     * operation ends, is cancelled or gives way to another action.
     */
    let moving: Pair | null = null;
    const stopTask = () => {
      task++;
      const pair = moving;
      moving = null;
      if (pair) {
        // keep what the user selected meanwhile
        const keep = (sim: Sim, now: Sim | null | undefined, paper: boolean) =>
          refresh(
            { ...sim, selected: now?.kind === sim.kind ? now.selected : sim.selected } as Sim,
            paper,
          );
        const p = papers();
        const { sim, compare } = get();
        const b = pair.b && keep(pair.b, compare?.sim, p.b);
        putPair({ a: keep(pair.a, sim, p.a), b }, { animate: false });
      }
      if (get().busy) set({ busy: null });
    };

    /**
     * Run an engine call; when the engine throws (a run that stopped at a limit, or a trap)
     * the page says why instead of failing. A trap may leave the run unusable: it is then
     * rebuilt, at the start, from the scenario it ran.
     */
    const guard = (f: () => void): boolean => {
      try {
        f();
        return true;
      } catch (e) {
        const trapped = e instanceof WebAssembly.RuntimeError;
        // a trapped run may not even report: a long operation's slot is dropped, not shown
        if (trapped) moving = null;
        stopTask();
        set({ playing: false });
        const text = `${trapped ? 'The engine failed' : 'The run stopped'}: ${message(e)}`;
        const { current, scenarioId, compare } = get();
        if (trapped && current) {
          for (const sim of [get().sim, compare?.sim])
            try {
              sim?.run.free();
            } catch {
              // a trapped run may refuse even to be freed; the fresh one replaces it anyway
            }
          set({ sim: null, compare: null });
          try {
            install(current, 0, scenarioId, 'the run was rebuilt at the start after a failure');
            if (compare) installB(compare.current, 0, compare.scenarioId, compare);
          } catch (again) {
            set({ runError: `${text}; it could not be rebuilt: ${message(again)}` });
            return false;
          }
        }
        set({ runError: trapped ? `${text}. The run was rebuilt at the start.` : text });
        return false;
      }
    };

    /**
     * Move the run to `target` in slices of engine work with the page free in between, showing
     * `what` and the progress in `busy`; `why` is narrated once there. Resolves when the run
     * is there, or when the operation was cancelled or replaced by another action.
     */
    const longJump = async (target: number, what: string, why: string | null) => {
      stopTask();
      const id = task;
      const start = pairOf();
      if (!start) return;
      moving = start;
      const from = leadOf(start.a, start.b);
      // the progress: the share of both runs' way done
      const way = (s: Sim | null) => (s ? Math.abs(Math.min(target, s.total) - s.position) : 0);
      const gone = (s: Sim | null, m: Sim | null) =>
        s && m ? Math.abs(m.run.position - s.position) : 0;
      const all = way(start.a) + way(start.b) || 1;
      for (;;) {
        const ok = guard(() => {
          if (moving) moving = jumpPair(moving, target, papers(), SLICE_MS, false);
        });
        // stopped meanwhile by an action, Cancel or a failure: they installed the slot
        if (!ok || task !== id || !moving) return;
        if (arrived(moving, target)) break;
        const share = (gone(start.a, moving.a) + gone(start.b, moving.b)) / all;
        const position = Math.round(from + (target - from) * share);
        set({ busy: { what, from, target, position } });
        await yieldToPage();
        if (task !== id) return;
      }
      stopTask();
      const sim = get().sim;
      if (why && sim) set(narrated([note('jump', why, '', sim)]));
    };

    /** Replace the run by one of `scenario` at `position`; throws a ScenarioError. */
    const install = (
      scenario: Scenario,
      position: number,
      base: string | null,
      what: string,
      why = '',
    ) => {
      stopTask();
      const old = get().sim;
      // replayed to `position` within one slice here, and in slices after (a link's position
      // can be millions of accesses in)
      const sim = openSim(scenario, position, old, performance.now() + SLICE_MS);
      const original = scenarios.find((s) => s.id === base);
      old?.run.free();
      put(sim, {
        current: scenario,
        draft: scenario,
        draftError: null,
        scenarioId: original ? original.id : null,
        edited: !original || !same(original.scenario, scenario),
        animate: false,
        narration: [note('configuration', what, why, sim)],
        runError: null,
      });
      if (sim.position < Math.min(position, sim.total) && !sim.done)
        void longJump(position, `replaying to #${position.toLocaleString('en')}`, null);
    };

    const { installB, leaveCompare, actions } = compareActions({
      get,
      set,
      scenarios,
      stopTask,
      // (declared above; arrows so that the order of the declarations does not matter)
      longJump: (target, what, why) => longJump(target, what, why),
      install: (...args) => install(...args),
      note: (title, text, why) => note(title, text, why),
      narrated,
    });

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
        install(
          next,
          position,
          base,
          `configuration changed: the run was rebuilt and replayed to #${position}`,
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

    /** Step one by one with the events recorded and narrated. */
    const stepNarrated = (how: 'one' | 'unit', count = 1) => {
      const pair = pairOf();
      if (!pair || doneOf(pair.a, pair.b)) return;
      const { told, toldB, ...moved } = stepPair(pair, how, count, papers());
      const speed = speedOf(get());
      putPair(moved, {
        animate: !get().playing || speed <= ANIMATE_MAX_SPEED,
        durationMs: get().playing ? Math.min(600, 850 / speed) : 600,
        ...narrated(told, toldB),
      });
    };

    /** Jump to `target` (either way) without events. */
    const jump = (target: number, why: string | null, budgetMs?: number) => {
      const pair = pairOf();
      if (!pair) return;
      const moved = jumpPair(pair, target, papers(), budgetMs ?? Infinity);
      putPair(moved, {
        animate: false,
        ...(why ? narrated([note('jump', why, '', moved.a)]) : {}),
      });
    };

    /** Change the slot's selection when it is of `kind`. */
    const selectIn = (kind: Sim['kind'], selected: number | null) => {
      const sim = get().sim;
      if (sim?.kind === kind) set({ sim: { ...sim, selected } });
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

      openFile(text, name) {
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
          install(scenario, 0, base, `opened the file ${name}${keptNote(prior)}`, hintOf(scenario));
          set({
            fileError: null,
            linkError: null,
            generation: get().generation + 1,
            replaced: prior,
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

      step() {
        stopTask();
        set({ playing: false });
        guard(() => stepNarrated('one'));
      },

      stepExecution() {
        stopTask();
        set({ playing: false });
        guard(() => stepNarrated('unit'));
      },

      stepBack() {
        stopTask();
        const pair = pairOf();
        set({ playing: false });
        const lead = pair ? leadOf(pair.a, pair.b) : 0;
        if (!pair || lead === 0) return;
        const target = lead - 1;
        guard(() => jump(target, `stepped back to #${target}: replayed exactly from a snapshot`));
      },

      runToEnd() {
        const pair = pairOf();
        set({ playing: false });
        if (!pair || doneOf(pair.a, pair.b)) return Promise.resolve();
        const end = totalOf(pair.a, pair.b);
        return longJump(end, 'running to the end', 'ran to the end without narration');
      },

      reset() {
        stopTask();
        const pair = pairOf();
        set({ playing: false });
        if (!pair) return;
        guard(() => {
          const back = resetPair(pair, papers());
          putPair(back, {
            animate: false,
            narration: [note('reset', 'back to the start', '', back.a)],
            narrationB: back.b ? [note('reset', 'back to the start', '', back.b)] : [],
          });
        });
      },

      seek(position) {
        const pair = pairOf();
        if (!pair) return Promise.resolve();
        const target = Math.max(0, Math.min(totalOf(pair.a, pair.b), Math.round(position)));
        set({ playing: false });
        // back: replayed from the nearest snapshot, a bounded stretch; forward: in slices
        if (target <= leadOf(pair.a, pair.b)) {
          stopTask();
          guard(() => jump(target, null));
          return Promise.resolve();
        }
        return longJump(target, `seeking to #${target.toLocaleString('en')}`, null);
      },

      cancel() {
        const { busy } = get();
        if (!busy) return;
        stopTask();
        const sim = get().sim;
        if (!sim) return;
        const at = `#${sim.position.toLocaleString('en')}`;
        set(narrated([note('cancelled', `${busy.what} stopped at ${at}`, '', sim)]));
      },

      dismissRunError() {
        set({ runError: null });
      },

      advance(n, budgetMs) {
        const pair = pairOf();
        if (!pair || doneOf(pair.a, pair.b)) {
          set({ playing: false });
          return;
        }
        const lead = leadOf(pair.a, pair.b);
        const total = totalOf(pair.a, pair.b);
        const speed = speedOf(get());
        if (speed <= NARRATE_MAX_SPEED) {
          guard(() => stepNarrated('one', n));
        } else {
          const last = get().narration[get().narration.length - 1];
          const fast = 'fast playback';
          if (last?.title !== fast) {
            set(
              narrated([
                note(
                  fast,
                  'playing too fast to narrate',
                  `≤ ${NARRATE_MAX_SPEED} steps/s narrates every step`,
                ),
              ]),
            );
          }
          guard(() => jump(Math.min(total, lead + n), null, budgetMs));
        }
        const after = pairOf();
        if (after && doneOf(after.a, after.b)) set({ playing: false });
      },

      play() {
        stopTask();
        const pair = pairOf();
        if (!pair) return;
        if (doneOf(pair.a, pair.b)) get().reset();
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
        selectIn('buffer', buf);
      },

      selectBucket(bucket) {
        selectIn('library', bucket);
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

      ...actions,

      dispose() {
        stopTask();
        get().sim?.run.free();
        get().compare?.sim.run.free();
        set({ sim: null, compare: null, playing: false });
      },
    };
  });
}
