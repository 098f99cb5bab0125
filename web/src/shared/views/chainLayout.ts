// Pure helpers of the cache buffers chains view: the engine's hash function (so the view can
// say which bucket a buffer hangs on), the bucket strip's geometry and the walk of a lookup.
import type { Event } from '../../sim/engine';

/**
 * The engine's hash (wasm-core/engine/src/buffer/cache/hash/mod.rs), bit for bit:
 * `h = dba ^ (dba >> 16); h = h × 0x45D9F3B (mod 2^32); h = h ^ (h >> 16); bucket = h mod buckets`.
 */
export function hashDba(dba: number): number {
  let h = (dba ^ (dba >>> 16)) >>> 0;
  h = Math.imul(h, 0x045d9f3b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export function bucketOf(dba: number, buckets: number): number {
  return hashDba(dba) % buckets;
}

export interface Strip {
  x: number;
  y: number;
  /** Cells across and down; each cell shows `per` consecutive buckets (1 unless huge). */
  cols: number;
  rows: number;
  per: number;
  /** Cell pitch in CSS px (a whole number of device pixels). */
  pitch: number;
  width: number;
  height: number;
}

/**
 * The bucket strip: the largest square cells for which every bucket fits in width × height.
 * When the latches are fewer than the columns, the columns are a multiple of the latch
 * count, so each column is covered by one latch.
 */
export function stripGeom(
  buckets: number,
  latches: number,
  width: number,
  height: number,
  dpr: number,
): Strip {
  const W = Math.max(1, Math.floor(width * dpr));
  const H = Math.max(1, Math.floor(height * dpr));
  for (let d = Math.floor(24 * dpr); d >= 1; d--) {
    let cols = Math.floor(W / d);
    if (latches > 1 && latches <= cols && cols < buckets) cols -= cols % latches;
    const rows = Math.ceil(buckets / cols);
    if (rows * d <= H) {
      const c = Math.min(cols, buckets);
      return {
        x: 0,
        y: 0,
        cols: c,
        rows,
        per: 1,
        pitch: d / dpr,
        width: (c * d) / dpr,
        height: (rows * d) / dpr,
      };
    }
  }
  const per = Math.ceil(buckets / (W * H));
  const cells = Math.ceil(buckets / per);
  const rows = Math.ceil(cells / W);
  return { x: 0, y: 0, cols: W, rows, per, pitch: 1 / dpr, width: W / dpr, height: rows / dpr };
}

/** Top-left of the cell that shows bucket `b`. */
export function bucketXY(s: Strip, b: number): { x: number; y: number } {
  const c = Math.floor(b / s.per);
  return { x: s.x + (c % s.cols) * s.pitch, y: s.y + Math.floor(c / s.cols) * s.pitch };
}

/** The bucket under (px, py), or null. */
export function bucketAt(s: Strip, buckets: number, px: number, py: number): number | null {
  const col = Math.floor((px - s.x) / s.pitch);
  const row = Math.floor((py - s.y) / s.pitch);
  if (col < 0 || row < 0 || col >= s.cols || row >= s.rows) return null;
  const b = (row * s.cols + col) * s.per;
  return b < buckets ? b : null;
}

export interface Lookup {
  bucket: number;
  latch: number;
  walked: number;
  chainLen: number;
  found: number | null;
  /** The access that looked: its segment, block and DBA. */
  seg: number | null;
  block: number | null;
  dba: number | null;
  /** The buffer a miss read the block into (hung at the head of the chain), if any. */
  inserted: number | null;
}

/** The cache buffers chains lookup of a step, from its events (null when there was none). */
export function lookupOf(events: Event[]): Lookup | null {
  let access: Extract<Event, { type: 'access' }> | null = null;
  let walk: Extract<Event, { type: 'chain_walk' }> | null = null;
  let inserted: number | null = null;
  for (const e of events) {
    if (e.type === 'access') access = e;
    else if (e.type === 'chain_walk') walk = e;
    else if (e.type === 'insert') inserted = e.buf;
  }
  if (!walk) return null;
  return {
    bucket: walk.bucket,
    latch: walk.latch,
    walked: walk.walked,
    chainLen: walk.chain_len,
    found: walk.found,
    seg: access?.seg ?? null,
    block: access?.block ?? null,
    dba: access?.dba ?? null,
    inserted: walk.found === null ? inserted : null,
  };
}

/**
 * The headers the walk compared, in order, on the chain as it is now. A miss hangs the new
 * buffer at the head after the walk, so the walk is over the rest of the chain.
 */
export function walkedHeaders(chain: number[], look: Lookup): number[] {
  const before = look.inserted !== null && chain[0] === look.inserted ? chain.slice(1) : chain;
  return before.slice(0, look.walked);
}

/**
 * How a caption names the lookup it still shows when this frame drew none: "last lookup" when
 * it is the run's last (the position has not moved since), else the position it was drawn at
 * — after a seek, a run to the end or a full-speed play the lookups since were not drawn, and
 * the one shown is not the last (issue 26 #4).
 */
export function lastLookupLabel(at: number | null, now: number | undefined): string {
  if (at === null || now === undefined || at === now) return 'last lookup: ';
  return `lookup drawn at #${at.toLocaleString('en')} (now #${now.toLocaleString('en')}): `;
}
