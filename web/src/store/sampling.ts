// How a run is sampled into a chart series: at most SERIES_POINTS points over the whole run,
// extended as the run moves forward, trimmed when it steps back.
import type { Playable } from '../sim/engine';

/** Points a chart series holds for a whole run (plus one for the current position). */
export const SERIES_POINTS = 400;

/** What every series point has: where in the run it was taken. */
export interface Positioned {
  position: number;
}

/** Steps between two points of the series. */
export const sampleEvery = (total: number) => Math.max(1, Math.ceil(total / SERIES_POINTS));

/**
 * Move `run` forward to `target` with events off, stopping at every multiple of `every` to
 * add `point(run)` to `series` (which it extends in place). Stops early when `deadline`
 * (a performance.now() time) has passed, looked at every `STEP_CHUNK` steps.
 */
/**
 * Steps one engine call may take before the deadline is looked at again: a few ms of work
 * even when an access costs a microsecond (a million buffers, every access a miss).
 */
export const STEP_CHUNK = 4096;

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
    const next = Math.min(
      target,
      (Math.floor(run.position / every) + 1) * every,
      deadline === Infinity ? Infinity : run.position + STEP_CHUNK,
    );
    if (run.step(next - run.position) === 0) break;
    if (run.position % every === 0 || run.done) series.push(point(run));
    if (performance.now() > deadline) break;
  }
}

/** The series trimmed to `position` (after stepping back). */
export const seriesUpTo = <P extends Positioned>(series: P[], position: number) =>
  series.filter((p) => p.position <= position);

/**
 * The sampled series with the current position as its last point (`current` builds it; null
 * when there is no report yet).
 */
export function withCurrent<P extends Positioned>(
  series: P[],
  position: number,
  current: () => P | null,
): P[] {
  const last = series[series.length - 1];
  if (last && last.position === position) return series;
  const now = current();
  if (!now) return series;
  return [...series.filter((p) => p.position < position), now];
}
