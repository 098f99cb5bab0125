import { describe, expect, it } from 'vitest';
import {
  badgesOf,
  CAPTION_H,
  captionLines,
  captionSlots,
  packCaption,
  describeMarks,
  EMPTY_POLICY,
  extraHeight,
  fitGhost,
  ghostCaption,
  GHOST_H,
  markText,
  regionOfParam,
  isRing,
  RING_H,
  sideHeight,
} from './policyState';
import { ARC_REGIONS, ARC_STATE, CLOCK_STATE, LIRS_STATE, OPT_STATE } from './policy.fixture';
import { computeGrid } from './lruGrid';

describe('policy state', () => {
  it('prints marks, ∞ for never used again, large distances short', () => {
    expect(markText(1)).toBe('1');
    expect(markText(0)).toBe('0');
    expect(markText(null)).toBe('∞');
    expect(markText(12500)).toBe('13k');
  });

  it('merges marks and status words into one badge per buffer', () => {
    const clock = badgesOf(CLOCK_STATE);
    expect(clock.get(0)).toEqual({ mark: '1', status: null, zero: false });
    expect(clock.get(1)).toEqual({ mark: '0', status: null, zero: true });
    expect(badgesOf(OPT_STATE).get(1)?.mark).toBe('∞');
    expect(badgesOf(LIRS_STATE).get(0)).toEqual({ mark: null, status: 'LIR', zero: false });
    expect(badgesOf(EMPTY_POLICY).size).toBe(0);
  });

  it('gives a set room for its caption, its ghost rows and the ring', () => {
    expect(extraHeight(EMPTY_POLICY)).toBe(0);
    expect(extraHeight(ARC_STATE)).toBe(CAPTION_H + 2 * GHOST_H + 6);
    expect(extraHeight(CLOCK_STATE)).toBe(CAPTION_H + 6);
    expect(extraHeight(OPT_STATE)).toBe(0);
    expect(sideHeight(CLOCK_STATE, true)).toBe(RING_H);
    expect(sideHeight(CLOCK_STATE, false)).toBe(0);
    expect(sideHeight(ARC_STATE, true)).toBe(0);
  });

  it('the grid puts the rows under the buffers and counts them in its height', () => {
    const input = { width: 1000, budget: 600, setSizes: [40, 40], canvas: false, dpr: 1 };
    const plain = computeGrid(input);
    const extra = [extraHeight(ARC_STATE), extraHeight(ARC_STATE)];
    const g = computeGrid({ ...input, extra });
    expect(g.height).toBeLessThanOrEqual(600);
    expect(g.sets[0].extra).toBe(extra[0]);
    expect(g.sets[0].extraTop + g.sets[0].extra).toBe(g.sets[0].top + g.sets[0].height);
    expect(g.sets[1].top).toBeGreaterThan(g.sets[0].extraTop + extra[0]);
    expect(plain.sets[0].extra).toBe(0);
    // The ring beside the buffers, under the label: the set is as tall as both need.
    const ring = computeGrid({ ...input, setSizes: [40], side: [RING_H] });
    expect(ring.sets[0].height).toBeGreaterThanOrEqual(
      ring.sets[0].sideTop - ring.sets[0].top + RING_H,
    );
  });

  it('fits a ghost list: its whole capacity when it can, else its newest blocks', () => {
    const b1 = ARC_STATE.ghosts[0];
    const wide = fitGhost(b1, 800);
    expect(wide.shown).toBe(3);
    expect(wide.capacityW).toBe(8 * wide.pitch);
    const big = { ...b1, dbas: Array.from({ length: 5000 }, (_, i) => i + 1), capacity: 5000 };
    const narrow = fitGhost(big, 400);
    expect(narrow.pitch).toBe(3);
    expect(narrow.shown).toBe(Math.floor(360 / 3));
    expect(narrow.capacityW).toBeNull();
    expect(ghostCaption(b1)).toBe('B1 3/8');
    expect(ghostCaption(LIRS_STATE.ghosts[0])).toBe('non-resident HIR 2');
  });

  it('wraps the caption onto more lines when its items do not fit', () => {
    const many = {
      ...ARC_STATE,
      params: ['small', 'main', 'ghost'].map((name) => ({ name, value: 5, note: 'T1' })),
    };
    const slots = captionSlots(many, ARC_REGIONS);
    expect(slots.map((x) => x.region)).toEqual([0, 0, 0]);
    expect(captionLines(slots, 10_000)).toBe(1);
    const one = slots[0].width;
    expect(packCaption(slots, one * 2)).toEqual([
      { line: 0, x: 0 },
      { line: 0, x: one },
      { line: 1, x: 0 },
    ]);
    expect(extraHeight(many, ARC_REGIONS, one * 2)).toBe(2 * CAPTION_H + 2 * GHOST_H + 6);
    // The hand's item first; every item keeps its width whatever its number.
    const clock = captionSlots(CLOCK_STATE, []);
    expect(clock).toHaveLength(1);
    expect(clock[0].param).toBe(-1);
  });

  it('draws a ring for a policy whose one list is a ring', () => {
    expect(isRing([{ ...ARC_REGIONS[0], label: 'clock ring' }])).toBe(true);
    expect(isRing([{ ...ARC_REGIONS[0], label: 'SIEVE queue' }])).toBe(false);
    expect(isRing(ARC_REGIONS)).toBe(false);
  });

  it('finds the region a number sizes', () => {
    expect(regionOfParam(ARC_STATE.params[0], ARC_REGIONS)).toBe(0);
    expect(regionOfParam({ name: 'x', value: 1, note: 'target of T2' }, ARC_REGIONS)).toBe(1);
    expect(regionOfParam({ name: 'x', value: 1, note: 'nothing' }, ARC_REGIONS)).toBe(-1);
  });

  it('says what a buffer carries', () => {
    expect(describeMarks(CLOCK_STATE, 2)).toBe(' · the hand points here · reference bit 1');
    expect(describeMarks(OPT_STATE, 1)).toBe(' · next use in ∞ (never used again)');
    expect(describeMarks(LIRS_STATE, 1)).toBe(' · HIR');
    expect(describeMarks(undefined, 1)).toBe('');
  });
});
