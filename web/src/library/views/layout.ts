// Pure helpers of the library cache views: the lookup a step's events describe, the shared
// pool as a wrapped band of pixel columns (chunks → columns), the free-list bars and the
// search an allocation made over them, and the colours of chunk classes.
import { CHUNK_ON_LRU, CHUNK_PINNED, CHUNK_WIDTH } from '../../sim/library';
import type * as library from '../../sim/library';

// ---------- the hash table ----------

/** The child latch covering bucket `b` (`_kgl_latch_count` 0 means one latch). */
export const latchOf = (b: number, latches: number): number => b % Math.max(1, latches);

export interface ChainStats {
  buckets: number;
  handles: number;
  longest: number;
  empty: number;
}

export function chainStats(lengths: ArrayLike<number>): ChainStats {
  let handles = 0;
  let longest = 0;
  let empty = 0;
  for (let b = 0; b < lengths.length; b++) {
    const n = lengths[b];
    handles += n;
    if (n > longest) longest = n;
    if (n === 0) empty++;
  }
  return { buckets: lengths.length, handles, longest, empty };
}

type Ev<T extends library.Event['type']> = Extract<library.Event, { type: T }>;

/** A library cache lookup: the statement, its bucket and the walk of its chain. */
export interface Lookup {
  session: number;
  text: string;
  /** The text CURSOR_SHARING=FORCE hashed instead (literals replaced), or null. */
  forced: string | null;
  hash: number | null;
  bucket: number;
  latch: number | null;
  /** Handles compared and the chain's length (null until the walk is done). */
  walked: number | null;
  chainLen: number | null;
  /** The object found (soft parse), or null: a hard parse follows. */
  found: number | null;
}

/** The last lookup of a step (statement + its chain walk), or null when there was none. */
export function lookupOf(events: library.Event[]): Lookup | null {
  let look: Lookup | null = null;
  for (const e of events) {
    if (e.type === 'statement') {
      look = {
        session: e.session,
        text: e.text,
        forced: e.forced,
        hash: e.hash,
        bucket: e.bucket,
        latch: e.latch,
        walked: null,
        chainLen: null,
        found: null,
      };
    } else if (e.type === 'chain_walk') {
      const base: Lookup =
        look && look.session === e.session && look.bucket === e.bucket
          ? look
          : {
              session: e.session,
              text: '',
              forced: null,
              hash: null,
              bucket: e.bucket,
              latch: null,
              walked: null,
              chainLen: null,
              found: null,
            };
      look = { ...base, walked: e.walked, chainLen: e.chain_len, found: e.found };
    }
  }
  return look;
}

/** The parses of a step (a hard parse's handle is hung at the head of its chain). */
export function parsesOf(
  events: library.Event[],
): { obj: number; session: number; hard: boolean }[] {
  const out: { obj: number; session: number; hard: boolean }[] = [];
  for (const e of events)
    if (e.type === 'hard_parse' || e.type === 'soft_parse')
      out.push({ obj: e.obj, session: e.session, hard: e.type === 'hard_parse' });
  return out;
}

export function rehashOf(events: library.Event[]): Ev<'rehash'> | null {
  let r: Ev<'rehash'> | null = null;
  for (const e of events) if (e.type === 'rehash') r = e;
  return r;
}

/**
 * The rows of a chain a lookup compared: `count` handles from `start` (newest first), and
 * the row found. A handle hung at the head after the walk (`inserted`) was not compared.
 */
export function walkedRows(
  chain: library.ChainEntry[],
  look: Pick<Lookup, 'walked' | 'found'>,
  inserted: number | null,
): { start: number; count: number; foundRow: number | null } {
  const start = look.found === null && inserted !== null && chain[0]?.obj === inserted ? 1 : 0;
  const found = look.found === null ? -1 : chain.findIndex((h) => h.obj === look.found);
  const count = Math.max(0, Math.min(look.walked ?? 0, chain.length - start));
  return { start, count: found >= 0 ? found + 1 : count, foundRow: found >= 0 ? found : null };
}

// ---------- the shared pool ----------

/** Chunk classes as drawn: the kind, with recreatable split by whether it can be flushed. */
export const CLASS_LABEL = [
  'free',
  'recreatable, unpinned (on the LRU)',
  'recreatable, pinned',
  'freeable',
  'permanent',
] as const;
export const CLASS_COLOR = ['#dde1e7', '#7cc0f5', '#1f5fa6', '#f0a030', '#4b515a'] as const;
export const CLASSES = CLASS_LABEL.length;
export const ALLOC_MARK = '#e8590c';
export const ORA_RED = '#c92a2a';

/** The class of a chunk from its kind (0 free, 1 recreatable, 2 freeable, 3 permanent) and flags. */
export function chunkClass(kind: number, flags: number): number {
  if (kind === 0) return 0;
  if (kind === 1) return flags & CHUNK_ON_LRU && !(flags & CHUNK_PINNED) ? 1 : 2;
  return kind === 2 ? 3 : 4;
}

/**
 * The pool as `rows` rows of `cols` device-pixel columns, address order, left to right. Thin
 * rows, many of them: the more columns, the fewer bytes a column, so chunks show one by one
 * (15 MiB on 25 rows of 1,300 columns: under 500 bytes a column).
 */
export interface Band {
  cols: number;
  rows: number;
  dpr: number;
  /** Row height and the gap between rows, CSS px. */
  rowH: number;
  gap: number;
  width: number;
  height: number;
  poolBytes: number;
  bytesPerCol: number;
}

export function bandGeom(
  poolBytes: number,
  width: number,
  height: number,
  dpr: number,
  rowH = 6,
  gap = 2,
  maxRows = 48,
): Band {
  const cols = Math.max(1, Math.floor(width * dpr));
  const rows = Math.max(1, Math.min(maxRows, Math.floor((height + gap) / (rowH + gap))));
  return {
    cols,
    rows,
    dpr,
    rowH,
    gap,
    width: cols / dpr,
    height: rows * rowH + (rows - 1) * gap,
    poolBytes,
    bytesPerCol: Math.max(1, poolBytes) / (cols * rows),
  };
}

/**
 * How much of each column each chunk class fills: CLASSES fractions a column (summing to 1,
 * less past the pool's end). A chunk smaller than a column shares it with its neighbours.
 * `reuse`: last frame's array, filled again when it has the right length.
 */
export function columnMix(chunks: Uint32Array, band: Band, reuse?: Float32Array): Float32Array {
  const total = band.cols * band.rows;
  const mix = reuse?.length === total * CLASSES ? reuse : new Float32Array(total * CLASSES);
  mix.fill(0);
  for (let i = 0; i + CHUNK_WIDTH <= chunks.length; i += CHUNK_WIDTH) {
    const a = chunks[i] / band.bytesPerCol;
    const b = Math.min(total, (chunks[i] + chunks[i + 1]) / band.bytesPerCol);
    const cls = chunkClass(chunks[i + 2], chunks[i + 3]);
    for (let c = Math.floor(a); c < b && c < total; c++)
      mix[c * CLASSES + cls] += Math.min(b, c + 1) - Math.max(a, c);
  }
  return mix;
}

/** Draw order of the classes up a column: permanent at the bottom, free on top. */
export const STACK = [4, 3, 2, 1, 0] as const;

/**
 * Where each class of column `c` starts and ends, in device pixels from the column's bottom:
 * out[2k], out[2k+1] for STACK[k]. Rounded on the running total, so the parts tile `h`.
 */
export function stackBounds(mix: Float32Array, c: number, h: number, out: Int32Array): void {
  let sum = 0;
  let y = 0;
  for (let k = 0; k < STACK.length; k++) {
    sum += mix[c * CLASSES + STACK[k]];
    const next = Math.min(h, Math.round(sum * h));
    out[2 * k] = y;
    out[2 * k + 1] = next;
    y = next;
  }
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The band rectangles (CSS px) bytes [offset, offset + size) cover, at least `minW` wide. */
export function spanRects(band: Band, offset: number, size: number, minW = 0): Rect[] {
  const a = offset / band.bytesPerCol;
  const b = (offset + Math.max(size, 1)) / band.bytesPerCol;
  const rects: Rect[] = [];
  const last = Math.min(band.rows - 1, Math.floor((b - 1e-9) / band.cols));
  for (let r = Math.max(0, Math.floor(a / band.cols)); r <= last; r++) {
    const x0 = Math.max(a, r * band.cols) - r * band.cols;
    const x1 = Math.min(b, (r + 1) * band.cols) - r * band.cols;
    let x = x0 / band.dpr;
    let w = (x1 - x0) / band.dpr;
    if (w < minW) {
      x = Math.max(0, Math.min(band.width - minW, x + w / 2 - minW / 2));
      w = minW;
    }
    rects.push({ x, y: r * (band.rowH + band.gap), w, h: band.rowH });
  }
  return rects;
}

/** The byte offset under (x, y) CSS px of the band, or null between rows or past the end. */
export function offsetAt(band: Band, x: number, y: number): number | null {
  const pitch = band.rowH + band.gap;
  const r = Math.floor(y / pitch);
  if (r < 0 || r >= band.rows || y - r * pitch > band.rowH || x < 0 || x >= band.width) return null;
  const off = Math.floor((r * band.cols + Math.floor(x * band.dpr)) * band.bytesPerCol);
  return off < band.poolBytes ? off : null;
}

/** The chunk (its index in CHUNK_WIDTH units) holding byte `off`, by binary search. */
export function chunkAt(chunks: Uint32Array, off: number): number | null {
  let lo = 0;
  let hi = Math.floor(chunks.length / CHUNK_WIDTH) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = chunks[mid * CHUNK_WIDTH];
    if (off < start) hi = mid - 1;
    else if (off >= start + chunks[mid * CHUNK_WIDTH + 1]) lo = mid + 1;
    else return mid;
  }
  return null;
}

// ---------- free lists ----------

/** The free list a chunk of `size` bytes sits on: the last whose smallest size ≤ size. */
export function freeListOf(size: number, bucketMin: number[]): number {
  for (let k = bucketMin.length - 1; k > 0; k--) if (bucketMin[k] <= size) return k;
  return 0;
}

/** "44–75 B", "32 KiB+" … */
export function listLabel(k: number, bucketMin: number[]): string {
  const lo = bucketMin[k];
  if (k + 1 >= bucketMin.length) return `${sizeLabel(lo)}+`;
  const hi = bucketMin[k + 1] - 1;
  return lo >= 1024 ? `${sizeLabel(lo)}+` : `${lo}–${hi} B`;
}

export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1 << 20) return `${+(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)} KiB`;
  return `${+(bytes / (1 << 20)).toFixed(bytes < 10 << 20 ? 1 : 0)} MiB`;
}

/** Bar widths for list lengths: linear to the longest; a non-empty list gets at least 2 px. */
export function barWidths(counts: ArrayLike<number>, width: number): number[] {
  let max = 0;
  for (let i = 0; i < counts.length; i++) max = Math.max(max, counts[i]);
  const out: number[] = [];
  for (let i = 0; i < counts.length; i++)
    out.push(counts[i] > 0 ? Math.max(2, (counts[i] / max) * width) : 0);
  return out;
}

export interface SearchLeg {
  list: number;
  /** Chunks examined on it, and the try (1 = before any flush). */
  count: number;
  attempt: number;
}

/**
 * The free-list search an allocation made, reconstructed from its `examined` total: first fit
 * walks the request's list, then larger ones; a failed try walks them all, flushes, and starts
 * again. The lengths are today's (after the allocation), so the path is approximate; what the
 * lists cannot hold is put on the last leg.
 */
export function searchPath(
  size: number,
  examined: number,
  tries: number,
  bucketMin: number[],
  lengths: ArrayLike<number>,
): SearchLeg[] {
  const first = freeListOf(size, bucketMin);
  const legs: SearchLeg[] = [];
  let left = examined;
  for (let t = 1; t <= Math.max(1, tries) && left > 0; t++)
    for (let k = first; k < bucketMin.length && left > 0; k++) {
      const n = Math.min(left, lengths[k] ?? 0);
      if (n > 0) legs.push({ list: k, count: n, attempt: t });
      left -= n;
    }
  if (left > 0) {
    if (legs.length) legs[legs.length - 1].count += left;
    else legs.push({ list: first, count: left, attempt: Math.max(1, tries) });
  }
  return legs;
}

/** The allocations of a step, their flushes and ORA-04031 failures. */
export function allocsOf(events: library.Event[]): {
  allocs: Ev<'alloc'>[];
  flushed: number;
  failures: Ev<'ora04031'>[];
} {
  const allocs: Ev<'alloc'>[] = [];
  const failures: Ev<'ora04031'>[] = [];
  let flushed = 0;
  for (const e of events) {
    if (e.type === 'alloc') {
      allocs.push(e);
      flushed += e.flushed;
    } else if (e.type === 'ora04031') failures.push(e);
  }
  return { allocs, flushed, failures };
}
