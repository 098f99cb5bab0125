// What the buffer cache's charts plot over the run: per pool, the hit ratio and the reads.
import type { Report, Scenario, SimRun } from '../sim/engine';

export interface SeriesPoint {
  position: number;
  seconds: number;
  pools: {
    name: string;
    hit_ratio: number | null;
    physical_reads: number;
    logical_reads: number;
  }[];
}

/** A paper figure the charts draw as a dashed reference. */
export interface PaperMark {
  pool: string;
  hit_ratio: number;
  physical_reads: number;
}

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

/** The paper's published figures, as marks for the charts. */
export function paperMarks(scenario: Scenario | null): PaperMark[] {
  return (scenario?.paper?.rows ?? [])
    .filter((r) => r.pool !== 'TOTAL')
    .map((r) => ({ pool: r.pool, hit_ratio: r.hit_ratio, physical_reads: r.physical_reads }));
}
