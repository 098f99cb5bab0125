// V$BUFFER_POOL_STATISTICS: the columns a pool row carries besides its name and hit ratio, in
// Oracle's order. The statistics panel lists them; the headless runner's test checks them.
import type { PoolStatistics } from './engine';

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
