// The store's shape: its state and its actions (implemented in ./store).
import type { NarrationGroup } from '../narration/narrate';
import type { SharedState } from '../share/link';
import type {
  EngineLayout,
  Event,
  PaperComparison,
  Report,
  Scenario,
  ScenarioError,
  SimRun,
} from '../sim/engine';
import type { LibraryConfig, LcEvent, LibRun, LibraryReport } from '../sim/library';
import type { LibSeriesPoint } from '../views/libTypes';
import type { SeriesPoint } from '../views/types';
import type { ScenarioEntry } from './scenarios';

/** Steps per second of the speed control; Infinity is "full speed". */
export const SPEEDS = [1, 2, 5, 10, 25, 100, 500, 2000, Infinity] as const;
/** At or below this speed every step records its events and is narrated. */
export const NARRATE_MAX_SPEED = 25;
/** At or below this speed the views tween each step. */
export const ANIMATE_MAX_SPEED = 10;

export interface AppState {
  engine: 'loading' | 'ready' | 'failed';
  /**
   * Which simulation the current scenario drives: the buffer cache (`run`, `layout`, `report`,
   * `events`, `series`) or the library cache (`lib`, `libConfig`, `libReport`, `libEvents`,
   * `libSeries`). The playback fields (position, total, seconds, done, paper, narration,
   * tick, animate, durationMs) serve both.
   */
  mode: 'buffer' | 'library';
  engineError: string | null;
  scenarios: ScenarioEntry[];
  /** The bundled scenario the current one comes from (null: from a link, unknown base). */
  scenarioId: string | null;
  /** The running scenario differs from its bundled original. */
  edited: boolean;
  /** What the editors show; may be invalid (then `draftError` says why). */
  draft: Scenario | null;
  draftError: ScenarioError | null;
  /** The scenario the run was built from (always valid). */
  current: Scenario | null;
  run: SimRun | null;
  layout: EngineLayout | null;
  /** A share link could not be opened: what was wrong with it. */
  linkError: string | null;
  /** Bumped when another scenario is loaded (not on edits): editors reset their local text. */
  generation: number;

  /** Accesses (buffer cache) or statement phases (library cache) done, and in the run. */
  position: number;
  total: number;
  /** Executions (buffer cache) or statements (library cache) finished, and in the run. */
  executions: number;
  totalExecutions: number;
  seconds: number;
  done: boolean;
  report: Report | null;
  paper: PaperComparison | null;
  series: SeriesPoint[];

  playing: boolean;
  /** Index into SPEEDS. */
  speed: number;
  /** Bumped on every change of the run's state: the views redraw on it. */
  tick: number;
  /** The events of the last step (empty after a jump). */
  events: Event[];
  animate: boolean;
  durationMs: number;
  narration: NarrationGroup[];
  selected: number | null;

  /** The library cache run (mode 'library'), else null. */
  lib: LibRun | null;
  libConfig: LibraryConfig | null;
  libReport: LibraryReport | null;
  /** The library cache events of the last step (empty after a jump). */
  libEvents: LcEvent[];
  libSeries: LibSeriesPoint[];
  /** The hash bucket the user selected in the library cache view (its chain is listed). */
  selectedBucket: number | null;

  engineReady(hash: string): void;
  engineFailed(message: string): void;
  openHash(hash: string): void;
  loadScenario(id: string): void;
  /** Apply an edit to the draft; a valid draft rebuilds the run at the same position. */
  edit(change: (draft: Scenario) => Scenario): void;
  /** Drop an invalid draft: the editors show the running scenario again. */
  revertDraft(): void;
  step(): void;
  stepExecution(): void;
  stepBack(): void;
  runToEnd(): void;
  reset(): void;
  seek(position: number): void;
  /** The animation loop: serve up to n accesses (n ≥ 1) by the speed setting. */
  advance(n: number, budgetMs?: number): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  setSpeed(index: number): void;
  select(buf: number | null): void;
  selectBucket(bucket: number | null): void;
  dismissLinkError(): void;
  sharedState(): SharedState | null;
  dispose(): void;
}
