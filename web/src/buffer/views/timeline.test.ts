import { describe, expect, it } from 'vitest';
import type { Event } from '../../sim/engine';
import { buildTimeline } from './timeline';

const access: Event = {
  type: 'access',
  pos: 9,
  exec: 3,
  seg: 0,
  block: 5,
  dba: 4194310,
  op: 'read',
  probe: 'block',
  at_ns: 0,
  direct: false,
};
const walk: Event = {
  type: 'chain_walk',
  bucket: 4,
  latch: 4,
  walked: 1,
  chain_len: 1,
  found: null,
};

/** A miss whose scan promotes buffer 7, cools 3, skips dirty 8 and takes 9. */
const miss: Event[] = [
  access,
  walk,
  { type: 'miss', pool: 'DEFAULT', set: 0 },
  { type: 'inspect', buf: 7, tch: 2, dirty: false, hot: false },
  { type: 'promote', buf: 7, tch_before: 2, tch_after: 0 },
  { type: 'cool', buf: 3, tch_before: 4, tch_after: 1 },
  { type: 'inspect', buf: 8, tch: 1, dirty: true, hot: false },
  { type: 'dirty_skip', buf: 8, set: 0 },
  { type: 'inspect', buf: 9, tch: 1, dirty: false, hot: false },
  { type: 'victim', buf: 9, old_dba: 4194400, tch: 1 },
  { type: 'insert', buf: 9, place: 'midpoint', tch: 1, charged: true },
];

describe('buildTimeline', () => {
  it('turns a hit into one step with its touch-count change', () => {
    const tl = buildTimeline(
      [
        access,
        {
          type: 'hit',
          buf: 3,
          pool: 'DEFAULT',
          tch_before: 1,
          tch_after: 2,
          touch: 'incremented',
          get: 'pinned',
          since_touch_ns: 4e9,
        },
      ],
      600,
    );
    expect(tl.steps).toHaveLength(1);
    expect(tl.steps[0]).toMatchObject({
      kind: 'hit',
      buf: 3,
      label: 'hit · tch 1→2',
      where: 'after',
      at: 0,
    });
    expect(tl.moveAt.size).toBe(0);
  });

  it('names no touch count for a policy that keeps none (FIFO, CLOCK, ARC …)', () => {
    const events = [
      access,
      { type: 'inspect', buf: 5, tch: 0, dirty: false, hot: false },
      { type: 'victim', buf: 5, tch: 0, old_dba: 0 },
    ] as const;
    const labels = (touch: boolean) =>
      buildTimeline([...events], 600, touch).steps.map((x) => x.label);
    expect(labels(true)).toEqual(['inspect · tch 0', 'victim (tch 0)']);
    expect(labels(false)).toEqual(['inspect', 'victim']);
  });

  it('says why a hit did not count', () => {
    const tl = buildTimeline(
      [
        {
          type: 'hit',
          buf: 3,
          pool: 'DEFAULT',
          tch_before: 1,
          tch_after: 1,
          touch: 'too_soon',
          get: 'pinned',
          since_touch_ns: 1.2e9,
        },
      ],
      600,
    );
    expect(tl.steps[0].kind).toBe('too_soon');
    expect(tl.steps[0].label).toContain('1.2 s');
  });

  it('labels a hit by what the policy did, not by touch counts it does not keep', () => {
    const hit = (touch: 'marked' | 'moved' | 'unchanged'): Event => ({
      type: 'hit',
      buf: 3,
      pool: 'DEFAULT',
      tch_before: 0,
      tch_after: 0,
      touch,
      get: 'pinned',
      since_touch_ns: 0,
    });
    const label = (touch: 'marked' | 'moved' | 'unchanged') =>
      buildTimeline([hit(touch)], 600).steps[0].label;
    expect([label('marked'), label('moved'), label('unchanged')]).toEqual([
      'hit · marked',
      'hit → moved',
      'hit · stays',
    ]);
  });

  it('keeps the scan in event order, where the buffers were, within the step', () => {
    const tl = buildTimeline(miss, 1000);
    expect(tl.steps.map((s) => s.kind)).toEqual([
      'inspect',
      'promote',
      'cool',
      'inspect',
      'dirty_skip',
      'inspect',
      'victim',
      'insert',
    ]);
    const ats = tl.steps.map((s) => s.at);
    expect([...ats].sort((a, b) => a - b)).toEqual(ats);
    expect(new Set(ats).size).toBe(ats.length);
    for (const s of tl.steps) {
      expect(s.at + Math.min(s.dur, 300)).toBeLessThanOrEqual(1000 + 1e-9);
      expect(s.where).toBe(s.kind === 'insert' ? 'after' : 'before');
    }
    expect(tl.settleAt + tl.moveDur).toBeLessThanOrEqual(1000);
  });

  it('moves each named buffer at its own event and the rest when the last one moves', () => {
    const tl = buildTimeline(miss, 1000);
    const at = (kind: string) => tl.steps.find((s) => s.kind === kind)?.at;
    expect(tl.moveAt.get(7)).toBe(at('promote'));
    expect(tl.moveAt.get(3)).toBe(at('cool'));
    expect(tl.moveAt.get(8)).toBe(at('dirty_skip'));
    expect(tl.moveAt.get(9)).toBe(at('insert'));
    expect(tl.settleAt).toBe(at('insert'));
    // The victim takes its new block's colour when it is read in, not when it is chosen.
    expect(tl.changeAt.get(9)).toBe(at('insert'));
  });

  it('gives a DBWR batch one beat for all its buffers', () => {
    const tl = buildTimeline(
      [
        { type: 'dbwr_write', dbwr: 0, reason: 'threshold', buffers: [4, 5, 6], done_ns: 1 },
        { type: 'sleep', ns: 5 },
      ],
      600,
    );
    expect(tl.steps.map((s) => s.kind)).toEqual(['write', 'write', 'write']);
    expect(new Set(tl.steps.map((s) => s.at)).size).toBe(1);
    expect(tl.steps.filter((s) => s.caption)).toHaveLength(1);
  });

  it('does not caption every buffer of a long scan', () => {
    const inspects: Event[] = Array.from({ length: 400 }, (_, i) => ({
      type: 'inspect',
      buf: i,
      tch: 1,
      dirty: true,
      hot: false,
    }));
    const tl = buildTimeline(inspects, 800);
    expect(tl.steps).toHaveLength(400);
    expect(tl.steps.filter((s) => s.caption)).toHaveLength(0);
    expect(tl.steps[399].at).toBeLessThan(800);
  });

  it('animates nothing without time', () => {
    const tl = buildTimeline(miss, 0);
    expect(tl.steps.every((s) => s.at === 0)).toBe(true);
    expect(tl.moveDur).toBe(0);
  });
});
