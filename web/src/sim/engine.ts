// The typed face of the wasm engine. Everything structured crosses as JSON and is typed by
// the ts-rs bindings in ./generated (written by the engine's `cargo test`); per-frame buffer
// state crosses as typed-array views over wasm memory, fresh on every call.
import init, {
  initSync,
  normalizeScenario as wasmNormalize,
  parameterDocs as wasmParameterDocs,
  Simulation,
  validateScenario as wasmValidate,
} from '../wasm/pkg/cachesim.js';
import type { CacheConfig } from './generated/CacheConfig';
import type { Event } from './generated/Event';
import type { PaperComparison } from './generated/PaperComparison';
import type { ParamDoc } from './generated/ParamDoc';
import type { PoolId } from './generated/PoolId';
import type { Report } from './generated/Report';
import type { Scenario } from './generated/Scenario';
import type { Segment } from './generated/Segment';
import type { XbhRow } from './generated/XbhRow';

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
export type { PoolStatistics } from './generated/PoolStatistics';
export type { WorkloadSpec } from './generated/WorkloadSpec';
export type { Compared } from './generated/Compared';
export type { Profile } from './generated/Profile';

let ready = false;

/** Load the wasm module in the browser (once). */
export async function loadEngine(wasmUrl: string | URL): Promise<void> {
  if (ready) return;
  await init({ module_or_path: wasmUrl });
  ready = true;
}

/** Load the wasm module from its bytes (Node, Vitest). */
export function loadEngineSync(bytes: BufferSource): void {
  if (ready) return;
  initSync({ module: bytes });
  ready = true;
}

/** Bits of a buffer's flags (see `Simulation.flags` in the engine). */
export const FLAG = {
  DIRTY: 1,
  HOT: 2,
  ON_WRITE_LIST: 4,
  WRITING: 8,
  SCAN: 16,
  FREE: 32,
} as const;

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

export interface SetInfo {
  pool: PoolId;
  lo: number;
  hi: number;
  hot_max: number;
  dbwr: number;
}

export interface EngineLayout {
  config: CacheConfig;
  objects: Segment[];
  sets: SetInfo[];
}

/** Per-buffer state, views over wasm memory: read them before the next engine call. */
export interface BufferViews {
  dba: Uint32Array;
  tch: Uint32Array;
  flags: Uint8Array;
  chainLengths: Uint32Array;
}

/** Per set, five numbers: replacement length, hot length, write list, writing, free. */
export const SET_INFO_WIDTH = 5;

/** One simulation run: the opaque handle the UI and the headless runner drive. */
export class SimRun {
  private sim: Simulation;

  private constructor(sim: Simulation) {
    this.sim = sim;
  }

  /** Build a run; a bad scenario throws a ScenarioError naming the field and the limit. */
  static create(scenario: Scenario | string): SimRun {
    const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
    try {
      return new SimRun(new Simulation(text));
    } catch (e) {
      throw validateScenario(text) ?? e;
    }
  }

  /** A benchmark run: workload "seed000" or "zipf-rw", profile "8.0", "8.1.5" or "8.1.6". */
  static bench(workload: string, profile: string): SimRun {
    return new SimRun(Simulation.bench(workload, profile));
  }

  setRecordEvents(on: boolean): void {
    this.sim.setRecordEvents(on);
  }
  /** Serve up to n accesses; returns how many were served. */
  step(n = 1): number {
    return this.sim.step(n);
  }
  stepExecution(): number {
    return this.sim.stepExecution();
  }
  runToEnd(): number {
    return this.sim.runToEnd();
  }
  /** Go to an exact position (accesses done). */
  seek(position: number): void {
    this.sim.seek(position);
  }
  reset(): void {
    this.sim.reset();
  }
  get position(): number {
    return this.sim.position();
  }
  get executionsDone(): number {
    return this.sim.executionsDone();
  }
  get totalAccesses(): number {
    return this.sim.totalAccesses();
  }
  get totalExecutions(): number {
    return this.sim.totalExecutions();
  }
  get done(): boolean {
    return this.sim.done();
  }
  /** Simulated seconds. */
  get now(): number {
    return this.sim.nowSeconds();
  }
  /** The events of the last step call. */
  events(): Event[] {
    return JSON.parse(this.sim.eventsJson()) as Event[];
  }
  report(): Report {
    return JSON.parse(this.sim.reportJson()) as Report;
  }
  paper(): PaperComparison | null {
    return JSON.parse(this.sim.paperJson()) as PaperComparison | null;
  }
  scenario(): Scenario {
    return JSON.parse(this.sim.scenarioJson()) as Scenario;
  }
  layoutInfo(): EngineLayout {
    return JSON.parse(this.sim.configJson()) as EngineLayout;
  }
  xbh(buf: number): XbhRow | null {
    return JSON.parse(this.sim.xbhJson(buf)) as XbhRow | null;
  }
  chain(bucket: number): number[] {
    return JSON.parse(this.sim.chainJson(bucket)) as number[];
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
   * Drawing order of every buffer and five numbers per set (see SET_INFO_WIDTH). Any other
   * engine call may grow wasm memory and detach views: take `views()` last.
   */
  order(): { order: Uint32Array; info: Uint32Array } {
    const order = this.sim.layout();
    return { order, info: this.sim.layoutInfo() };
  }
  free(): void {
    this.sim.free();
  }
}
