// From what a report says to a scenario (scenarios/ format) the engine runs: the profile from
// the release, the DEFAULT pool from the cache size, the segments from Segments by Logical Reads
// (each with its share of the logical reads, the rest as one segment), and a workload of
// single-block reads, Zipf within each segment. What the report does not say — how much data
// the DEFAULT pool's reads range over, and how skewed they are within a segment — are the two
// fitted parameters (fit.ts): `footprint` (the blocks read, as a multiple of the cache) and
// `zipf_s`. The report's advisory is relative (read factors against today's size), so the model
// runs the instance at a scale of MODEL_BUFFERS buffers for today's cache: every size in the
// scenario is the report's divided by the same factor, which is what a spatial sample of the
// blocks at that rate runs (docs/model.md §3.4) without the accesses the sample would drop.
import type { ReadReport, SegmentRead } from './types';

/** The DEFAULT pool of the model, in buffers (today's size in the report, scaled). */
export const MODEL_BUFFERS = 1000;
/** Accesses a run makes, per buffer of the model's cache: the first half warms the cache, the
 * advisory is read over the second (runAdvice.ts). */
export const ACCESSES_PER_BUFFER = 80;
/** The model's block size in bytes, whatever the report's (sizes are in buffers). */
export const MODEL_BLOCK = 8192;
/** Top segments kept as segments of their own; the rest are one segment. */
export const TOP_SEGMENTS = 5;

/** The two fitted parameters. */
export interface FitParams {
  /** blocks the DEFAULT pool's reads range over, as a multiple of today's cache */
  footprint: number;
  /** Zipf exponent within each segment (0: uniform) */
  zipf_s: number;
}

/** What the report decides about the model, before the fit. */
export interface InstanceShape {
  profile: string;
  /** DEFAULT pool buffers in the report */
  buffers: number;
  block_size: number;
  /** report buffers per model buffer */
  scale: number;
  /** segments and their share of the logical reads (the rest last) */
  segments: { name: string; type: 'TABLE' | 'INDEX'; share: number }[];
  /** physical reads direct over all physical reads (IO section); null when not read */
  direct_share: number | null;
  /** the share of block reads the model makes as serial direct-path full scans (0: none;
   * set by analyse.ts where the profile reads large scans direct, at most MAX_SCAN_SHARE) */
  scans: number;
  cursor_sharing: string;
}

/** The engine's profile for a release: the last profile at or below it (they are in order). */
export function profileFor(release: string | null, profiles: readonly string[]): string {
  const parts = (v: string) => v.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const below = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
    return true;
  };
  if (release === null) return profiles[profiles.length - 1];
  const r = parts(release);
  let best = profiles[0];
  for (const p of profiles) if (below(parts(p), r)) best = p;
  return best;
}

function segmentType(s: SegmentRead): 'TABLE' | 'INDEX' {
  return /INDEX/i.test(s.type) ? 'INDEX' : 'TABLE';
}

/** The report's instance as the model sees it, or the reason it cannot be modelled. */
export function shapeOf(r: ReadReport, profiles: readonly string[]): InstanceShape | string {
  const block = r.block_size ?? 8192;
  const def = r.pools.find((p) => p.pool === 'DEFAULT');
  const buffers =
    def?.buffers ??
    (r.buffer_cache_bytes !== null ? Math.floor(r.buffer_cache_bytes / block) : null);
  if (buffers === null || buffers <= 0)
    return 'no buffer cache size: neither Cache Sizes nor Buffer Pool Statistics was read';
  const top = r.segments_logical
    .filter((s) => s.share !== null && s.share > 0)
    .slice(0, TOP_SEGMENTS);
  const named = top.reduce((a, s) => a + (s.share ?? 0), 0);
  const segments = top.map((s, i) => ({
    name: `${s.name}`.replace(/[^A-Za-z0-9_$#.]/g, '_').slice(0, 30) || `SEG${i}`,
    type: segmentType(s),
    share: s.share ?? 0,
  }));
  // names must be distinct in a scenario
  const seen = new Set<string>();
  for (const s of segments) {
    let n = s.name;
    for (let k = 2; seen.has(n); k++) n = `${s.name}_${k}`;
    s.name = n;
    seen.add(n);
  }
  if (named < 0.999) segments.push({ name: 'REST_OF_DATABASE', type: 'TABLE', share: 1 - named });
  const io = r.io;
  return {
    profile: profileFor(r.release, profiles),
    buffers,
    block_size: block,
    scale: buffers / MODEL_BUFFERS,
    segments,
    direct_share:
      io.physical_reads && io.physical_reads_direct !== null
        ? io.physical_reads_direct / io.physical_reads
        : null,
    cursor_sharing: (r.init.cursor_sharing ?? 'EXACT').toUpperCase(),
    scans: 0,
  };
}

/** The segment the direct-path reads scan: twice the cache, far above the size from which a
 * serial full scan reads direct (docs/model.md §1.7). */
export const SCAN_SEGMENT = 'DIRECT_SCANS';
export const SCAN_BLOCKS = 2 * MODEL_BUFFERS;
/** At most this share of the model's block reads are scans: a report's 99.99 % would take a run
 * of 10,000 times the cache's accesses; the what-ifs scale the report's own direct reads. */
export const MAX_SCAN_SHARE = 0.9;

/** The model's segments: the footprint shared out by each segment's share of the reads. */
export function modelSegments(
  shape: InstanceShape,
  p: FitParams,
): { name: string; type: 'TABLE' | 'INDEX'; blocks: number; share: number }[] {
  const total = Math.max(shape.segments.length * 2, Math.round(p.footprint * MODEL_BUFFERS));
  return shape.segments.map((s) => ({ ...s, blocks: Math.max(2, Math.round(total * s.share)) }));
}

/** The scenario document (JSON-ready) for a shape and parameters. */
export function scenarioFor(
  shape: InstanceShape,
  p: FitParams,
  title: string,
  over: {
    buffers?: number;
    profile?: string;
    policy?: string;
    init?: Record<string, number>;
    /** size the DEFAULT pool by db_cache_size (10g's parameters, needed beside db_keep_cache_size) */
    bytes?: boolean;
    /** leave out V$DB_CACHE_ADVICE (the what-ifs read only the reads) */
    noAdvice?: boolean;
    /** leave out the direct-path scans (the fit: the advisory never sees them) */
    noScans?: boolean;
  } = {},
): Record<string, unknown> {
  const objects = modelSegments(shape, p).map(({ name, type, blocks }) => ({ name, type, blocks }));
  const accesses = ACCESSES_PER_BUFFER * MODEL_BUFFERS;
  const parts: { weight: number; workload: Record<string, unknown> }[] = shape.segments.map(
    (s, i) => ({
      weight: Math.max(1, Math.round(s.share * 1e6)),
      workload: {
        kind: 'random',
        accesses: accesses,
        segments: [s.name],
        distribution: p.zipf_s > 0 ? 'zipf' : 'uniform',
        ...(p.zipf_s > 0 ? { zipf_s: p.zipf_s } : {}),
        seed: i + 1,
      },
    }),
  );
  let executions = accesses;
  const d = Math.min(MAX_SCAN_SHARE, shape.scans);
  if (d > 0 && !over.noScans) {
    // scans of SCAN_BLOCKS blocks, weighted so that they are d of the blocks read
    const random = parts.reduce((a, x) => a + x.weight, 0);
    const weight = Math.max(1, Math.round((random * d) / ((1 - d) * SCAN_BLOCKS)));
    objects.push({ name: SCAN_SEGMENT, type: 'TABLE', blocks: SCAN_BLOCKS });
    parts.push({ weight, workload: { kind: 'scan', segment: SCAN_SEGMENT, times: 1 } });
    executions = Math.round((accesses * (random + weight)) / random);
  }
  return {
    version: 1,
    title,
    description:
      `Fitted to the report's Buffer Pool Advisory: footprint ${p.footprint} × the cache, ` +
      `zipf_s ${p.zipf_s} (both fitted, docs/instance.md). Sizes are the report's divided by ` +
      `${shape.scale.toFixed(1)} (${shape.buffers} buffers of ${shape.block_size} bytes → ${MODEL_BUFFERS}).` +
      (shape.scans > 0
        ? ` ${(Math.min(MAX_SCAN_SHARE, shape.scans) * 100).toFixed(0)} % of the block reads are full scans of ${SCAN_SEGMENT}, read direct (the report: ${((shape.direct_share ?? 0) * 100).toFixed(1)} % direct).`
        : ''),
    profile: over.profile ?? shape.profile,
    ...(over.policy ? { policy: over.policy } : {}),
    init: {
      ...(over.bytes
        ? { db_cache_size: (over.buffers ?? MODEL_BUFFERS) * MODEL_BLOCK }
        : { db_block_buffers: over.buffers ?? MODEL_BUFFERS }),
      db_cache_advice: over.noAdvice ? 'OFF' : 'ON',
      ...(over.init ?? {}),
    },
    objects,
    workload: { kind: 'mix', executions, seed: 39, parts },
  };
}
