import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_WIDTH } from '../../sim/library';
import * as library from '../../sim/library';
import { loadEngineNode } from '../../sim/node';
import {
  allocsOf,
  bandGeom,
  barWidths,
  chainStats,
  chunkAt,
  chunkClass,
  CLASSES,
  columnMix,
  freeListOf,
  latchOf,
  listLabel,
  lookupOf,
  offsetAt,
  rehashOf,
  searchPath,
  sizeLabel,
  spanRects,
  stackBounds,
  walkedRows,
} from './layout';

const BUCKET_MIN = [0, 44, 76, 140, 268, 524, 1036, 2060, 4108, 8204, 16396, 32780];
const SCENARIO = fileURLToPath(
  new URL('../../../../scenarios/seed001-8.1.6-test1.json', import.meta.url),
);

const chunks = (...c: number[][]) => Uint32Array.from(c.flat());

describe('hash table helpers', () => {
  it('maps buckets to latch children, one latch when the count is 0', () => {
    expect(latchOf(10, 3)).toBe(1);
    expect(latchOf(10, 0)).toBe(0);
    expect(latchOf(10, 1)).toBe(0);
  });

  it('summarises chain lengths', () => {
    expect(chainStats(Uint32Array.from([0, 2, 5, 0, 1]))).toEqual({
      buckets: 5,
      handles: 8,
      longest: 5,
      empty: 2,
    });
  });

  it('joins a statement to its chain walk; a later statement wins', () => {
    const ev: library.Event[] = [
      {
        type: 'statement',
        session: 0,
        at_ns: 0,
        text: 'a',
        forced: null,
        hash: 7,
        bucket: 3,
        latch: 0,
      },
      { type: 'chain_walk', session: 0, at_ns: 0, bucket: 3, walked: 2, chain_len: 2, found: null },
    ];
    expect(lookupOf(ev)).toMatchObject({ text: 'a', bucket: 3, walked: 2, found: null });
    const later: library.Event[] = [
      ...ev,
      {
        type: 'statement',
        session: 1,
        at_ns: 5,
        text: 'b',
        forced: 'B',
        hash: 9,
        bucket: 4,
        latch: 1,
      },
    ];
    expect(lookupOf(later)).toMatchObject({ text: 'b', forced: 'B', bucket: 4, walked: null });
    expect(lookupOf([])).toBeNull();
  });

  it('finds a rehash', () => {
    const r: library.Event = {
      type: 'rehash',
      session: 0,
      at_ns: 0,
      buckets_before: 509,
      buckets_after: 1018,
      handles: 1018,
    };
    expect(rehashOf([r])).toBe(r);
    expect(rehashOf([])).toBeNull();
  });

  it('counts the rows a walk compared; a handle hung after a miss is skipped', () => {
    const chain = [5, 4, 3].map((obj) => ({ obj, text: `s${obj}` }));
    expect(walkedRows(chain, { walked: 2, found: 4 }, null)).toEqual({
      start: 0,
      count: 2,
      foundRow: 1,
    });
    expect(walkedRows(chain, { walked: 2, found: null }, 5)).toEqual({
      start: 1,
      count: 2,
      foundRow: null,
    });
    expect(walkedRows([], { walked: 0, found: null }, null).count).toBe(0);
  });
});

describe('the pool band', () => {
  it('fits rows in the height and spreads the pool over every column', () => {
    const b = bandGeom(1 << 20, 256, 99, 2, 16, 5);
    expect(b.cols).toBe(512);
    expect(b.rows).toBe(4); // 4 × 16 + 3 × 5 = 79 ≤ 99; 5 rows need 100
    expect(b.height).toBe(79);
    expect(b.bytesPerCol * b.cols * b.rows).toBe(1 << 20);
  });

  it('fills each column with the fractions of the chunk classes in it', () => {
    const b = bandGeom(1000, 10, 16, 1, 16, 5, 1); // 10 columns of 100 bytes
    const mix = columnMix(chunks([0, 250, 3, 0, 0], [250, 50, 0, 0, 0], [300, 700, 1, 2, 0]), b);
    expect(mix.length).toBe(10 * CLASSES);
    expect(mix[0 * CLASSES + 4]).toBeCloseTo(1);
    expect(mix[2 * CLASSES + 4]).toBeCloseTo(0.5);
    expect(mix[2 * CLASSES + 0]).toBeCloseTo(0.5);
    expect(mix[9 * CLASSES + 1]).toBeCloseTo(1);
    for (let c = 0; c < 10; c++) {
      let sum = 0;
      for (let k = 0; k < CLASSES; k++) sum += mix[c * CLASSES + k];
      expect(sum).toBeCloseTo(1);
    }
  });

  it('stacks a column’s classes to tile its height', () => {
    const mix = Float32Array.from([0.25, 0, 0, 0.25, 0.5]);
    const out = new Int32Array(10);
    stackBounds(mix, 0, 16, out);
    // permanent, freeable, pinned, LRU, free
    expect(Array.from(out)).toEqual([0, 8, 8, 12, 12, 12, 12, 12, 12, 16]);
  });

  it('maps a chunk to rectangles, wrapping rows, and back', () => {
    const b = bandGeom(2000, 10, 40, 1, 16, 5, 2); // 2 rows × 10 columns of 100 bytes
    expect(spanRects(b, 800, 400)).toEqual([
      { x: 8, y: 0, w: 2, h: 16 },
      { x: 0, y: 21, w: 2, h: 16 },
    ]);
    const tiny = spanRects(b, 1010, 8, 3);
    expect(tiny).toHaveLength(1);
    expect(tiny[0].w).toBe(3);
    expect(offsetAt(b, 0.5, 25)).toBe(1000);
    expect(offsetAt(b, 0.5, 18)).toBeNull(); // between rows
    const c = chunks([0, 100, 3, 0, 0], [100, 900, 0, 0, 0], [1000, 1000, 1, 2, 0]);
    expect(chunkAt(c, 0)).toBe(0);
    expect(chunkAt(c, 999)).toBe(1);
    expect(chunkAt(c, 1500)).toBe(2);
    expect(chunkAt(c, 2000)).toBeNull();
  });

  it('classes chunks: recreatable splits into flushable (on the LRU) and pinned', () => {
    expect(chunkClass(0, 0)).toBe(0);
    expect(chunkClass(1, 2)).toBe(1);
    expect(chunkClass(1, 1)).toBe(2);
    expect(chunkClass(1, 0)).toBe(2);
    expect(chunkClass(2, 1)).toBe(3);
    expect(chunkClass(3, 0)).toBe(4);
  });
});

describe('free lists', () => {
  it('puts a size on the last list whose smallest size it reaches', () => {
    expect(freeListOf(0, BUCKET_MIN)).toBe(0);
    expect(freeListOf(43, BUCKET_MIN)).toBe(0);
    expect(freeListOf(44, BUCKET_MIN)).toBe(1);
    expect(freeListOf(2528, BUCKET_MIN)).toBe(7);
    expect(freeListOf(1 << 24, BUCKET_MIN)).toBe(11);
    expect(listLabel(1, BUCKET_MIN)).toBe('44–75 B');
    expect(listLabel(11, BUCKET_MIN)).toBe('32 KiB+');
    expect(sizeLabel(15728640)).toBe('15 MiB');
    expect(sizeLabel(2528)).toBe('2.5 KiB');
  });

  it('scales bars to the longest list; a non-empty one stays visible', () => {
    expect(barWidths([0, 1000, 500, 1], 200)).toEqual([0, 200, 100, 2]);
    expect(barWidths([0, 0], 200)).toEqual([0, 0]);
  });

  it('rebuilds the search: the request’s list, larger ones, again after a flush', () => {
    const lengths = [0, 0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 1];
    expect(searchPath(2528, 4, 1, BUCKET_MIN, lengths)).toEqual([
      { list: 7, count: 3, attempt: 1 },
      { list: 8, count: 1, attempt: 1 },
    ]);
    expect(searchPath(2528, 8, 2, BUCKET_MIN, lengths)).toEqual([
      { list: 7, count: 3, attempt: 1 },
      { list: 8, count: 2, attempt: 1 },
      { list: 11, count: 1, attempt: 1 },
      { list: 7, count: 2, attempt: 2 },
    ]);
    // More examined than the lists hold now: the rest goes on the last leg.
    expect(searchPath(100, 5, 1, BUCKET_MIN, new Array(12).fill(0))).toEqual([
      { list: 2, count: 5, attempt: 1 },
    ]);
  });
});

describe('on a real run (seed 001, 8.1.6 test 1)', () => {
  let run: library.Run;
  beforeAll(() => {
    loadEngineNode();
    run = library.Run.create(readFileSync(SCENARIO, 'utf8'));
    run.setRecordEvents(true);
  });

  it('tiles the whole pool and finds every allocation’s chunk', () => {
    const seen: library.Event[] = [];
    for (let i = 0; i < 3000; i++) {
      run.step(1);
      seen.push(...run.events());
    }
    const heap = run.heapChunks();
    const cfg = run.config();
    const band = bandGeom(cfg.pool_bytes, 600, 200, 2);
    const mix = columnMix(heap, band);
    let filled = 0;
    for (const v of mix) filled += v;
    expect(filled).toBeCloseTo(band.cols * band.rows, 0);
    const { allocs } = allocsOf(seen);
    expect(allocs.length).toBeGreaterThan(100);
    const last = allocs[allocs.length - 1];
    const at = chunkAt(heap, last.offset ?? -1);
    expect(at).not.toBeNull();
    expect(heap[at! * CHUNK_WIDTH]).toBe(last.offset);
    expect(spanRects(band, last.offset ?? 0, last.size, 2).length).toBeGreaterThan(0);
    const lengths = run.freeListLengths();
    expect(lengths.length).toBe(cfg.bucket_min.length);
    const look = lookupOf(seen);
    expect(look).not.toBeNull();
    expect(run.chainLengths()[look!.bucket]).toBeGreaterThanOrEqual(0);
  });
});
