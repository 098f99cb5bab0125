// Miss-ratio curves, the pure part: which sizes, which policies by default, how the work is
// split among Workers, and the results as chart rows and CSV.
import type { SizePoint } from '../sim/mrc';

/** Sizes per curve. */
export const POINTS = 20;
/** The model's smallest DEFAULT pool (50 buffers per LRU latch): no simulation goes below. */
export const MIN_BUFFERS = 50;

/**
 * The 20 cache sizes, in buffers: evenly spaced from 1/20 of the top (at least the model's
 * smallest pool, 50) to the top = 1¼ × the working set (the distinct blocks the workload
 * references), or the scenario's own size when that is larger — so the curve reaches its
 * floor (every block fits: only first references miss) and today's size is on the chart.
 */
export function curveSizes(distinct: number, current: number): number[] {
  const hi = Math.max(Math.ceil(distinct * 1.25), current, MIN_BUFFERS + POINTS - 1);
  const lo = Math.max(MIN_BUFFERS, Math.round(hi / POINTS));
  const out: number[] = [];
  for (let i = 0; i < POINTS; i++) {
    const v = Math.round(lo + ((hi - lo) * i) / (POINTS - 1));
    if (out[out.length - 1] !== v) out.push(v);
  }
  return out;
}

/** The policies ticked at first: the profile's own rules, LRU, ARC and OPT (those registered). */
export function defaultPolicies(names: string[], oracle: string): string[] {
  return [...new Set([oracle, 'lru', 'arc', 'opt'])].filter((n) => names.includes(n));
}

/** One unit of work: a stack policy's whole curve, or one policy at one size. */
export interface Task {
  policy: string;
  sizes: number[];
}

/** The work of a run: each stack policy whole (first: the longest tasks start before the
 * short ones, so they go to different Workers), then every other policy size by size. */
export function planTasks(policies: string[], sizes: number[], stack: string[]): Task[] {
  const whole = policies.filter((p) => stack.includes(p)).map((policy) => ({ policy, sizes }));
  const each = policies
    .filter((p) => !stack.includes(p))
    .flatMap((policy) => sizes.map((s) => ({ policy, sizes: [s] })));
  return [...whole, ...each];
}

/** A curve's point: misses and accesses, or why it could not run. */
export interface Point {
  size: number;
  misses: number | null;
  accesses: number | null;
  error?: string;
}

/** Points by policy, each in size order as they arrive. */
export type Curves = Record<string, Point[]>;

export function addPoints(curves: Curves, policy: string, points: Point[]): Curves {
  const all = [...(curves[policy] ?? []), ...points].sort((a, b) => a.size - b.size);
  return { ...curves, [policy]: all };
}

export const fromSizePoint = (p: SizePoint): Point => ({
  size: p.size,
  misses: p.misses,
  accesses: p.accesses,
});

export const missRatio = (p: Point | undefined): number | null =>
  p && p.misses !== null && p.accesses ? p.misses / p.accesses : null;

/** A chart row: one size, each policy's miss ratio there (null: not yet, or refused). */
export interface Row {
  size: number;
  ratio: Record<string, number | null>;
}

export function toRows(curves: Curves, sizes: number[]): Row[] {
  return sizes.map((size) => ({
    size,
    ratio: Object.fromEntries(
      Object.entries(curves).map(([policy, pts]) => [
        policy,
        missRatio(pts.find((p) => p.size === size)),
      ]),
    ),
  }));
}

/** The points done out of all asked (a stack curve counts as its sizes). */
export const pointsDone = (curves: Curves) =>
  Object.values(curves).reduce((n, pts) => n + pts.length, 0);

/**
 * The curves as one table (CSV/JSON export): a row per policy and size, the policies in
 * `order` (the run's, not the order their points happened to arrive from the Workers in).
 */
export function curveRows(curves: Curves, stack: string[], order: string[] = Object.keys(curves)) {
  return order.flatMap((policy) =>
    (curves[policy] ?? []).map((p) => ({
      policy,
      method: stack.includes(policy) ? 'one-pass stack' : 'simulated',
      cache_buffers: p.size,
      misses: p.misses,
      accesses: p.accesses,
      miss_ratio: missRatio(p),
      error: p.error ?? null,
    })),
  );
}
