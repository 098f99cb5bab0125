// Compare mode's actions (../store): configuration B made, edited, selected in and left, the
// editors' A/B switch and the presets. They share the store's own helpers (the long
// operation, A's install, the narration) through `CompareContext`.
import type { NarrationGroup } from '../shared/narration';
import { validateScenario, type Scenario } from '../sim/engine';
import { leadOf, presetOf, type Compare } from './compare';
import { withTwinPaper } from './paperScenario';
import type { ScenarioEntry } from './scenarios';
import { SLICE_MS } from './slices';
import { openSim, type Sim } from './slot';
import { editedNow, type AppState } from './state';
import { asScenarioError, message, same } from './util';

/** What the compare actions use of the store. */
export interface CompareContext {
  get: () => AppState;
  set: (p: Partial<AppState>) => void;
  scenarios: ScenarioEntry[];
  stopTask(): void;
  longJump(target: number, what: string, why: string | null): Promise<void>;
  install(
    scenario: Scenario,
    position: number,
    base: string | null,
    what: string,
    why?: string,
  ): void;
  note(title: string, text: string, why?: string): NarrationGroup;
  /** A's and B's narration with `groups` added (B's own `groupsB` if given). */
  narrated(
    groups: NarrationGroup[],
    groupsB?: NarrationGroup[],
  ): Pick<AppState, 'narration' | 'narrationB'>;
}

/** A preset's scenario under the policy it names (as is when it names none). */
export const withPolicy = (s: Scenario, policy: string | undefined): Scenario =>
  policy === undefined ? s : { ...s, policy };

type Actions = Pick<
  AppState,
  'slotB' | 'startCompare' | 'stopCompare' | 'setTarget' | 'loadPreset'
>;

export function compareActions(ctx: CompareContext) {
  const { get, set, scenarios, stopTask, longJump, install, note, narrated } = ctx;

  /** Change configuration B (when there is one). */
  const patchB = (p: Partial<Compare>) => {
    const c = get().compare;
    if (c) set({ compare: { ...c, ...p } });
  };

  /**
   * Make configuration B a run of `scenario` at `position` (A's), keeping what `keep` says
   * of the comparison (the editors' target, the preset, the counters); throws a
   * ScenarioError.
   */
  const installB = (
    scenario: Scenario,
    position: number,
    base: string | null,
    keep: Partial<Compare> = {},
  ) => {
    stopTask();
    const old = get().compare;
    const run = withTwinPaper(scenario, base, scenarios);
    const sim = openSim(run, position, old?.sim ?? null, performance.now() + SLICE_MS);
    const original = scenarios.find((s) => s.id === base);
    old?.sim.run.free();
    const kept = { target: 'b' as const, preset: null, edits: 0, generation: 0, ...old, ...keep };
    // B as its preset made it (its bundled scenario under the preset's policy) is not edited
    const preset = presetOf(kept.preset);
    const reference =
      original &&
      withPolicy(original.scenario, preset?.b === original.id ? preset.policyB : undefined);
    const compare: Compare = {
      ...kept,
      current: scenario,
      draft: scenario,
      draftError: null,
      scenarioId: original ? original.id : null,
      edited: !reference || !same(reference, scenario),
      sim,
    };
    set({ compare, tick: get().tick + 1, animate: false, runError: null });
    if (sim.position < Math.min(position, sim.total) && !sim.done)
      void longJump(position, `replaying B to #${position.toLocaleString('en')}`, null);
  };

  /** Back to one configuration: B's run is freed. */
  const leaveCompare = () => {
    const c = get().compare;
    if (!c) return;
    stopTask();
    c.sim.run.free();
    set({ compare: null, tick: get().tick + 1 });
  };

  const selectInB = (kind: Sim['kind'], selected: number | null) => {
    const sim = get().compare?.sim;
    if (sim?.kind === kind) patchB({ sim: { ...sim, selected } });
  };

  /** Run `next` as B at the lead position, compared with `base`: B's edit (or undo step). */
  const rebuildB = (next: Scenario, base: string | null) => {
    const c = get().compare;
    const a = get().sim;
    if (!c || !a) return;
    const invalid = validateScenario(next);
    if (invalid) {
      patchB({ draft: next, draftError: invalid });
      return;
    }
    const position = leadOf(a, c.sim);
    try {
      installB(next, position, base, { edits: c.edits + 1 });
      const reached = get().compare?.sim.position ?? 0;
      const fmt = (n: number) => n.toLocaleString('en');
      const why =
        reached < position
          ? `configuration B changed: its run was rebuilt; replaying to #${fmt(position)} (at #${fmt(reached)} now)`
          : `configuration B changed: its run was rebuilt and replayed to #${fmt(reached)}`;
      set(narrated([note('configuration B', why)]));
    } catch (e) {
      patchB({ draft: next, draftError: asScenarioError(e) });
    }
  };

  const actions: Actions = {
    slotB: {
      edit(change) {
        const c = get().compare;
        if (c) rebuildB(change(c.draft), c.scenarioId);
      },
      restore: (scenario, base) => rebuildB(scenario, base),
      revertDraft() {
        const c = get().compare;
        if (c) patchB({ draft: c.current, draftError: null, generation: c.generation + 1 });
      },
      select: (buf) => selectInB('buffer', buf),
      selectBucket: (bucket) => selectInB('library', bucket),
    },

    startCompare() {
      const { current, sim, scenarioId, compare } = get();
      if (!current || !sim || compare) return;
      set({ playing: false });
      try {
        installB(current, sim.position, scenarioId, { target: 'b', generation: 1 });
        const why = 'B is a copy of A: edit it (the editors act on B), both step together';
        const begun = note('compare', 'comparing A and B', why);
        set({ ...narrated([begun]), narrationB: [begun] });
      } catch (e) {
        set({ runError: `Configuration B could not be made: ${message(e)}` });
      }
    },

    stopCompare() {
      set({ playing: false });
      leaveCompare();
    },

    setTarget(target) {
      patchB({ target });
    },

    loadPreset(id) {
      const preset = presetOf(id);
      const a = scenarios.find((s) => s.id === preset?.a);
      const b = scenarios.find((s) => s.id === preset?.b);
      if (!preset || !a || !b) return;
      set({ playing: false, generation: get().generation + 1, replaced: editedNow(get()) });
      const generation = (get().compare?.generation ?? 0) + 1;
      leaveCompare();
      try {
        const what = `compare ${preset.title}: A = ${a.id}, B = ${b.id}`;
        install(a.scenario, 0, a.id, what, preset.found);
        installB(withPolicy(b.scenario, preset.policyB), 0, b.id, {
          preset: preset.id,
          target: 'a',
          generation,
        });
      } catch (e) {
        set({ runError: `The preset ${preset.title} could not be opened: ${message(e)}` });
      }
    },
  };
  return { installB, leaveCompare, actions };
}
