// The typed face of the engine's library cache simulation (seed 001): a scenario whose
// workload is `sql_slammer`. Positions are phases of statements (lookup, execute, unpin).
import { LibrarySimulation, libraryConstants as wasmConstants } from '../wasm/pkg/cachesim.js';
import { RunBase, type Playable, type Scenario } from './engine';
import type { ChainEntry } from './generated/library/ChainEntry';
import type { Config } from './generated/library/Config';
import type { Constants } from './generated/library/Constants';
import type { Event } from './generated/library/Event';
import type { LatchView } from './generated/library/LatchView';
import type { LiteralGroup } from './generated/library/LiteralGroup';
import type { ObjectView } from './generated/library/ObjectView';
import type { Report } from './generated/library/Report';
import type { SessionView } from './generated/library/SessionView';
import type { SqlRow } from './generated/library/SqlRow';

export type {
  ChainEntry,
  Config,
  Constants,
  Event,
  LatchView,
  LiteralGroup,
  ObjectView,
  Report,
  SessionView,
  SqlRow,
};
export type { CacheReport } from './generated/library/CacheReport';
export type { OpCost } from './generated/library/OpCost';
export type { CursorSharing } from './generated/library/CursorSharing';
export type { Latch } from './generated/library/Latch';
export type { LatchRow } from './generated/library/LatchRow';
export type { Piece } from './generated/library/Piece';
export type { SessionState } from './generated/library/SessionState';
export type { Slammer } from './generated/library/Slammer';

/** A scenario for the library cache (its workload is seed 001's SQLSlammer). */
export const isLibraryScenario = (s: Scenario): boolean => s.workload.kind === 'sql_slammer';

let constants: Constants | null = null;
/** The library cache model's fixed constants (flush batch, time slice, latch sleeps …). */
export function libraryConstants(): Constants {
  constants ??= JSON.parse(wasmConstants()) as Constants;
  return constants;
}

/**
 * Numbers per chunk in `heapChunks()`: offset, size, kind, flags, object. Literals for the
 * per-frame loops; `constants.test.ts` pins them to the engine's `libraryConstants()`.
 */
export const CHUNK_WIDTH = 5;
export const CHUNK_KIND = ['free', 'recreatable', 'freeable', 'permanent'] as const;
export const CHUNK_PINNED = 1;
export const CHUNK_ON_LRU = 2;
/** `heapChunks()`'s object field for a chunk that belongs to none. */
export const NO_OBJECT = 0xffffffff;

export class Run extends RunBase<LibrarySimulation, Event, Report> implements Playable {
  /** Build a run (the engine runs it once to know its length); throws a ScenarioError. */
  static create(scenario: Scenario | string): Run {
    return RunBase.built(scenario, (text) => new Run(new LibrarySimulation(text)));
  }

  /** A benchmark run: "literal", "binds" or "force" (seed 001 Table 2 volume). */
  static bench(workload: string): Run {
    return new Run(LibrarySimulation.bench(workload));
  }

  /** The playback's larger step: until the next statement finishes. */
  stepUnit(): number {
    return this.sim.stepStatement();
  }
  get total(): number {
    return this.sim.total();
  }
  get statementsDone(): number {
    return this.sim.statementsDone();
  }
  get totalStatements(): number {
    return this.sim.totalStatements();
  }
  config(): Config {
    return JSON.parse(this.sim.configJson()) as Config;
  }
  /** Handles on each hash bucket's chain (a copy). */
  chainLengths(): Uint32Array {
    return this.sim.chainLengths();
  }
  /** A bucket's handles in walk order (newest first). */
  chain(bucket: number): ChainEntry[] {
    return JSON.parse(this.sim.chainJson(bucket)) as ChainEntry[];
  }
  /** The heap in address order, CHUNK_WIDTH numbers a chunk (a copy). */
  heapChunks(): Uint32Array {
    return this.sim.heapChunks();
  }
  freeListLengths(): Uint32Array {
    return this.sim.freeListLengths();
  }
  latches(): LatchView[] {
    return JSON.parse(this.sim.latchesJson()) as LatchView[];
  }
  sessions(): SessionView[] {
    return JSON.parse(this.sim.sessionsJson()) as SessionView[];
  }
  /** Seed 001's "Finding literal SQL": cursors grouped by their first `prefixLen` characters. */
  literalSql(prefixLen: number, minCount: number): LiteralGroup[] {
    return JSON.parse(this.sim.literalSqlJson(prefixLen, minCount)) as LiteralGroup[];
  }
  /** V$SQL: the cursors now cached, with their counters and sharable memory. */
  sql(): SqlRow[] {
    return JSON.parse(this.sim.sqlJson()) as SqlRow[];
  }
  object(obj: number): ObjectView | null {
    return JSON.parse(this.sim.objectJson(obj)) as ObjectView | null;
  }
}
