import { beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_FILL, bucketFill, contrastRatio, FREE_FILL } from './colours';
import type { Event } from '../../sim/engine';
import { SimRun } from '../../sim/engine';
import { loadEngineNode } from '../../sim/node';
import { bucketAt, bucketOf, bucketXY, lookupOf, stripGeom, walkedHeaders } from './chainLayout';
import { harnessScenario, HARNESS_DEFAULTS } from '../../../dev/harnessScenario';

beforeAll(() => loadEngineNode());

describe('bucketOf', () => {
  it('is the engine’s hash: every buffer is on the chain of the bucket it computes', () => {
    for (const profile of ['8.0', '8.1.6'] as const) {
      const run = SimRun.create(harnessScenario({ ...HARNESS_DEFAULTS, buffers: 400, profile }));
      run.step(3000);
      const buckets = run.layoutInfo().config.hash_buckets;
      const dba = run.views().dba.slice();
      let checked = 0;
      for (let b = 0; b < dba.length; b++) {
        if (!dba[b]) continue;
        const bucket = bucketOf(dba[b], buckets);
        expect(run.chain(bucket)).toContain(b);
        expect(run.xbh(b)?.hash_bucket).toBe(bucket);
        checked++;
      }
      expect(checked).toBeGreaterThan(300);
      run.free();
    }
  });
});

describe('stripGeom', () => {
  it('fits every bucket, and lines the columns up with the latches when it can', () => {
    const g = stripGeom(2000, 100, 1000, 80, 1);
    expect(g.cols % 100).toBe(0);
    expect(g.cols * g.rows * g.per).toBeGreaterThanOrEqual(2000);
    expect(g.height).toBeLessThanOrEqual(80);
    // Same column, same latch.
    expect(bucketXY(g, 7).x).toBe(bucketXY(g, 7 + g.cols).x);
  });

  it('shows several buckets per pixel when there are more buckets than pixels', () => {
    const g = stripGeom(200_000, 1024, 500, 40, 1);
    expect(g.per).toBeGreaterThan(1);
    expect(g.cols * g.rows * g.per).toBeGreaterThanOrEqual(200_000);
    expect(g.height).toBeLessThanOrEqual(40);
  });

  it('hit-tests back to the bucket drawn there', () => {
    const g = stripGeom(500, 7, 600, 100, 2);
    for (const b of [0, 1, 6, 7, 250, 499]) {
      const { x, y } = bucketXY(g, b);
      expect(bucketAt(g, 500, x + g.pitch / 2, y + g.pitch / 2)).toBe(b);
    }
    expect(bucketAt(g, 500, -1, 0)).toBeNull();
  });

  it('shades by chain length, each level apart from the one before (a projector shows it)', () => {
    // issue 26 #9: a chain of one was a pale dot next to an empty bucket (1.6:1)
    expect([0, 1, 2, 3, 9].map(bucketFill)).toEqual([
      FREE_FILL,
      BUCKET_FILL[1],
      BUCKET_FILL[2],
      BUCKET_FILL[3],
      BUCKET_FILL[3],
    ]);
    expect(contrastRatio(bucketFill(1), FREE_FILL)).toBeGreaterThanOrEqual(3);
    for (let len = 1; len < 3; len++)
      expect(contrastRatio(bucketFill(len + 1), bucketFill(len))).toBeGreaterThanOrEqual(1.5);
  });
});

describe('the walk of a lookup', () => {
  const hitEvents: Event[] = [
    {
      type: 'access',
      pos: 1,
      exec: 1,
      seg: 2,
      block: 40,
      dba: 12582953,
      op: 'read',
      probe: 'block',
      at_ns: 0,
      direct: false,
    },
    { type: 'chain_walk', bucket: 17, latch: 5, walked: 2, chain_len: 3, found: 31 },
    {
      type: 'hit',
      buf: 31,
      pool: 'DEFAULT',
      tch_before: 1,
      tch_after: 1,
      touch: 'too_soon',
      get: 'pinned',
      since_touch_ns: 1,
    },
  ];
  const missEvents: Event[] = [
    { type: 'chain_walk', bucket: 17, latch: 5, walked: 2, chain_len: 2, found: null },
    { type: 'miss', pool: 'DEFAULT', set: 0 },
    { type: 'insert', buf: 44, place: 'midpoint', tch: 1, charged: true },
  ];

  it('reads the lookup from the events', () => {
    expect(lookupOf(hitEvents)).toMatchObject({
      bucket: 17,
      latch: 5,
      walked: 2,
      found: 31,
      seg: 2,
      block: 40,
      inserted: null,
    });
    expect(lookupOf(missEvents)).toMatchObject({ found: null, inserted: 44 });
    expect(lookupOf([])).toBeNull();
  });

  it('walks a hit up to the buffer found', () => {
    const look = lookupOf(hitEvents);
    expect(look && walkedHeaders([12, 31, 9], look)).toEqual([12, 31]);
  });

  it('walks a miss over the chain as it was, before the new buffer was hung at its head', () => {
    const look = lookupOf(missEvents);
    expect(look && walkedHeaders([44, 12, 9], look)).toEqual([12, 9]);
  });
});
