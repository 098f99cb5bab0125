// What a lecture slide asks of the Sizing panel (issue 27): run a sweep, point at one of its
// points. A small store beside the app's (as ../lecture/lectureState is), because the panel
// keeps its sweep in its own state and is mounted only when scrolled near: a request waits
// here until the panel takes it, and is taken once.
import { createStore } from 'zustand/vanilla';
import type { Scenario } from '../sim/engine';
import type { SweepSpec } from './sweep';

export interface SizingRequests {
  /**
   * A sweep to run, not yet taken by the panel: of `scenario` (the app's running scenario
   * when it was asked for; the panel takes it once it shows that one).
   */
  sweep: { spec: SweepSpec; scenario: Scenario } | null;
  /** The sweep point to ring on the chart, by its parameter value (null: none). */
  point: number | null;
  requestSweep(spec: SweepSpec, scenario: Scenario): void;
  /** The panel, showing `scenario`, takes the sweep asked for it (null when none). */
  takeSweep(scenario: Scenario): SweepSpec | null;
  markPoint(value: number | null): void;
}

export const sizingRequests = createStore<SizingRequests>()((set, get) => ({
  sweep: null,
  point: null,
  requestSweep: (spec, scenario) => set({ sweep: { spec, scenario } }),
  takeSweep: (scenario) => {
    const r = get().sweep;
    if (!r || r.scenario !== scenario) return null;
    set({ sweep: null });
    return r.spec;
  },
  markPoint: (point) => set({ point }),
}));
