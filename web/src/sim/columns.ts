// V$BUFFER_POOL_STATISTICS: the columns a pool row carries besides its name and hit ratio, in
// Oracle's order. The statistics panel lists them; the headless runner's test checks them.
import type { PoolStatistics } from './engine';
import type { AdviceRow } from './generated/buffer/AdviceRow';

export const POOL_COLUMNS: readonly (keyof PoolStatistics)[] = [
  'set_msize',
  'cnum_repl',
  'cnum_write',
  'cnum_set',
  'buf_got',
  'sum_write',
  'sum_scan',
  'free_buffer_wait',
  'write_complete_wait',
  'buffer_busy_wait',
  'free_buffer_inspected',
  'dirty_buffers_inspected',
  'db_block_change',
  'db_block_gets',
  'consistent_gets',
  'physical_reads',
  'physical_writes',
];

/**
 * V$DB_CACHE_ADVICE's estimate columns, in Oracle's order (Database Reference 9.2, and the two
 * 10g added): the advice panel's table and the SQL console's view.
 */
export const ADVICE_COLUMNS = [
  'size_for_estimate',
  'size_factor',
  'buffers_for_estimate',
  'estd_physical_read_factor',
  'estd_physical_reads',
  'estd_physical_read_time',
  'estd_pct_of_db_time_for_reads',
] as const satisfies readonly (keyof AdviceRow)[];
