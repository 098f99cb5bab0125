// The store's shape: its state and its actions (implemented in ./store).
import type { NarrationGroup } from '../shared/narration';
import type { SharedState } from '../links/link';
import type { Scenario, ScenarioError } from '../sim/engine';
import type { ScenarioEntry } from './scenarios';
import type { Compare, SlotActions, Which } from './compare';
import type { Busy } from './slices';
import type { Sim } from './slot';

/** A scenario with the bundled entry it is compared with (its paper, its edits). */
export interface Replaced {
  scenario: Scenario;
  base: string | null;
}

/** Steps per second of the speed control; Infinity is "full speed". */
export const SPEEDS = [1, 2, 5, 10, 25, 100, 500, 2000, Infinity] as const;
/** At or below this speed every step records its events and is narrated. */
export const NARRATE_MAX_SPEED = 25;
/** At or below this speed the views tween each step. */
export const ANIMATE_MAX_SPEED = 10;
/**
 * A step of more events than this (a statement of a hundred thousand accesses) is drawn as
 * its end state, not tweened: a tween per moved buffer would cost the page seconds of
 * transitions that nobody could follow (issue 26 #12).
 */
export const ANIMATE_MAX_EVENTS = 400;

/** A link opened over a tab with unsaved work: it waits for the user's answer. */
export interface PendingLink {
  hash: string;
  /** The title of the link's scenario, when it can be opened. */
  title: string | null;
  /** Why it cannot be opened (the default scenario would open instead). */
  problem: string | null;
}

export interface AppState {
  engine: 'loading' | 'ready' | 'failed';
  engineError: string | null;
  scenarios: ScenarioEntry[];
  /** The bundled scenario the current one comes from (null: from a link, unknown base). */
  scenarioId: string | null;
  /** The running scenario differs from its bundled original. */
  edited: boolean;
  /**
   * A lecture's slide opened the running scenario (its edits are the slide's, not the user's:
   * no "edited" badge, no unsaved work to keep; issue 41 #5). An edit of the user's clears it.
   */
  lesson: boolean;
  /** What the editors show; may be invalid (then `draftError` says why). */
  draft: Scenario | null;
  draftError: ScenarioError | null;
  /** The scenario the run was built from (always valid). */
  current: Scenario | null;
  /**
   * The simulation the current scenario drives (buffer cache or library cache): its run and
   * everything mirrored from it (position, report, events, series, selection). Null until
   * the engine has loaded a scenario.
   */
  sim: Sim | null;
  /** A share link could not be opened: what was wrong with it. */
  linkError: string | null;
  /** A link arrived over unsaved work and waits for consent (see `linkArrived`). */
  pendingLink: PendingLink | null;
  /** A scenario file could not be opened: why (the engine's message names the field). */
  fileError: string | null;
  /**
   * A trace file dropped on the page, waiting for the trace panel (which replays it in a
   * Worker through the current scenario's cache, leaving the run alone) to take it.
   */
  traceDrop: { file: File; id: number } | null;
  /** Bumped when another scenario is loaded (not on edits): editors reset their local text. */
  generation: number;
  /**
   * The edited scenario (with its base) that the last open replaced — a scenario from the
   * picker, a link, a file, a preset: the new history's one undo step (./history), so that
   * opening something else never loses an edit.
   */
  replaced: Replaced | null;
  /** Bumped by every edit that rebuilt the run (./history keeps undo and redo by it). */
  edits: number;

  playing: boolean;
  /** Index into SPEEDS. */
  speed: number;
  /** Bumped on every change of the run's state: the views redraw on it. */
  tick: number;
  animate: boolean;
  durationMs: number;
  narration: NarrationGroup[];
  /** Configuration B's narration in compare mode (its own steps; the store's notes as A's). */
  narrationB: NarrationGroup[];
  /** A long operation going on in slices (run to the end, a far seek), with its progress. */
  busy: Busy | null;
  /** The engine threw while running (a limit reached, or a failure): what the page says. */
  runError: string | null;
  /**
   * Compare mode: configuration B and its slot, stepping in lockstep with A (`sim`); null
   * with one configuration. Panels read B through `slotState(s, 'b')` (./compare).
   */
  compare: Compare | null;
  /** B's own edit, revert and select actions (made once; `slotState` puts them in place). */
  slotB: SlotActions;

  engineReady(hash: string): void;
  engineFailed(message: string): void;
  openHash(hash: string): void;
  /**
   * A link arrived in an open tab (hashchange): opened at once when nothing would be lost,
   * else kept in `pendingLink` until `acceptLink` or `declineLink`.
   */
  linkArrived(hash: string): void;
  acceptLink(): void;
  declineLink(): void;
  /** Open a scenario file's text; a refusal sets `fileError` and keeps the current run.
   *  `lesson`: a lecture's slide opens it (see `lesson`). */
  openFile(text: string, name: string, lesson?: boolean): void;
  dismissFileError(): void;
  /** A trace file was dropped on the page (`traceDrop`); the run is not touched. */
  dropTrace(file: File): void;
  /** The trace panel takes the dropped file (null when there is none). */
  takeTrace(): File | null;
  loadScenario(id: string): void;
  /** Apply an edit to the draft; a valid draft rebuilds the run at the same position. */
  edit(change: (draft: Scenario) => Scenario): void;
  /** Run `scenario` (an undo or redo step) at the same position, compared with `base`. */
  restore(scenario: Scenario, base: string | null): void;
  /** Drop an invalid draft: the editors show the running scenario again. */
  revertDraft(): void;
  step(): void;
  stepExecution(): void;
  stepBack(): void;
  /** Run to the end in slices (see `busy`); resolves when there or cancelled. */
  runToEnd(): Promise<void>;
  reset(): void;
  /** Move to `position`: back at once, forward in slices; resolves when there or cancelled. */
  seek(position: number): Promise<void>;
  /** Stop the long operation in progress where it has got to. */
  cancel(): void;
  dismissRunError(): void;
  /** The animation loop: serve up to n accesses (n ≥ 1) by the speed setting. */
  advance(n: number, budgetMs?: number): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  setSpeed(index: number): void;
  /** Select a buffer (buffer cache views). */
  select(buf: number | null): void;
  /** Select a hash bucket (library cache view): its chain is listed. */
  selectBucket(bucket: number | null): void;
  /** Point the buffer cache's chain view at a hash bucket (`BufferSim.bucket`). */
  markChain(bucket: number | null): void;
  dismissLinkError(): void;
  sharedState(): SharedState | null;
  /** Compare: B becomes a copy of A at its position; the editors act on B. */
  startCompare(): void;
  /** Back to configuration A alone. */
  stopCompare(): void;
  /** Which configuration the editors act on. */
  setTarget(which: Which): void;
  /** Open a compare preset (./compare COMPARE_PRESETS): both bundled scenarios at the start. */
  loadPreset(id: string): void;
  dispose(): void;
}

/** The running scenario, when edited: what opening another one replaces (`replaced`). */
export const editedNow = (s: AppState): Replaced | null =>
  s.edited && !s.lesson && s.current ? { scenario: s.current, base: s.scenarioId } : null;

/** Opening something else would lose work: an edited scenario or an edit not yet applied. */
export const hasUnsavedWork = (s: AppState) =>
  (s.edited && !s.lesson) ||
  s.draft !== s.current ||
  !!s.compare?.edited ||
  s.compare?.draft !== s.compare?.current;
