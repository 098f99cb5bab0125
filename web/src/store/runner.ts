// The store's own machinery, shared by its actions (./loadActions, ./playbackActions,
// ./compareActions): installing the slot after an engine call, the narration the store adds,
// the long operation in slices (./slices) and the guard that turns an engine failure into a
// message (rebuilding a trapped run).
import type { NarrationGroup } from '../shared/narration';
import type { Scenario } from '../sim/engine';
import { doneOf, leadOf } from './compare';
import { compareActions } from './compareActions';
import { withTwinPaper } from './paperScenario';
import { arrived, jumpPair, stepPair, type Pair, type Papers } from './lockstep';
import type { ScenarioEntry } from './scenarios';
import { SLICE_MS, yieldToPage } from './slices';
import { openSim, refresh, type Sim } from './slot';
import { ANIMATE_MAX_EVENTS, ANIMATE_MAX_SPEED, SPEEDS, type AppState } from './state';
import { message, same } from './util';

const NARRATION_GROUPS = 200;

export const speedOf = (s: AppState) => SPEEDS[s.speed] ?? Infinity;

export type Runner = ReturnType<typeof createRunner>;

export function createRunner(
  get: () => AppState,
  set: (p: Partial<AppState>) => void,
  scenarios: ScenarioEntry[],
) {
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
    what: string | ((reached: number, replaying: boolean) => string),
    why = '',
  ) => {
    stopTask();
    const old = get().sim;
    // replayed to `position` within one slice here, and in slices after (a link's position
    // can be millions of accesses in)
    // an edit that made it another of the paper's runs is compared with that run's figures
    const run = withTwinPaper(scenario, base, scenarios);
    const sim = openSim(run, position, old, performance.now() + SLICE_MS);
    const original = scenarios.find((s) => s.id === base);
    old?.run.free();
    // a long replay goes on in slices: the narration says where the run is, not where it goes
    const replaying = sim.position < Math.min(position, sim.total) && !sim.done;
    const said = typeof what === 'string' ? what : what(sim.position, replaying);
    put(sim, {
      current: scenario,
      draft: scenario,
      draftError: null,
      scenarioId: original ? original.id : null,
      edited: !original || !same(original.scenario, scenario),
      lesson: false,
      animate: false,
      narration: [note('configuration', said, why, sim)],
      runError: null,
    });
    if (replaying)
      void longJump(
        position,
        `replaying to #${position.toLocaleString('en')}`,
        typeof what === 'string' ? null : what(position, false),
      );
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

  /** Step one by one with the events recorded and narrated. */
  const stepNarrated = (how: 'one' | 'unit', count = 1) => {
    const pair = pairOf();
    if (!pair || doneOf(pair.a, pair.b)) return;
    const { told, toldB, ...moved } = stepPair(pair, how, count, papers());
    const speed = speedOf(get());
    const few = moved.a.events.length + (moved.b?.events.length ?? 0) <= ANIMATE_MAX_EVENTS;
    putPair(moved, {
      animate: few && (!get().playing || speed <= ANIMATE_MAX_SPEED),
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
    get,
    set,
    scenarios,
    papers,
    put,
    pairOf,
    putPair,
    narrated,
    note,
    stopTask,
    guard,
    longJump,
    install,
    installB,
    leaveCompare,
    compareActions: actions,
    stepNarrated,
    jump,
    selectIn,
  };
}
