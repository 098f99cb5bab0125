// The typed face of the wasm engine. Everything structured crosses as JSON and is typed by
// the ts-rs bindings in ./generated (written by the engine's `cargo test`); per-frame buffer
// state crosses as typed-array views over wasm memory, fresh on every call.
import init, {
  bufferConstants as wasmBufferConstants,
  initSync,
  normalizeScenario as wasmNormalize,
  parameterDocs as wasmParameterDocs,
  Simulation,
  validateScenario as wasmValidate,
} from '../wasm/pkg/cachesim.js';
import type { DbCacheAdvice } from './generated/buffer/DbCacheAdvice';
import type { CacheConfig } from './generated/buffer/CacheConfig';
import type { Event } from './generated/buffer/Event';
import type { IoConfig } from './generated/buffer/IoConfig';
import type { LatchCounts } from './generated/buffer/LatchCounts';
import type { PaperComparison } from './generated/PaperComparison';
import type { ParamDoc } from './generated/ParamDoc';
import type { PoolId } from './generated/buffer/PoolId';
import type { Report } from './generated/buffer/Report';
import { Handle, type WasmHandle } from './handle';
import type { Scenario } from './generated/Scenario';
import type { Segment } from './generated/Segment';
import type { XbhRow } from './generated/buffer/XbhRow';
import type { Layout } from './generated/buffer/Layout';
import type { Constants } from './generated/buffer/Constants';
import type { PolicyState } from './generated/buffer/PolicyState';

export type {
  CacheConfig,
  Event,
  PaperComparison,
  ParamDoc,
  PoolId,
  Report,
  Scenario,
  Segment,
  XbhRow,
};
import type { PoolStatistics } from './generated/buffer/PoolStatistics';
export type { PoolStatistics };
export type { WorkloadSpec } from './generated/buffer/WorkloadSpec';
export type { Compared } from './generated/Compared';
export type { Profile } from './generated/Profile';

let ready = false;
let compiled: WebAssembly.Module | null = null;

/** Load the wasm engine in the browser (once): from its URL, or from a module the page has
 *  compiled already (a Worker gets the page's, with the optimised code V8 has made of it so
 *  far, instead of compiling and tiering up its own). */
export async function loadEngine(wasm: string | URL | WebAssembly.Module): Promise<void> {
  if (ready) return;
  const module = wasm instanceof WebAssembly.Module ? wasm : await compileEngine(wasm);
  await init({ module_or_path: module });
  compiled = module;
  ready = true;
}

/** The compiled engine of this page (or process), once loaded: for its Workers (threads). */
export function engineModule(): WebAssembly.Module | null {
  return compiled;
}

async function compileEngine(url: string | URL): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the engine (${String(url)}): HTTP ${response.status}`);
  try {
    return await WebAssembly.compileStreaming(response.clone());
  } catch {
    // a server that does not say application/wasm: compile the bytes instead
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/** Load the wasm module from its bytes, or a module compiled already (Node, Vitest; a worker
 *  thread gets its parent's, as a Web Worker gets the page's). */
export function loadEngineSync(wasm: BufferSource | WebAssembly.Module): void {
  if (ready) return;
  const module = wasm instanceof WebAssembly.Module ? wasm : new WebAssembly.Module(wasm);
  initSync({ module });
  compiled = module;
  ready = true;
}

/**
 * Bits of a buffer's flags (see `Simulation.flags`). Literals, so that the views' per-frame
 * loops need no engine call; `constants.test.ts` pins them to the engine's `bufferConstants()`.
 */
export const FLAG = {
  DIRTY: 1,
  HOT: 2,
  ON_WRITE_LIST: 4,
  WRITING: 8,
  SCAN: 16,
  FREE: 32,
  /** The block is also in the OS page cache (double buffering, seed 003). */
  OS_CACHED: 64,
} as const;

/** `osCache` pages whose block is in no buffer. */
export const NO_BUFFER = 0xffffffff;

/** Segment index and object-relative block of a data block address (0 = free buffer). */
export function splitDba(dba: number): { seg: number; block: number } | null {
  if (dba === 0) return null;
  return { seg: (dba >>> 22) - 1, block: (dba & 0x3fffff) - 1 };
}

/** A scenario the engine refused: `path` is the field (`init.db_block_buffers`). */
export class ScenarioError extends Error {
  readonly path: string;
  readonly detail: string;
  constructor(path: string, detail: string) {
    super(path ? `${path}: ${detail}` : detail);
    this.name = 'ScenarioError';
    this.path = path;
    this.detail = detail;
  }
}

/** Check a scenario; null when it is valid. */
export function validateScenario(scenario: Scenario | string): ScenarioError | null {
  const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
  const r = JSON.parse(wasmValidate(text)) as { path: string; message: string } | null;
  return r ? new ScenarioError(r.path, r.message) : null;
}

/** The scenario with every default filled in; throws a ScenarioError. */
export function normalizeScenario(scenario: Scenario | string): Scenario {
  const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
  try {
    return JSON.parse(wasmNormalize(text)) as Scenario;
  } catch (e) {
    throw validateScenario(text) ?? e;
  }
}

let docs: ParamDoc[] | null = null;
/** The init.ora parameter reference. */
export function parameterDocs(): ParamDoc[] {
  docs ??= JSON.parse(wasmParameterDocs()) as ParamDoc[];
  return docs;
}

export type { SetInfo } from './generated/buffer/SetInfo';
export type { Layout } from './generated/buffer/Layout';

/** Per-buffer state, views over wasm memory: read them before the next engine call. */
/**
 * A working set's policy state as the page reads it (`PolicyState`, whose marks come through
 * JSON as plain numbers, not the generated `bigint`).
 */
export type PolicyView = Omit<PolicyState, 'marks'> & { marks: [number, number | null][] };
export type { Ghost } from './generated/buffer/Ghost';
export type { PolicyParam } from './generated/buffer/PolicyParam';

export interface BufferViews {
  dba: Uint32Array;
  tch: Uint32Array;
  flags: Uint8Array;
  chainLengths: Uint32Array;
}

/** The engine's own per-frame data format (the literals above are checked against it). */
export function bufferConstants(): Constants {
  return JSON.parse(wasmBufferConstants()) as Constants;
}

/** What the playback drives: a buffer cache run (SimRun) or a library cache run (library.Run). */
export interface Playable {
  readonly position: number;
  readonly total: number;
  readonly done: boolean;
  /** Simulated seconds. */
  readonly now: number;
  setRecordEvents(on: boolean): void;
  step(n?: number): number;
  /** The larger step: an execution (buffer cache) or a statement (library cache). */
  stepUnit(): number;
  runToEnd(): number;
  seek(position: number): void;
  reset(): void;
  paper(): PaperComparison | null;
  free(): void;
}

/** The wasm-bindgen methods both simulations (Simulation, LibrarySimulation) have. */
interface WasmRun extends WasmHandle {
  setRecordEvents(on: boolean): void;
  forwardOnly(): void;
  step(n: number): number;
  runToEnd(): number;
  seek(position: number): void;
  reset(): void;
  position(): number;
  done(): boolean;
  eventsJson(): string;
  paperJson(): string;
  scenarioJson(): string;
}

/** What SimRun and library.Run share: a wasm handle, stepped, sought, reported as JSON. */
export abstract class RunBase<S extends WasmRun, E, R> extends Handle<S, R> {
  /**
   * Build a run of `scenario` with `make` (the wasm constructor and the class around it); a
   * failed construction becomes the scenario's error, naming the field, if it has one.
   */
  protected static built<T>(scenario: Scenario | string, make: (text: string) => T): T {
    const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
    try {
      return make(text);
    } catch (e) {
      throw validateScenario(text) ?? e;
    }
  }

  setRecordEvents(on: boolean): void {
    this.sim.setRecordEvents(on);
  }
  /** Up to n steps (accesses, or phases of statements); returns how many were done. */
  step(n = 1): number {
    return this.sim.step(n);
  }
  runToEnd(): number {
    return this.sim.runToEnd();
  }
  /** Take no more snapshots: for a run that only goes forward to its end (a sweep's point). */
  forwardOnly(): void {
    this.sim.forwardOnly();
  }
  /** Go to an exact position. */
  seek(position: number): void {
    this.sim.seek(position);
  }
  reset(): void {
    this.sim.reset();
  }
  get position(): number {
    return this.sim.position();
  }
  get done(): boolean {
    return this.sim.done();
  }
  /** Simulated seconds. */
  get now(): number {
    return this.sim.nowSeconds();
  }
  /** The events of the last step call. */
  events(): E[] {
    return JSON.parse(this.sim.eventsJson()) as E[];
  }
  paper(): PaperComparison | null {
    return JSON.parse(this.sim.paperJson()) as PaperComparison | null;
  }
  scenario(): Scenario {
    return JSON.parse(this.sim.scenarioJson()) as Scenario;
  }
}

/** One simulation run: the opaque handle the UI and the headless runner drive. */
export class SimRun extends RunBase<Simulation, Event, Report> implements Playable {
  /** Build a run; a bad scenario throws a ScenarioError naming the field and the limit. */
  static create(scenario: Scenario | string): SimRun {
    return RunBase.built(scenario, (text) => new SimRun(new Simulation(text)));
  }

  /** A benchmark run: workload "seed000" or "zipf-rw", profile "8.0", "8.1.5" or "8.1.6". */
  static bench(workload: string, profile: string): SimRun {
    return new SimRun(Simulation.bench(workload, profile));
  }

  stepExecution(): number {
    return this.sim.stepExecution();
  }
  /** The playback's larger step: one whole execution. */
  stepUnit(): number {
    return this.stepExecution();
  }
  get executionsDone(): number {
    return this.sim.executionsDone();
  }
  get totalAccesses(): number {
    return this.sim.totalAccesses();
  }
  /** Positions in the run (accesses), as the playback counts them. */
  get total(): number {
    return this.totalAccesses;
  }
  get totalExecutions(): number {
    return this.sim.totalExecutions();
  }
  /** Each pool's statistics now: the report's `pools`, cheaper than the whole report. */
  poolStatistics(): PoolStatistics[] {
    return JSON.parse(this.sim.poolStatisticsJson()) as PoolStatistics[];
  }
  layoutInfo(): Layout {
    return JSON.parse(this.sim.configJson()) as Layout;
  }
  xbh(buf: number): XbhRow | null {
    return JSON.parse(this.sim.xbhJson(buf)) as XbhRow | null;
  }
  /**
   * The policy's state of working set `set` (ghost lists, hand, marks, adaptive numbers), or
   * null past the last set. Read it before `order()` and `views()` (JSON may grow memory).
   */
  policyState(set: number): PolicyView | null {
    return JSON.parse(this.sim.policyStateJson(set)) as PolicyView | null;
  }
  chain(bucket: number): number[] {
    return JSON.parse(this.sim.chainJson(bucket)) as number[];
  }
  /**
   * The OS page cache, most recently used page first, at most `limit` pages: pairs
   * `[dba, buffer]` (buffer NO_BUFFER when only the OS holds the block). Empty when reads
   * bypass it. A copy, safe to keep.
   */
  osCache(limit: number): Uint32Array {
    return this.sim.osCache(limit);
  }
  /**
   * V$DB_CACHE_ADVICE so far: 20 rows per pool with Oracle's columns, and how each pool's
   * rows were made (stack distances or shadow caches). Null unless `db_cache_advice = ON`.
   */
  advice(): DbCacheAdvice | null {
    return JSON.parse(this.sim.adviceJson()) as DbCacheAdvice | null;
  }
  /** The I/O settings now; a script's statements change them as it runs. */
  ioConfig(): IoConfig {
    return JSON.parse(this.sim.ioConfigJson()) as IoConfig;
  }
  /**
   * Every buffer header as columns `[set…, prev…, next…, tim…]` (each `totalBuffers` long;
   * −1: no neighbour; `next` toward the LRU tail; seconds): the SQL console's X$BH. A copy.
   */
  headerColumns(): Float64Array {
    return this.sim.headerColumns();
  }
  /** Gets of every cache buffers chains child and every working set's LRU latch so far. */
  latchCounts(): LatchCounts {
    return JSON.parse(this.sim.latchCountsJson()) as LatchCounts;
  }
  /** Each buffer's cache buffers chains child (−1: free): the console's X$BH.HLADDR. A copy. */
  bufferLatches(): Int32Array {
    return this.sim.bufferLatches();
  }
  views(): BufferViews {
    return {
      dba: this.sim.dba(),
      tch: this.sim.tch(),
      flags: this.sim.flags(),
      chainLengths: this.sim.chainLengths(),
    };
  }
  /**
   * Drawing order of every buffer and `layout.set_info_width` numbers per set (one per region
   * of the policy, then write list, writing, free: `Layout`). Any other
   * engine call may grow wasm memory and detach views: take `views()` last.
   */
  order(): { order: Uint32Array; info: Uint32Array } {
    const order = this.sim.layout();
    return { order, info: this.sim.layoutInfo() };
  }
}
