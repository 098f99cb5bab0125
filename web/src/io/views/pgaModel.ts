// What the session PGA box shows, as a pure reducer over frames: the last full scan's
// direct-read decision and how many of its blocks were read straight into session memory.
// A script's report carries both per step (exact at any speed); other workloads are followed
// through the step's events (scan_start, direct_read), so they need narrated steps.
import type { Event } from '../../sim/engine';
import type { ScanDecision } from '../../sim/generated/buffer/ScanDecision';
import type { StepStatistics } from '../../sim/generated/buffer/StepStatistics';

export interface PgaState {
  decision: ScanDecision | null;
  /** The scanned segment's index, when an event named it. */
  seg: number | null;
  /** Blocks of this scan read direct so far. */
  read: number;
  /** The script step the scan belongs to (0-based), if a script. */
  step: number | null;
  /** The scan is still going (its step runs, or no later scan began). */
  running: boolean;
  /** Blocks read direct by this frame's events (what to animate). */
  arrived: number;
}

export const EMPTY_PGA: PgaState = {
  decision: null,
  seg: null,
  read: 0,
  step: null,
  running: false,
  arrived: 0,
};

/** The next state from the report's steps (if a script) and the step's events. */
export function nextPga(
  prev: PgaState,
  steps: StepStatistics[] | undefined,
  events: Event[],
  done: boolean,
): PgaState {
  let seg = prev.seg;
  let arrived = 0;
  let decision = prev.decision;
  let read = prev.read;
  for (const e of events) {
    if (e.type === 'scan_start') {
      seg = e.seg;
      decision = e.decision;
      read = 0;
    } else if (e.type === 'direct_read') {
      seg = e.seg;
      arrived++;
      read++;
    }
  }
  if (steps && steps.length > 0) {
    let k = steps.length - 1;
    while (k >= 0 && !steps[k].scan) k--;
    if (k < 0) return { ...EMPTY_PGA, seg, arrived };
    const s = steps[k];
    return {
      decision: s.scan ?? null,
      seg,
      read: s.physical_reads_direct,
      step: s.index,
      running: !s.done,
      arrived,
    };
  }
  // Not a script: the events alone (a jump leaves the last state as it was).
  if (events.length === 0 && decision === prev.decision)
    return { ...prev, running: prev.running && !done, arrived: 0 };
  return { decision, seg, read, step: null, running: !done && decision !== null, arrived };
}

export interface PgaCells {
  cells: number;
  /** Blocks per cell (the last may hold fewer). */
  per: number;
  /** Cells filled (a cell counts once any of its blocks is read). */
  filled: number;
}

/** How many cells stand for the segment, and how many of them are filled. */
export function pgaCells(blocks: number, read: number, maxCells: number): PgaCells {
  const cells = Math.max(1, Math.min(blocks, maxCells));
  const per = Math.max(1, Math.ceil(blocks / cells));
  const used = Math.ceil(blocks / per);
  const filled = Math.min(used, Math.ceil(Math.min(read, blocks) / per));
  return { cells: used, per, filled };
}
