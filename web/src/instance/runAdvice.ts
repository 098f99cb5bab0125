// The model's V$DB_CACHE_ADVICE over a warm cache: the run goes to its middle, the advisory's
// counts there are taken from its counts at the end. Oracle's advisory counts since the
// instance started (or the cache was last resized: Oracle Database Reference,
// V$DB_CACHE_ADVICE), where the first read of each block — a miss at every size — is a
// vanishing share; in a model run of a few dozen accesses a buffer it is not, and it would
// flatten every curve. Runs on the engine already loaded (Node or a Worker).
import type { AdviceRow } from '../sim/generated/buffer/AdviceRow';
import { SimRun } from '../sim/engine';

const defaultRows = (run: SimRun): AdviceRow[] =>
  (run.report().db_cache_advice ?? []).filter((r) => r.name === 'DEFAULT');

/** The DEFAULT pool's advisory rows over the second half of the scenario's run. */
export function adviceOverSecondHalf(scenario: string): AdviceRow[] {
  const run = SimRun.create(scenario);
  try {
    run.seek(Math.floor(run.total / 2));
    const half = defaultRows(run);
    run.runToEnd();
    return defaultRows(run).map((r, i) => ({
      ...r,
      estd_physical_reads: Math.max(
        0.5,
        r.estd_physical_reads - (half[i]?.estd_physical_reads ?? 0),
      ),
    }));
  } finally {
    run.free();
  }
}
