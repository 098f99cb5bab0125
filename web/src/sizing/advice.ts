// V$DB_CACHE_ADVICE on the page (issue 10, item 4): the engine's rows grouped per pool, the
// row of today's size, and the `db_cache_advice` switch of a scenario. The rows themselves
// come from the engine (wasm-core/engine/src/buffer/advice): exact stack distances under 8.0
// when the pool is plain LRU, shadow caches running the real replacement code otherwise.
import { ADVICE_COLUMNS } from '../sim/columns';
import type { Scenario } from '../sim/engine';
import type { AdviceMethod } from '../sim/generated/buffer/AdviceMethod';
import type { AdviceRow } from '../sim/generated/buffer/AdviceRow';
import type { DbCacheAdvice } from '../sim/generated/buffer/DbCacheAdvice';

export type { AdviceRow, DbCacheAdvice };

/** One pool's advice: its 20 rows by size, and the row of today's size. */
export interface PoolCurve {
  name: string;
  currentBuffers: number;
  method: AdviceMethod;
  /** Why the shadow caches were needed, or why the pool has no rows. */
  reason: string;
  rows: AdviceRow[];
  current: AdviceRow | null;
}

/** Oracle's columns in V$DB_CACHE_ADVICE order (the table shows these; so does the SQL view). */
export { ADVICE_COLUMNS };

export const METHOD_TEXT: Record<AdviceMethod, string> = {
  stack_distance: 'one pass of LRU stack distances (Mattson): exact',
  shadow_caches: 'shadow caches of every size fed the same accesses: exact',
};

/** The pools of an advice, in V$BUFFER_POOL order, each with its rows sorted by size. */
export function poolCurves(advice: DbCacheAdvice): PoolCurve[] {
  return advice.pools.map((p) => {
    const rows = advice.rows
      .filter((r) => r.name === p.name)
      .sort((a, b) => a.buffers_for_estimate - b.buffers_for_estimate);
    return {
      name: p.name,
      currentBuffers: p.current_buffers,
      method: p.method,
      reason: p.reason,
      rows,
      current: rows.find((r) => r.buffers_for_estimate === p.current_buffers) ?? null,
    };
  });
}

const KEY = 'db_cache_advice';

/** The scenario's `db_cache_advice` (init.ora names are case-insensitive), default OFF. */
export function adviceSetting(s: Scenario | null): string {
  const init = (s?.init ?? {}) as Record<string, unknown>;
  const k = Object.keys(init).find((n) => n.toLowerCase() === KEY);
  const v = k === undefined ? 'OFF' : init[k];
  return typeof v === 'string' ? v.trim().toUpperCase() : String(v).toUpperCase();
}

/** The scenario with `db_cache_advice` set to `value` (other spellings of the name dropped). */
export function withAdvice(s: Scenario, value: 'ON' | 'OFF'): Scenario {
  const init = { ...((s.init ?? {}) as Record<string, unknown>) };
  for (const n of Object.keys(init)) if (n.toLowerCase() === KEY) delete init[n];
  init[KEY] = value;
  return { ...s, init } as Scenario;
}

/** A column's value as the table shows it. */
export function cell(r: AdviceRow, c: (typeof ADVICE_COLUMNS)[number]): string {
  const v = r[c];
  if (v === null) return '—';
  switch (c) {
    case 'size_for_estimate':
      return v.toFixed(v < 10 ? 3 : 1);
    case 'size_factor':
    case 'estd_physical_read_factor':
      return v.toFixed(4);
    case 'estd_physical_read_time':
      return v.toFixed(v < 10 ? 3 : 1);
    case 'estd_pct_of_db_time_for_reads':
      return v.toFixed(1);
    default:
      return v.toLocaleString('en');
  }
}
