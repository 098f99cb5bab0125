// A script step's statistics for tests: a finished step with nothing counted, `p` on top.
import type { StepStatistics } from './generated/buffer/StepStatistics';

export const stepStatistics = (index: number, p: Partial<StepStatistics> = {}): StepStatistics => ({
  index,
  text: `stmt ${index}`,
  elapsed_s: 0,
  done: true,
  logical_reads: 0,
  physical_reads: 0,
  physical_reads_direct: 0,
  os_cache_hits: 0,
  rows: 0,
  rows_per_s: null,
  avg_read_ms: null,
  ...p,
});
