// The script timeline's rows: every step of a `script` workload in order, merged with the
// report's per-step statistics (steps so far) and the paper's per-step figures (1-based).
import type { PaperStep } from '../sim/generated/PaperStep';
import type { ScanDecision } from '../sim/generated/buffer/ScanDecision';
import type { ScriptStep } from '../sim/generated/buffer/ScriptStep';
import type { StepStatistics } from '../sim/generated/buffer/StepStatistics';
import type { WorkloadSpec } from '../sim/engine';

/** Where a step's blocks came from. */
export type ReadPath =
  /** Direct path reads into the session (the pools untouched). */
  | 'direct'
  /** Buffer cache misses read from disk. */
  | 'disk'
  /** Buffer cache misses some of which the OS page cache served. */
  | 'os_cache'
  /** Every block found in the buffer cache. */
  | 'cache'
  /** No block read: a statement that changes a setting, a flush. */
  | 'none';

export const PATH_LABEL: Record<ReadPath, string> = {
  direct: 'direct path',
  disk: 'disk → cache',
  os_cache: 'OS cache → cache',
  cache: 'cache hits',
  none: '—',
};

export type StepState = 'pending' | 'running' | 'done';

export interface TimelineRow {
  /** 0-based, as the engine counts. */
  index: number;
  text: string;
  state: StepState;
  /** Simulated seconds so far (0 before the step starts). */
  elapsedS: number;
  path: ReadPath;
  /** True iff the step read blocks direct (`physical_reads_direct` > 0). */
  direct: boolean;
  stats: StepStatistics | null;
  scan: ScanDecision | null;
  /** The paper's figures for the step, if it publishes any. */
  paper: { elapsedS: number | null; rowsPerS: number | null } | null;
}

/** The script's steps, or null when the workload is not a script. */
export function scriptSteps(workload: WorkloadSpec | undefined): ScriptStep[] | null {
  return workload?.kind === 'script' ? workload.steps : null;
}

/** What the timeline calls a step before it runs (the engine's own text once it has). */
export function stepText(step: ScriptStep): string {
  if (step.label) return step.label;
  if (step.sql) return step.sql.trim();
  return step.run ? `run ${step.run.kind}` : 'step';
}

/** How a step read its blocks, from its counts (or its scan decision before any block). */
export function readPath(s: StepStatistics): ReadPath {
  if (s.physical_reads_direct > 0) return 'direct';
  const buffered = s.physical_reads - s.physical_reads_direct;
  if (buffered > 0) return s.os_cache_hits > 0 ? 'os_cache' : 'disk';
  if (s.logical_reads > 0) return 'cache';
  if (s.scan) return s.scan.direct ? 'direct' : 'cache';
  return 'none';
}

export function timelineRows(
  script: ScriptStep[] | null,
  stats: StepStatistics[] | undefined,
  paper: PaperStep[] | undefined,
): TimelineRow[] {
  const byIndex = new Map((stats ?? []).map((s) => [s.index, s]));
  const papers = new Map((paper ?? []).map((p) => [p.step - 1, p]));
  // The script as written; steps the report has and the script lacks (never expected) too.
  const count = Math.max(script?.length ?? 0, ...[...byIndex.keys()].map((i) => i + 1));
  const rows: TimelineRow[] = [];
  for (let index = 0; index < count; index++) {
    const s = byIndex.get(index) ?? null;
    const step = script?.[index];
    const p = papers.get(index);
    rows.push({
      index,
      text: s?.text ?? (step ? stepText(step) : `step ${index + 1}`),
      state: s === null ? 'pending' : s.done ? 'done' : 'running',
      elapsedS: s?.elapsed_s ?? 0,
      path: s ? readPath(s) : 'none',
      direct: (s?.physical_reads_direct ?? 0) > 0,
      stats: s,
      scan: s?.scan ?? null,
      paper: p ? { elapsedS: p.elapsed_s ?? null, rowsPerS: p.rows_per_s ?? null } : null,
    });
  }
  return rows;
}

/** The step being run, or null (before the first, or once the run is over). */
export function currentStep(rows: TimelineRow[]): number | null {
  return rows.find((r) => r.state === 'running')?.index ?? null;
}
