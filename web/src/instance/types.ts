// What the reader takes from an AWR or Statspack report (web/src/instance/interpret.ts), as the
// CLI prints it under "read" and the page shows it.
import type { ReportFormat } from './doc';

export type SectionStatus = 'read' | 'missing' | 'refused';

/** One section the reader looks for, and what became of it. */
export interface SectionRead {
  name: string;
  status: SectionStatus;
  reason: string;
}

export interface LoadProfile {
  logical_reads_per_s: number | null;
  physical_reads_per_s: number | null;
  block_changes_per_s: number | null;
  parses_per_s: number | null;
  hard_parses_per_s: number | null;
  executes_per_s: number | null;
}

export interface PoolRead {
  pool: 'DEFAULT' | 'KEEP' | 'RECYCLE';
  buffers: number | null;
  hit_pct: number | null;
  buffer_gets: number | null;
  physical_reads: number | null;
}

/** One row of the Buffer Pool Advisory (DEFAULT pool of the standard block size). */
export interface AdvisoryRow {
  size_mb: number;
  /** size over the row the report marks as today's (recomputed: Statspack prints one decimal) */
  size_factor: number;
  phys_reads: number;
}

export interface SegmentRead {
  owner: string;
  name: string;
  type: string;
  value: number;
  /** share of the interval's total, 0 … 1 */
  share: number | null;
}

export interface LibraryRow {
  namespace: string;
  get_requests: number | null;
  get_pct_miss: number | null;
  pin_requests: number | null;
  reloads: number | null;
}

export interface LatchRow {
  name: string;
  get_requests: number | null;
  pct_get_miss: number | null;
}

export interface SharedPoolAdviceRow {
  size_mb: number;
  size_factor: number;
  est_lc_load_time_s: number | null;
}

/** Everything read, each field null or empty when its section did not give it. */
export interface ReadReport {
  kind: 'AWR' | 'Statspack';
  format: ReportFormat;
  release: string | null;
  platform: string | null;
  rac: boolean | null;
  cdb: boolean | null;
  elapsed_s: number | null;
  block_size: number | null;
  buffer_cache_bytes: number | null;
  shared_pool_bytes: number | null;
  init: Record<string, string>;
  load_profile: LoadProfile;
  efficiency: {
    buffer_hit_pct: number | null;
    soft_parse_pct: number | null;
    library_hit_pct: number | null;
  };
  pools: PoolRead[];
  advisory: AdvisoryRow[];
  segments_logical: SegmentRead[];
  segments_physical: SegmentRead[];
  io: {
    physical_reads: number | null;
    physical_reads_direct: number | null;
    physical_reads_cache: number | null;
  };
  library: LibraryRow[];
  latches: LatchRow[];
  shared_pool_advisory: SharedPoolAdviceRow[];
  sections: SectionRead[];
  /** which section each field came from: field name → section name */
  origin: Record<string, string>;
}
