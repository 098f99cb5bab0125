// What the library cache's charts plot over the run (seed 001): hit ratios, parse counts,
// latch sleeps and waits, free-list search length, against simulated seconds or statements.
import type { Scenario } from '../sim/engine';
import type * as library from '../sim/library';

/** A scenario's paper figures (seed 001 gives metrics and the elapsed time). */
type Paper = NonNullable<Scenario['paper']>;

/** One point of the library cache's chart series (sampled as the run goes). */
export interface SeriesPoint {
  position: number;
  /** Simulated seconds (the foreground's clock: the whole run's now). */
  seconds: number;
  statements: number;
  gethitratio: number;
  pinhitratio: number;
  parse_total: number;
  parse_hard: number;
  executions: number;
  lc_sleeps: number;
  sp_sleeps: number;
  latch_free_wait_s: number;
  /** Mean chunks examined per shared pool allocation so far. */
  mean_search: number;
  flushed_chunks: number;
}

/** The paper's final figures the charts can draw (from a scenario's `paper`). */
export interface PaperMarks {
  elapsed_s?: number;
  parse_count_hard?: number;
  latch_free_wait_s?: number;
}

/** The paper's figures a scenario gives (`paper.metrics`, `paper.elapsed_s`). */
export function paperMarks(paper: Paper | null | undefined): PaperMarks {
  const marks: PaperMarks = {};
  if (!paper) return marks;
  const metric = (name: string) => paper.metrics?.find((m) => m.metric === name)?.value;
  const elapsed = paper.elapsed_s ?? metric('elapsed_s');
  if (elapsed !== undefined) marks.elapsed_s = elapsed;
  const hard = metric('parse_count_hard');
  if (hard !== undefined) marks.parse_count_hard = hard;
  const wait = metric('latch_free_wait_s');
  if (wait !== undefined) marks.latch_free_wait_s = wait;
  return marks;
}

/** A chart point from a report (the store's series, plus the current position). */
export function pointOf(r: library.Report, position: number, seconds: number): SeriesPoint {
  const lc = r.library_cache;
  const sleeps = (name: string) => lc.latches.find((l) => l.name === name)?.sleeps ?? 0;
  return {
    position,
    seconds,
    statements: r.statements,
    gethitratio: lc.sql_area.gethitratio,
    pinhitratio: lc.sql_area.pinhitratio,
    parse_total: lc.sysstat.parse_count_total,
    parse_hard: lc.sysstat.parse_count_hard,
    executions: lc.sysstat.execute_count,
    lc_sleeps: sleeps('library cache'),
    sp_sleeps: sleeps('shared pool'),
    latch_free_wait_s: lc.latch_free_wait_s,
    mean_search: lc.shared_pool.mean_search_length,
    flushed_chunks: lc.shared_pool.flushed_chunks,
  };
}

export const sample = (run: library.Run) => pointOf(run.report(), run.position, run.now);
