// The typed face of the engine's library cache simulation (seed 001): a scenario whose
// workload is `sql_slammer`. Positions are phases of statements (lookup, execute, unpin).
import { LibrarySimulation } from '../wasm/pkg/cachesim.js';
import { RunBase, type Playable, type Scenario } from './engine';
import type { LcChainEntry } from './generated/LcChainEntry';
import type { LcCursorSharing } from './generated/LcCursorSharing';
import type { LcEvent } from './generated/LcEvent';
import type { LcLatchView } from './generated/LcLatchView';
import type { LcObjectView } from './generated/LcObjectView';
import type { LcSessionView } from './generated/LcSessionView';
import type { LibraryReport } from './generated/LibraryReport';
import type { LiteralGroup } from './generated/LiteralGroup';

export type {
  LcChainEntry,
  LcEvent,
  LcLatchView,
  LcObjectView,
  LcSessionView,
  LibraryReport,
  LiteralGroup,
};
export type { LcReport } from './generated/LcReport';
export type { LcLatch } from './generated/LcLatch';
export type { LcPiece } from './generated/LcPiece';
export type { LcSessionState } from './generated/LcSessionState';
export type { Slammer } from './generated/Slammer';

/** A scenario for the library cache (its workload is seed 001's SQLSlammer). */
export const isLibraryScenario = (s: Scenario): boolean => s.workload.kind === 'sql_slammer';

/** The resolved configuration of a library cache run. */
export interface LibraryConfig {
  pool_bytes: number;
  /** Initial hash buckets (from `_kgl_bucket_count`). */
  buckets: number;
  latches: number;
  cpu_count: number;
  sessions: number;
  cursor_sharing: LcCursorSharing;
  use_nds: boolean;
  use_bindvars: boolean;
  spin_count: number;
  /** Smallest chunk size of each free list. */
  bucket_min: number[];
}

/** Numbers per chunk in `heapChunks()`: offset, size, kind, flags, object. */
export const CHUNK_WIDTH = 5;
export const CHUNK_KIND = ['free', 'recreatable', 'freeable', 'permanent'] as const;
export const CHUNK_PINNED = 1;
export const CHUNK_ON_LRU = 2;
/** `heapChunks()`'s object field for a chunk that belongs to none. */
export const NO_OBJECT = 0xffffffff;

export class LibRun extends RunBase<LibrarySimulation, LcEvent, LibraryReport> implements Playable {
  /** Build a run (the engine runs it once to know its length); throws a ScenarioError. */
  static create(scenario: Scenario | string): LibRun {
    const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
    return RunBase.built(text, () => new LibRun(new LibrarySimulation(text)));
  }

  /** A benchmark run: "literal", "binds" or "force" (seed 001 Table 2 volume). */
  static bench(workload: string): LibRun {
    return new LibRun(LibrarySimulation.bench(workload));
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
  config(): LibraryConfig {
    return JSON.parse(this.sim.configJson()) as LibraryConfig;
  }
  /** Handles on each hash bucket's chain (a copy). */
  chainLengths(): Uint32Array {
    return this.sim.chainLengths();
  }
  /** A bucket's handles in walk order (newest first). */
  chain(bucket: number): LcChainEntry[] {
    return JSON.parse(this.sim.chainJson(bucket)) as LcChainEntry[];
  }
  /** The heap in address order, CHUNK_WIDTH numbers a chunk (a copy). */
  heapChunks(): Uint32Array {
    return this.sim.heapChunks();
  }
  freeListLengths(): Uint32Array {
    return this.sim.freeListLengths();
  }
  latches(): LcLatchView[] {
    return JSON.parse(this.sim.latchesJson()) as LcLatchView[];
  }
  sessions(): LcSessionView[] {
    return JSON.parse(this.sim.sessionsJson()) as LcSessionView[];
  }
  /** Seed 001's "Finding literal SQL": cursors grouped by their first `prefixLen` characters. */
  literalSql(prefixLen: number, minCount: number): LiteralGroup[] {
    return JSON.parse(this.sim.literalSqlJson(prefixLen, minCount)) as LiteralGroup[];
  }
  object(obj: number): LcObjectView | null {
    return JSON.parse(this.sim.objectJson(obj)) as LcObjectView | null;
  }
}
