// Replaying a trace file in a Web Worker and hearing from it: progress (at most ten times a
// second), the report at the end, or the replay's error with the report of what it served
// before. Cancel terminates the worker (a feed in progress stops at once). The panel keeps its
// state with `reduceTrace`, a pure function of the messages (tested without a worker).
import type { Report } from '../sim/engine';
import type { ObjectMap, TraceFormat, TraceOptions } from '../sim/trace';
import type { FeedProgress, FeedResult } from './feed';

/** What the worker is asked: one file, replayed through one scenario's cache. */
export interface ToWorker {
  file: Blob;
  scenarioJson: string;
  options: TraceOptions;
  chunkBytes?: number;
  /** The page's compiled engine, when it has one (see `engineModule`). */
  module?: WebAssembly.Module | null;
}

/** What a replay ended with: the loop's figures and the engine's report. */
export interface TraceSummary extends FeedResult {
  report: Report;
}

export type FromWorker =
  | { kind: 'progress'; progress: FeedProgress }
  | { kind: 'done'; summary: TraceSummary }
  /** `summary`: what was served before the error (null: the replay could not start). */
  | { kind: 'error'; message: string; summary: TraceSummary | null };

/** The worker's shape that the client uses (a real `Worker`, or a fake in tests). */
export interface WorkerLike {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  postMessage(m: ToWorker): void;
  terminate(): void;
}

export interface RunningTrace {
  cancel(): void;
}

const newWorker = (): WorkerLike =>
  new Worker(new URL('./trace.worker.ts', import.meta.url), { type: 'module' }) as WorkerLike;

/** Start replaying `file` through `scenario`'s cache; `listen` hears until done, error or cancel. */
export function startTrace(
  ask: ToWorker,
  listen: (m: FromWorker) => void,
  makeWorker: () => WorkerLike = newWorker,
): RunningTrace {
  const worker = makeWorker();
  let over = false;
  const end = () => {
    over = true;
    worker.terminate();
  };
  worker.onmessage = (e) => {
    if (over) return;
    const m = e.data;
    if (m.kind !== 'progress') end();
    listen(m);
  };
  worker.onerror = (e) => {
    if (over) return;
    end();
    listen({
      kind: 'error',
      message: e.message || 'the trace worker failed to start',
      summary: null,
    });
  };
  worker.postMessage(ask);
  return { cancel: end };
}

/** The mapping rules (trace-contract.md), one line each, as the panel explains them. */
export const MAP_RULES: Record<ObjectMap, string> = {
  direct:
    'object id k is block k of the segments laid end to end in the order listed; an id past the last block is an error',
  dense:
    'ids are numbered 0, 1, 2 … in order of first appearance, then mapped as direct (for hashed 64-bit ids)',
};

export const FORMAT_NOTES: Record<TraceFormat, string> = {
  txt: 'libCacheSim txt: one object id a line, no time',
  csv: "libCacheSim csv: a header's column names choose the columns (else the ids are column 1), or the params below",
  oracleGeneral: 'libCacheSim oracleGeneral: 24-byte binary records (time, id, size, next)',
  project: "the project's CSV: time_ms,object,block,op with a header",
};

/** One replay as the panel shows it. */
export interface TraceState {
  id: number;
  name: string;
  size: number;
  options: TraceOptions;
  phase: 'running' | 'done' | 'error' | 'cancelled';
  progress: FeedProgress;
  /** When the replay started (performance.now()), for accesses/s while it runs. */
  startedAt: number;
  /** When the last progress arrived (same clock). */
  heardAt: number;
  summary: TraceSummary | null;
  error: string | null;
}

export function traceStarted(
  id: number,
  file: { name: string; size: number },
  options: TraceOptions,
  now: number,
): TraceState {
  return {
    id,
    name: file.name,
    size: file.size,
    options,
    phase: 'running',
    progress: { bytes: 0, size: file.size, accesses: 0, memoryBytes: 0 },
    startedAt: now,
    heardAt: now,
    summary: null,
    error: null,
  };
}

/** The state after a message from the worker (or the user's Cancel). */
export function reduceTrace(s: TraceState, m: FromWorker | { kind: 'cancel' }, now: number) {
  if (s.phase !== 'running') return s;
  switch (m.kind) {
    case 'progress':
      return { ...s, progress: m.progress, heardAt: now };
    case 'done':
      return { ...s, phase: 'done' as const, summary: m.summary, progress: progressOf(m.summary) };
    case 'error':
      return {
        ...s,
        phase: 'error' as const,
        error: m.message,
        summary: m.summary,
        progress: m.summary ? progressOf(m.summary) : s.progress,
      };
    case 'cancel':
      return { ...s, phase: 'cancelled' as const };
  }
}

const progressOf = (r: TraceSummary): FeedProgress => ({
  bytes: r.bytes,
  size: r.size,
  accesses: r.accesses,
  memoryBytes: r.peakMemoryBytes,
});

/** Accesses per second of wall time (null before any time has passed). */
export const accessRate = (accesses: number, ms: number) =>
  ms > 0 ? (accesses * 1000) / ms : null;

/** The JSON export of a finished (or stopped) replay: what was replayed, how, and its report. */
export function exportOf(s: TraceState) {
  const r = s.summary;
  return {
    trace: { name: s.name, size: s.size },
    options: s.options,
    outcome: s.phase,
    partial: s.phase !== 'done',
    error: s.error,
    accesses: r?.accesses ?? s.progress.accesses,
    bytes_read: r?.bytes ?? s.progress.bytes,
    wall_ms: r ? Math.round(r.wallMs) : null,
    accesses_per_s: r ? accessRate(r.accesses, r.wallMs) : null,
    peak_wasm_memory_bytes: r?.peakMemoryBytes ?? s.progress.memoryBytes,
    report: r?.report ?? null,
  };
}
