// The questions Oracle's advisory cannot answer, asked of the fitted model: a KEEP pool for the
// hottest segment, another profile (another release's rules), another replacement policy,
// _db_percent_hot_default, a cache far outside the advisory's 0.1 … 2.0. Each runs the fitted
// scenario changed in one thing and reads the physical reads over the warm second half of the
// run; the prediction is the report's own figure scaled by the model's ratio (changed over
// unchanged), so the report's figures are where every row starts. Direct path reads bypass the
// cache and stay what the report says.
import { SimRun } from '../sim/engine';
import {
  MODEL_BLOCK,
  MODEL_BUFFERS,
  modelSegments,
  scenarioFor,
  type FitParams,
  type InstanceShape,
} from './scenario';
import type { ReadReport } from './types';

export interface WhatIf {
  name: string;
  /** what changed, in the scenario's own terms */
  change: string;
  physical_reads_per_s: number | null;
  hit_ratio: number | null;
  hard_parses_per_s: number | null;
}

/** Reads through the cache (every pool) and direct-path reads over the second half of a run
 * (the first warms the caches). */
export function readsOverSecondHalf(scenario: string): { cache: number; direct: number } {
  const run = SimRun.create(scenario);
  const read = () => {
    const r = run.report();
    // the pools' physical reads are the cache's; direct-path reads are counted apart
    return { cache: r.total.physical_reads, direct: r.io?.physical_reads_direct ?? 0 };
  };
  try {
    run.seek(Math.floor(run.total / 2));
    const half = read();
    run.runToEnd();
    const end = read();
    return { cache: end.cache - half.cache, direct: end.direct - half.direct };
  } finally {
    run.free();
  }
}

type Variant = {
  name: string;
  change: string;
  over: Parameters<typeof scenarioFor>[3];
  keep?: boolean;
};

/** The changes asked about, in the order the table shows them. */
function variants(shape: InstanceShape, p: FitParams, profiles: readonly string[]): Variant[] {
  const top = modelSegments(shape, p)[0];
  const other =
    profiles.includes('10.2.0.5') && shape.profile !== '10.2.0.5' ? '10.2.0.5' : '8.1.6';
  const out: Variant[] = [
    {
      name: 'Cache × 0.5',
      change: `db_block_buffers ${MODEL_BUFFERS / 2} (half today's)`,
      over: { buffers: MODEL_BUFFERS / 2 },
    },
    {
      name: 'Cache × 4 (outside the advisory)',
      change: `db_block_buffers ${MODEL_BUFFERS * 4} (the advisory stops at 2.0)`,
      over: { buffers: MODEL_BUFFERS * 4 },
    },
    { name: `Profile ${other}`, change: `profile ${other}`, over: { profile: other } },
    { name: 'Policy LRU', change: 'policy lru (textbook LRU)', over: { policy: 'lru' } },
    {
      name: '_db_percent_hot_default = 25',
      change: '_db_percent_hot_default 25 (hot region a quarter of the pool)',
      over: { init: { _db_percent_hot_default: 25 } },
    },
  ];
  if (top && top.name !== 'REST_OF_DATABASE')
    out.splice(2, 0, {
      name: `KEEP pool for ${top.name}`,
      change: `db_keep_cache_size ${top.blocks} buffers, ${top.name} in KEEP`,
      over: { init: { db_keep_cache_size: top.blocks * MODEL_BLOCK }, bytes: true },
      keep: true,
    });
  return out;
}

/** The what-if table: today's row (the report's figures) and one per change. */
export function whatIfs(
  r: ReadReport,
  shape: InstanceShape,
  p: FitParams,
  profiles: readonly string[],
): WhatIf[] {
  const lp = r.load_profile;
  const direct = shape.direct_share ?? 0;
  const cacheReads =
    lp.physical_reads_per_s === null ? null : lp.physical_reads_per_s * (1 - direct);
  const directReads = lp.physical_reads_per_s === null ? null : lp.physical_reads_per_s * direct;
  const today: WhatIf = {
    name: 'Today (the report)',
    change: 'none',
    physical_reads_per_s: lp.physical_reads_per_s,
    hit_ratio: hitRatio(cacheReads, lp.logical_reads_per_s),
    hard_parses_per_s: lp.hard_parses_per_s,
  };
  const base = readsOverSecondHalf(
    JSON.stringify(scenarioFor(shape, p, 'today', { noAdvice: true })),
  );
  const rows = [today];
  for (const v of variants(shape, p, profiles)) {
    const doc = scenarioFor(shape, p, v.name, { ...v.over, noAdvice: true });
    if (v.keep) {
      const objects = doc.objects as { name: string; buffer_pool?: string }[];
      objects[0].buffer_pool = 'KEEP';
    }
    let cache: number | null = null;
    let direct: number | null = directReads;
    let note = v.change;
    try {
      const got = readsOverSecondHalf(JSON.stringify(doc));
      // each part scaled by the model's ratio; the direct reads a profile without serial direct
      // reads moves into the cache come at the report's direct rate, and their misses with them
      const moved = base.direct > 0 ? Math.max(0, base.direct - got.direct) / base.direct : 0;
      if (cacheReads !== null && base.cache > 0)
        cache =
          (cacheReads * Math.max(0, got.cache - moved * base.direct)) / base.cache +
          (directReads ?? 0) * moved;
      if (directReads !== null && base.direct > 0)
        direct = (directReads * got.direct) / base.direct;
    } catch (e) {
      note = `${v.change}: refused: ${(e as Error).message}`;
    }
    rows.push({
      name: v.name,
      change: note,
      physical_reads_per_s: cache === null || direct === null ? null : round(cache + direct),
      hit_ratio: hitRatio(cache, lp.logical_reads_per_s),
      hard_parses_per_s: lp.hard_parses_per_s,
    });
  }
  return rows;
}

const round = (x: number) => Math.round(x * 10) / 10;

function hitRatio(cacheReads: number | null, logical: number | null): number | null {
  if (cacheReads === null || logical === null || logical <= 0) return null;
  return Math.round(Math.max(0, 1 - cacheReads / logical) * 10000) / 10000;
}
