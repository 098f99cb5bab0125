// Compare mode: a second configuration (B) of the scenario running beside the first (A), on
// the same accesses, at the same position. B is the store's second slot (`compare.sim`, one
// more field, as ./slot planned); its scenario is edited by the same editors as A's, through
// a projection of the store's state (`slotState`) in which B's slot and scenario stand where
// A's are — so every panel, view and chart reads B without knowing there is a B.
import type { Scenario, ScenarioError } from '../sim/engine';
import type { Sim } from './slot';
import type { AppState } from './state';

export type Which = 'a' | 'b';

/** Configuration B and its run. */
export interface Compare {
  /** Which configuration the editors act on (the A/B switch). */
  target: Which;
  /** The preset both came from (COMPARE_PRESETS), if any. */
  preset: string | null;
  /** B's scenario as run, as edited (may be invalid: `draftError`), and its bundled base. */
  current: Scenario;
  draft: Scenario;
  draftError: ScenarioError | null;
  scenarioId: string | null;
  edited: boolean;
  /** Bumped by B's edits and loads, as `edits` and `generation` are by A's. */
  edits: number;
  generation: number;
  /** B's slot, at A's position (or at its own end when its run is shorter). */
  sim: Sim;
}

/** B's own actions, made once per store: the projection puts them where A's are. */
export interface SlotActions {
  edit: AppState['edit'];
  restore: AppState['restore'];
  revertDraft: AppState['revertDraft'];
  select: AppState['select'];
  selectBucket: AppState['selectBucket'];
}

/** A comparison the seeds made themselves: both bundled scenarios, and what the seed found. */
export interface ComparePreset {
  id: string;
  title: string;
  a: string;
  b: string;
  found: string;
}

export const COMPARE_PRESETS: ComparePreset[] = [
  {
    id: 'table6',
    title: 'Table 6: TEST1 vs TEST2 (8.0)',
    a: 'seed000-8.0-test1',
    b: 'seed000-8.0-test2',
    // seed 000, Table 6
    found:
      'A 50-buffer RECYCLE pool for LARGE_TBL keeps its single-use blocks from flushing the others: the paper measured 16,018 → 10,706 physical reads.',
  },
  {
    id: 'table9',
    title: 'Table 9: _db_percent_hot_default 0 vs 50 (8i)',
    a: 'seed000-8i-hot0',
    b: 'seed000-8i-hot50',
    // seed 000, Table 9
    found:
      'With no hot region every block competes at the midpoint; a 50 % hot region shelters the re-read blocks: the paper measured 13,525 → 11,233 physical reads.',
  },
  {
    id: 'seed001-test1-test3',
    title: 'Seed 001: literal SQL, EXACT vs FORCE (8.1.6)',
    a: 'seed001-8.1.6-test1',
    b: 'seed001-8.1.6-test3',
    // seed 001, Table 3, TEST 1 and TEST 3
    found:
      'CURSOR_SHARING = FORCE turns the literals into binds: the cursors are shared and the shared pool stops flushing; the paper measured 100 s → 45 s.',
  },
  {
    id: 'seed004-keep',
    title: 'Seed 004: KEEP pool scans, 10.2.0.5 vs 11.2.0.2',
    a: 'seed004-10.2.0.5-keep',
    b: 'seed004-11.2.0.2-keep',
    // seed 004: bug 8897574, fixed in 11.2.0.2 (patch set 10098816)
    found:
      'Bug 8897574: 10.2.0.5 reads a KEEP-pool table by direct path reads; 11.2.0.2 always reads it through the cache, so its repeated scans hit.',
  },
];

export const presetOf = (id: string | null) => COMPARE_PRESETS.find((p) => p.id === id) ?? null;

/** The two positions of a comparison move together; when one run is shorter it waits at its end. */
export const leadOf = (a: Sim, b: Sim | null) =>
  b ? Math.max(a.position, b.position) : a.position;
export const totalOf = (a: Sim, b: Sim | null) => (b ? Math.max(a.total, b.total) : a.total);
export const doneOf = (a: Sim, b: Sim | null) => a.run.done && (!b || b.run.done);

const projections = new WeakMap<AppState, AppState>();
const raw = new WeakMap<AppState, AppState>();

/**
 * The state as configuration `which` sees it: for B, B's slot, scenario, drafts and actions
 * stand where A's are (cached per state object, so selectors see stable values). Without a
 * comparison B's view holds no slot.
 */
export function slotState(s: AppState, which: Which): AppState {
  if (which === 'a') return s;
  let p = projections.get(s);
  if (p) return p;
  const c = s.compare;
  p = c
    ? {
        ...s,
        ...s.slotB,
        sim: c.sim,
        narration: s.narrationB,
        current: c.current,
        draft: c.draft,
        draftError: c.draftError,
        scenarioId: c.scenarioId,
        edited: c.edited,
        edits: c.edits,
        generation: c.generation,
        // B is edited in place: nothing opens over it
        replaced: null,
      }
    : { ...s, sim: null };
  projections.set(s, p);
  raw.set(p, s);
  return p;
}

/** The store's own state behind a projection (itself when it is one). */
export const rawState = (s: AppState) => raw.get(s) ?? s;
/** Which configuration a (projected) state shows. */
export const whichOf = (s: AppState): Which => (raw.has(s) ? 'b' : 'a');
