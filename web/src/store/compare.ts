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

/**
 * A comparison of two bundled scenarios — the seeds' own, or one scenario under two
 * replacement policies — and what it shows.
 */
export interface ComparePreset {
  id: string;
  title: string;
  a: string;
  b: string;
  /** The replacement policy B runs instead of its scenario's own (B's `policy`). */
  policyB?: string;
  /** What the comparison found, in a sentence (the menu and the compare bar). */
  found: string;
  /** Why the two differ, for a newcomer (the compare bar, after `found`). */
  why?: string;
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
    id: 'seed001-table4',
    title: 'Seed 001 Table 4: 50 MB shared pool, 8.1.5 vs 8.1.6',
    a: 'seed001-8.1.5-table4',
    b: 'seed001-8.1.6-table4',
    // seed 001, Table 4
    found:
      'Literal SQL through DBMS_SQL in an oversized 50 MB shared pool: the paper measured 252 s and 162.2 s of latch free waits on 8.1.5, 195 s and 53.3 s on 8.1.6, and credits 8.1.6’s library cache latching and free-list changes.',
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
  {
    id: 'policy-touch-count-arc',
    title: 'Oracle 8.1.6 touch count vs ARC',
    a: 'policy-scan-resistance',
    b: 'policy-scan-resistance',
    policyB: 'arc',
    found:
      'Both keep the hot set LOOKUP through the HISTORY scans, but touch count keeps only what fits its hot region: 845 physical reads against ARC’s 795.',
    why:
      'Every ORDERS and HISTORY block is read once and misses in both; the difference is LOOKUP, read every round. ' +
      'Touch count (A) moves a block touched twice into the hot region when it reaches the cold tail, and the scan’s blocks, touched once, are the victims. ' +
      'But its hot region is a fixed half of the cache (_db_percent_hot_default 50): 10 of LOOKUP’s 35 blocks stay cold and each scan pushes them out. ' +
      'ARC (B) has no fixed split. Blocks seen twice live in T2, blocks seen once in T1, and it remembers the blocks it evicted from each in its ghost lists B1 and B2. ' +
      'The scan’s blocks are seen once: they pass through T1 into B1 and never come back, so no ghost hit ever asks ARC to grow T1 (its target p stays 0) and T2 keeps all of LOOKUP. ' +
      'Watch LOOKUP’s blocks in A and B after a scan; set _db_percent_hot_default to 80 in A and touch count keeps them all too.',
  },
  {
    id: 'policy-lru-opt',
    title: 'LRU vs OPT',
    a: 'policy-loop',
    b: 'policy-loop',
    policyB: 'opt',
    found:
      'A loop one block larger than the cache: LRU misses every one of the 1,020 reads, Belady’s OPT only 70.',
    why:
      'LRU (A) evicts the block used longest ago — in a loop, exactly the block the loop reads next — so the cache always holds the 50 blocks it needs latest and every read misses. ' +
      'OPT (B) knows the future: the engine reads the whole trace ahead and, on a miss, evicts the block whose next use is farthest away. ' +
      'It holds 50 of the 51 blocks, each time giving up the one the loop needs last, and misses about once a pass. No real cache can know the future; OPT is the yardstick every policy is measured against. ' +
      'Step one read at a time and watch each buffer’s next use in B.',
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
