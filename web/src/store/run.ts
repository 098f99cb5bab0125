// Helpers that drive one SimRun for the store: building it, sampling its report into the
// chart series, moving it forward in chunks. Nothing here keeps a typed-array view.
import {
  ScenarioError,
  SimRun,
  type EngineLayout,
  type PaperComparison,
  type Playable,
  type Report,
  type Scenario,
} from '../sim/engine';
import { LibRun } from '../sim/library';
import { libPointOf } from '../views/libCharts';
import type { PaperMark, SeriesPoint } from '../views/types';

/** Points a chart series holds for a whole run (plus one for the current position). */
export const SERIES_POINTS = 400;

export interface Built {
  run: SimRun;
  layout: EngineLayout;
}

/** Call the engine; anything it throws becomes a ScenarioError. */
function engineCall<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ScenarioError) throw e;
    throw new ScenarioError('', e instanceof Error ? e.message : String(e));
  }
}

/** A run of `scenario`; throws a ScenarioError (always that type) when the engine refuses it. */
export function build(scenario: Scenario): Built {
  const run = engineCall(() => SimRun.create(scenario));
  return { run, layout: run.layoutInfo() };
}

/** A library cache run of `scenario`; throws a ScenarioError. */
export const buildLibrary = (scenario: Scenario): LibRun =>
  engineCall(() => LibRun.create(scenario));

/** Accesses between two points of the series. */
export const sampleEvery = (total: number) => Math.max(1, Math.ceil(total / SERIES_POINTS));

export function pointOf(report: Report, position: number, seconds: number): SeriesPoint {
  return {
    position,
    seconds,
    pools: report.pools.map((p) => ({
      name: p.name,
      hit_ratio: p.hit_ratio,
      physical_reads: p.physical_reads,
      logical_reads: p.logical_reads,
    })),
  };
}

export const sample = (run: SimRun) => pointOf(run.report(), run.position, run.now);

export const libSample = (run: LibRun) => libPointOf(run.report(), run.position, run.now);

/**
 * Move `run` forward to `target` with events off, stopping at every multiple of `every` to
 * add `point(run)` to `series` (which it extends in place). Stops early when `deadline`
 * (a performance.now() time) has passed.
 */
export function forward<R extends Playable, P>(
  run: R,
  target: number,
  series: P[],
  every: number,
  point: (run: R) => P,
  deadline = Infinity,
): void {
  run.setRecordEvents(false);
  while (run.position < target && !run.done) {
    const next = Math.min(target, (Math.floor(run.position / every) + 1) * every);
    if (run.step(next - run.position) === 0) break;
    if (run.position % every === 0 || run.done) series.push(point(run));
    if (performance.now() > deadline) break;
  }
}

/** The series trimmed to `position` (after stepping back). */
export const seriesUpTo = <P extends { position: number }>(series: P[], position: number) =>
  series.filter((p) => p.position <= position);

/** The paper's published figures, as marks for the charts. */
export function paperMarks(scenario: Scenario | null): PaperMark[] {
  return (scenario?.paper?.rows ?? [])
    .filter((r) => r.pool !== 'TOTAL')
    .map((r) => ({ pool: r.pool, hit_ratio: r.hit_ratio, physical_reads: r.physical_reads }));
}

/** What the store mirrors from a library cache run after every engine call. */
export function libSnapshot(run: LibRun, hasPaper: boolean) {
  return {
    position: run.position,
    total: run.total,
    executions: run.statementsDone,
    totalExecutions: run.totalStatements,
    seconds: run.now,
    done: run.done,
    libReport: run.report(),
    paper: hasPaper ? run.paper() : (null as PaperComparison | null),
  };
}

/** What the store mirrors from the run after every engine call. */
export function snapshot(run: SimRun, hasPaper: boolean) {
  return {
    position: run.position,
    total: run.totalAccesses,
    executions: run.executionsDone,
    totalExecutions: run.totalExecutions,
    seconds: run.now,
    done: run.done,
    report: run.report(),
    paper: hasPaper ? run.paper() : (null as PaperComparison | null),
  };
}
