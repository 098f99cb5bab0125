// The fit: the two parameters the report does not give (scenario.ts FitParams) chosen so that
// the model's own V$DB_CACHE_ADVICE (the engine's, docs/sizing.md) matches the report's Buffer
// Pool Advisory on the rows at or below today's size (size factor ≤ 1.0). The rows above 1.0
// are never looked at by the search: they are predictions, and their error is the check.
//
// Both curves are compared as read factors (reads at a size over reads at today's size), since
// the report's advisory counts reads since the instance started or the cache was last resized
// (Oracle Database Reference, V$DB_CACHE_ADVICE) while the model runs a fixed number of
// accesses; the simulated reads shown are the model's factor × the report's reads at 1.0. The
// row the two are normalised at (size factor 1.0) is left out of both medians: its error is 0
// by construction.
import type { AdviceRow } from '../sim/generated/buffer/AdviceRow';
import { scenarioFor, type FitParams, type InstanceShape } from './scenario';
import type { AdvisoryRow } from './types';

/** Runs a scenario (JSON text) and gives its DEFAULT pool's advisory rows over the second half
 * of the run (runAdvice.ts). */
export type AdviceRunner = (scenario: string) => AdviceRow[];

export interface FittedRow {
  size_factor: number;
  report_phys_reads: number;
  simulated_phys_reads: number;
  fitted: boolean;
}

export interface FitResult {
  parameters: FitParams;
  median_rel_err_fitted: number | null;
  median_rel_err_predicted: number | null;
  rows: FittedRow[];
  /** scenarios run by the search */
  runs: number;
}

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The model's read factor at a size factor, linear between the engine's rows (0.1 … 2.0). */
function factorAt(rows: AdviceRow[], sf: number, today: number): number {
  const pts = rows.map((r) => [r.size_factor, r.estd_physical_reads / today] as const);
  if (sf <= pts[0][0]) return pts[0][1];
  for (let i = 1; i < pts.length; i++)
    if (sf <= pts[i][0]) {
      const [x0, y0] = pts[i - 1];
      const [x1, y1] = pts[i];
      return y0 + ((y1 - y0) * (sf - x0)) / (x1 - x0);
    }
  return pts[pts.length - 1][1];
}

/** The report's reads at today's size: the row at size factor 1 (the nearest). */
function todayRow(advisory: AdvisoryRow[]): AdvisoryRow {
  return advisory.reduce((a, r) =>
    Math.abs(r.size_factor - 1) < Math.abs(a.size_factor - 1) ? r : a,
  );
}

/** Both curves and their errors for one parameter pair. */
export function compare(advisory: AdvisoryRow[], sim: AdviceRow[]): FittedRow[] {
  const rep = todayRow(advisory);
  const simToday = factorAt(sim, 1, 1) || 1;
  return advisory.map((r) => ({
    size_factor: r.size_factor,
    report_phys_reads: r.phys_reads,
    simulated_phys_reads: Math.round((factorAt(sim, r.size_factor, 1) / simToday) * rep.phys_reads),
    fitted: r.size_factor <= 1,
  }));
}

const relErr = (r: FittedRow) =>
  Math.abs(r.simulated_phys_reads - r.report_phys_reads) / Math.max(1, r.report_phys_reads);

/** The medians of the relative errors, the normalising row left out. */
export function errors(rows: FittedRow[]): { fitted: number | null; predicted: number | null } {
  const scored = rows.filter((r) => Math.abs(r.size_factor - 1) > 1e-9);
  return {
    fitted: median(scored.filter((r) => r.fitted).map(relErr)),
    predicted: median(scored.filter((r) => !r.fitted).map(relErr)),
  };
}

/** What the search minimises: the median relative error on the fitted rows (the criterion the
 * fit is judged by; a median, so one row of a cliff does not pull the rest), then the mean
 * squared log ratio over them to tell equal medians apart. */
function loss(rows: FittedRow[]): number {
  const f = rows.filter((r) => r.fitted && r.report_phys_reads > 0);
  const sq = f.map((r) => Math.log(Math.max(1, r.simulated_phys_reads) / r.report_phys_reads) ** 2);
  const tie = sq.reduce((a, b) => a + b, 0) / Math.max(1, sq.length);
  return (errors(rows).fitted ?? 1) + 1e-3 * Math.min(1, tie);
}

/** The fewest misses at today's size (over the measured half) a model curve must have. */
export const MIN_MISSES = 100;

const S_GRID = [0, 0.7, 1.4, 2];
const F_GRID = [0.4, 1.2, 4, 15];

/** The fit: a grid, then two rounds of the eight neighbours of the best, each finer. */
export function fit(shape: InstanceShape, advisory: AdvisoryRow[], run: AdviceRunner): FitResult {
  const tried = new Map<string, { p: FitParams; loss: number; rows: FittedRow[] }>();
  const attempt = (p: FitParams) => {
    const q: FitParams = {
      footprint: Math.round(Math.min(40, Math.max(0.2, p.footprint)) * 100) / 100,
      zipf_s: Math.round(Math.min(2, Math.max(0, p.zipf_s)) * 100) / 100,
    };
    const k = `${q.footprint}/${q.zipf_s}`;
    if (!tried.has(k)) {
      const sim = run(JSON.stringify(scenarioFor(shape, q, 'fit', { noScans: true })));
      const rows = compare(advisory, sim);
      // a model curve of a handful of misses is noise, not a shape: never chosen
      const few = factorAt(sim, 1, 1) < MIN_MISSES;
      tried.set(k, { p: q, loss: few ? 10 + loss(rows) : loss(rows), rows });
    }
  };
  const best = () => [...tried.values()].reduce((a, b) => (b.loss < a.loss ? b : a));
  for (const s of S_GRID) for (const f of F_GRID) attempt({ footprint: f, zipf_s: s });
  for (const [ds, df] of [
    [0.25, 1.8],
    [0.12, 1.3],
  ]) {
    const c = best().p;
    for (const a of [-1, 0, 1])
      for (const b of [-1, 0, 1])
        attempt({ zipf_s: c.zipf_s + a * ds, footprint: c.footprint * df ** b });
  }
  const b = best();
  const e = errors(b.rows);
  return {
    parameters: b.p,
    median_rel_err_fitted: e.fitted,
    median_rel_err_predicted: e.predicted,
    rows: b.rows,
    runs: tried.size,
  };
}
