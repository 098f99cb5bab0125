import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun, type Event, type Scenario } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import hot50 from '../../../scenarios/seed000-8i-hot50.json';
import test1 from '../../../scenarios/seed000-8.0-test1.json';
import { narrateEvent, narrateEvents, type NarrationContext } from './narrate';

beforeAll(() => loadEngineNode());

function context(scenario: unknown, patch: (s: Scenario) => Scenario = (s) => s) {
  const run = SimRun.create(patch(scenario as Scenario));
  const { config, objects, sets } = run.layoutInfo();
  return { run, ctx: { config, objects, sets } as NarrationContext };
}

const say = (ctx: NarrationContext, e: Event) => {
  const l = narrateEvent(ctx, e);
  return `${l.text} | ${l.why}`;
};

describe('narration', () => {
  let ctx: NarrationContext;
  beforeAll(() => {
    ctx = context(hot50).ctx;
  });

  it('names the touch-time rule for hits', () => {
    const base = { type: 'hit', buf: 7, pool: 'DEFAULT', tch_before: 1 } as const;
    expect(
      say(ctx, { ...base, tch_after: 1, touch: 'too_soon', since_touch_ns: 1_980_400_000 }),
    ).toBe(
      'hit in buf 7 (DEFAULT): tch stays 1, the buffer does not move | too soon: 1.98 s since its last increment < _db_aging_touch_time 3 s',
    );
    expect(
      say(ctx, { ...base, tch_after: 2, touch: 'incremented', since_touch_ns: 4_000_000_000 }),
    ).toMatch(/tch 1 → 2.*4 s since its last increment ≥ _db_aging_touch_time 3 s/);
  });

  it('names hot criteria and stay count for a promotion', () => {
    expect(say(ctx, { type: 'promote', buf: 373, tch_before: 2, tch_after: 0 })).toContain(
      'tch 2 ≥ _db_aging_hot_criteria 2 → moved to hot head, tch set to _db_aging_stay_count 0',
    );
  });

  it('names the hot percentage and the cool count (8.1.5) when cooling', () => {
    const text = say(ctx, { type: 'cool', buf: 10, tch_before: 3, tch_after: 1 });
    expect(text).toContain('floor(1000 × _db_percent_hot_default 50 / 100) = 500');
    expect(text).toContain('_db_aging_cool_count 1 (8.1.5)');
    const k = context(hot50, (s) => ({ ...s, profile: '8.1.6' })).ctx;
    expect(say(k, { type: 'cool', buf: 10, tch_before: 3, tch_after: 3 })).toContain('tch kept');
  });

  it('explains victims, inserts, DBWR and waits with their parameters', () => {
    expect(say(ctx, { type: 'victim', buf: 4, old_dba: 4204477, tch: 1 })).toMatch(
      /leaves the cache \| tch 1 < _db_aging_hot_criteria 2 and clean/,
    );
    expect(say(ctx, { type: 'insert', buf: 4, place: 'midpoint', tch: 1, charged: true })).toMatch(
      /midpoint.*8i midpoint insertion/,
    );
    expect(
      say(ctx, { type: 'dbwr_write', dbwr: 0, reason: 'threshold', buffers: [1, 2], done_ns: 1e9 }),
    ).toContain('_db_block_write_batch 32');
    expect(
      say(ctx, { type: 'dbwr_write', dbwr: 0, reason: 'timeout', buffers: [1], done_ns: 1e9 }),
    ).toContain('3 s timeout');
    expect(say(ctx, { type: 'free_buffer_wait', set: 0, dbwr: 0, waited_ns: 9.4e6 })).toContain(
      '_db_block_max_scan_pct 40 %',
    );
    expect(
      say(ctx, {
        type: 'chain_walk',
        bucket: 190,
        latch: 190,
        walked: 1,
        chain_len: 2,
        found: null,
      }),
    ).toMatch(/compared 1 of 2 headers → not in the cache.*_db_block_hash_buckets 2000/);
  });

  it('says 8.0 hits move the buffer to the MRU head', () => {
    const c = context(test1).ctx;
    expect(
      say(c, {
        type: 'hit',
        buf: 1,
        pool: 'DEFAULT',
        tch_before: 0,
        tch_after: 0,
        touch: 'moved_to_head',
        since_touch_ns: 0,
      }),
    ).toMatch(/MRU head.*8\.0 classic LRU/);
  });

  it('narrates every event of a real run, grouped by access', () => {
    const { run, ctx: c } = context(hot50);
    run.seek(2990);
    run.setRecordEvents(true);
    run.step(20);
    const events = run.events();
    const groups = narrateEvents(c, events, 2990);
    expect(groups).toHaveLength(20);
    expect(groups[0].position).toBe(2991);
    const lines = groups.flatMap((g) => g.lines);
    expect(lines).toHaveLength(events.length);
    for (const l of lines) {
      expect(l.text.length).toBeGreaterThan(5);
      expect(l.why.length).toBeGreaterThan(5);
    }
  });
});
