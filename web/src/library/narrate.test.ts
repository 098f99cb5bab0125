import { beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import * as library from '../sim/library';
import { loadEngineNode } from '../sim/node';
import test0 from '../../../scenarios/seed001-8.1.6-test0.json';
import test3 from '../../../scenarios/seed001-8.1.6-test3.json';
import { clip, narrateEvent, narrateEvents, splitForced, type NarrationContext } from './narrate';

beforeAll(() => loadEngineNode());

const config: library.Config = {
  pool_bytes: 15 * 2 ** 20,
  buckets: 8191,
  latches: 3,
  cpu_count: 2,
  sessions: 10,
  cursor_sharing: 'EXACT',
  use_nds: true,
  use_bindvars: false,
  spin_count: 2000,
  waits_end_on_cpu: true,
  latch_wait_posting: false,
  clock_tick_ms: 10,
  bucket_min: [0, 44, 76],
};
const ctx: NarrationContext = { config };
const force: NarrationContext = { config: { ...config, cursor_sharing: 'FORCE' } };

const say = (c: NarrationContext, e: library.Event) => {
  const l = narrateEvent(c, e);
  expect(l.kind).toBe(e.type);
  return `${l.text} | ${l.why}`;
};

const LITERAL = `SELECT /* comment:  */ "DUMMY" FROM dual WHERE dummy = '863639'`;
const FORCED = `SELECT /* comment:  */ "DUMMY" FROM dual WHERE dummy = :"SYS_B_0"`;
const base = { session: 3, at_ns: 1000 };
const statement = (forced: string | null): library.Event => ({
  type: 'statement',
  ...base,
  text: LITERAL,
  forced,
  hash: 2923313465,
  bucket: 2902,
  latch: 1,
});
const lc = { name: 'library_cache', child: 1 } as const;
const sp = { name: 'shared_pool' } as const;

describe('library cache narration', () => {
  it('shows the FORCE rewrite before → after, with the hash, bucket and latch', () => {
    const text = say(force, statement(FORCED));
    expect(text).toContain(`sends ${LITERAL} → FORCE: ${FORCED}`);
    expect(text).toContain('hash 2923313465 → bucket 2902 → library cache latch child 1');
    expect(text).toMatch(/cursor_sharing FORCE: literals become :"SYS_B_n" binds/);
    expect(text).toContain('_kgl_bucket_count: 8191');
    expect(text).toContain('_kgl_latch_count 3');
    const exact = say(ctx, statement(null));
    expect(exact).not.toContain('FORCE:');
    expect(exact).toMatch(/cursor_sharing EXACT.*use_bindvars false: literal SQL/);
  });

  it('names the chain walk, the latch child and the outcome', () => {
    const walk = { type: 'chain_walk', ...base, bucket: 2902, walked: 2, chain_len: 3 } as const;
    expect(say(ctx, { ...walk, found: null })).toMatch(
      /walked 2 of 3 handles on bucket 2902's chain under library cache latch child 1 → not in the library cache/,
    );
    expect(say(ctx, { ...walk, found: 7 })).toContain('→ found object 7');
    expect(say({ config: { ...config, latches: 1 } }, { ...walk, found: null })).toContain(
      'under the library cache latch →',
    );
    expect(say(ctx, { type: 'soft_parse', ...base, obj: 7 })).toMatch(/soft parse.*gethits \+ 1/);
  });

  it('says why a hard parse happened, and a reload', () => {
    const hard = { type: 'hard_parse', ...base, obj: 4 } as const;
    expect(say(ctx, { ...hard, reload: false })).toMatch(
      /hard parse: not found.*use_bindvars false, cursor_sharing EXACT.*parse count \(hard\)/,
    );
    expect(say(force, { ...hard, reload: false })).toContain('cursor_sharing FORCE');
    expect(say(ctx, { ...hard, reload: true })).toMatch(
      /reload: .*heap 6 had been flushed.*shared_pool_size 15 MB.*reloads \+ 1/,
    );
    expect(say(ctx, { type: 'load_wait', ...base, obj: 4, loader: 1 })).toContain(
      'being loaded by session 1',
    );
  });

  it('narrates allocations with the free-list search and the flushes', () => {
    const alloc = { type: 'alloc', ...base, obj: 4, size: 880, offset: 4096, tries: 1 } as const;
    expect(say(ctx, { ...alloc, piece: 'handle', examined: 1, flushed: 0 })).toMatch(
      /allocated the handle of object 4: 880 bytes at offset 4096: examined 1 free chunk under the shared pool and library cache latches \| first fit/,
    );
    expect(say(ctx, { ...alloc, piece: 'heap0', examined: 5, flushed: 0 })).toMatch(
      /heap 0 .*examined 5 free chunks under the shared pool latch/,
    );
    const flushed = say(ctx, { ...alloc, piece: 'heap6', examined: 3, flushed: 8, tries: 2 });
    expect(flushed).toMatch(/heap 6 \(the plan\).*flushed 8 LRU chunks \(2 searches\)/);
    expect(flushed).toMatch(/freed from the LRU tail 8 at a time.*shared_pool_size 15 MB/);
    expect(say(ctx, { ...alloc, piece: 'heap6', offset: null, examined: 9, flushed: 0 })).toMatch(
      /^no room for heap 6/,
    );
    expect(say(ctx, { type: 'ora04031', ...base, size: 2560 })).toMatch(
      /ORA-04031: unable to allocate 2560 bytes.*shared_pool_size 15 MB/,
    );
  });

  it('narrates executions, unpins and the rehash', () => {
    expect(say(ctx, { type: 'execute', ...base, obj: 4 })).toContain('use_nds true');
    expect(
      say({ config: { ...config, use_nds: false } }, { type: 'execute', ...base, obj: 4 }),
    ).toMatch(/use_nds false: DBMS_SQL, 3 extra package calls/);
    expect(say(ctx, { type: 'unpin', ...base, obj: 4, to_lru: true })).toContain('shared pool LRU');
    expect(say(ctx, { type: 'unpin', ...base, obj: 4, to_lru: false })).toContain('still pinned');
    expect(
      say(ctx, {
        type: 'rehash',
        ...base,
        buckets_before: 509,
        buckets_after: 1018,
        handles: 1018,
      }),
    ).toMatch(/doubles 509 → 1018: 1018 handles re-hashed.*all 3 library cache latches/);
  });

  it('narrates latch misses, spins, sleeps and preemptions with their parameters', () => {
    expect(say(ctx, { type: 'latch_miss', ...base, latch: lc, holder: 2 })).toMatch(
      /latch miss: library cache latch child 1 is held by session 2 → spins.*_spin_count 2000/,
    );
    const one = { config: { ...config, cpu_count: 1 } };
    expect(say(one, { type: 'latch_miss', ...base, latch: sp, holder: 2 })).toMatch(
      /the shared pool latch is held.*cpu_count 1 the holder is off the CPU/,
    );
    expect(say(ctx, { type: 'spin_get', ...base, latch: sp })).toMatch(
      /got the shared pool latch while spinning.*spin_gets \+ 1/,
    );
    expect(say(ctx, { type: 'latch_sleep', ...base, latch: lc, ns: 10_000_000 })).toMatch(
      /sleeps 10 ms for library cache latch child 1 \(latch free wait\).*_spin_count 2000.*next 10 ms clock tick/,
    );
    const waited = { ...base, latch: lc, ns: 30_000_000, queued_ns: 20_000_000 };
    expect(say(ctx, { type: 'wait_end', ...waited })).toMatch(
      /back on a CPU → latch free wait for library cache latch child 1 timed 30 ms \(10 ms asleep, 20 ms queued for the CPU\).*run queue counts as wait time/,
    );
    expect(say(ctx, { type: 'wait_end', ...waited, latch: null })).toMatch(
      /library cache load lock wait timed 30 ms/,
    );
    const off = { config: { ...config, waits_end_on_cpu: false } };
    expect(
      say(off, { type: 'wait_end', ...base, latch: lc, ns: 10_000_000, queued_ns: 0 }),
    ).toMatch(/ends with its sleep: 10 ms.*waits_end_on_cpu off/);
    expect(say(ctx, { type: 'preempt', ...base, cpu: 0, holding: [sp, lc] })).toMatch(
      /preempted off CPU 0 holding the shared pool latch and library cache latch child 1.*keeps the latch/,
    );
    expect(say(ctx, { type: 'preempt', ...base, cpu: 1, holding: [] })).not.toContain('holding');
    expect(say(ctx, { type: 'parse_pin', ...base, obj: 4, step: 1, dependency: null })).toMatch(
      /pins and releases the parent's heap 0, to create the child.*shared pool latch/,
    );
    expect(
      say(ctx, { type: 'parse_pin', ...base, obj: 4, step: 5, dependency: 'SYS.DUAL' }),
    ).toMatch(/SYS.DUAL, which object 4 depends on/);
    expect(
      say(ctx, {
        type: 'timeslices',
        ...base,
        until_ns: base.at_ns + 990e9,
        sessions: [1, 0],
        cpus: 1,
        preemptions: 99_000,
      }),
    ).toMatch(
      /sessions 1, 0 shared 1 CPU round-robin for 990 s: 99,000 time slices.*holds no latch/,
    );
    expect(say(ctx, { type: 'sleep', ...base, ns: 20_000_000 })).toMatch(
      /sleeps 0.02 s.*slam_sleeptime/,
    );
    expect(say(ctx, { type: 'done', ...base, session: 0 })).toContain('timed foreground');
  });

  it('groups by session and counts the phases (chain_walk, execute, unpin)', () => {
    const events: library.Event[] = [
      {
        type: 'alloc',
        session: 0,
        at_ns: 1,
        obj: 1,
        piece: 'heap0',
        size: 1,
        offset: 0,
        examined: 1,
        flushed: 0,
        tries: 1,
      },
      { type: 'preempt', session: 0, at_ns: 2, cpu: 0, holding: [] },
      { ...statement(null), session: 1 },
      { type: 'chain_walk', session: 1, at_ns: 3, bucket: 1, walked: 0, chain_len: 0, found: null },
      { type: 'hard_parse', session: 1, at_ns: 3, obj: 2, reload: false },
      { type: 'execute', session: 0, at_ns: 4, obj: 1 },
      { type: 'unpin', session: 0, at_ns: 5, obj: 1, to_lru: true },
    ];
    const groups = narrateEvents(ctx, events, 10);
    expect(groups.map((g) => g.position)).toEqual([10, 11, 12, 13]);
    expect(groups.map((g) => g.lines.length)).toEqual([2, 3, 1, 1]);
    expect(groups[0].title).toMatch(/^session 0 \(foreground\) · allocation · preempted · t /);
    expect(groups[1].title).toMatch(/^session 1 · statement · hard parse · t /);
    expect(groups[2].title).toMatch(/^session 0 \(foreground\) · execute/);
    expect(groups[3].title).toMatch(/· unpin ·/);
    expect(narrateEvents(ctx, [], 5)).toEqual([]);
  });

  it('narrates every event of a real run, its positions matching the run', () => {
    for (const scenario of [test0, test3]) {
      const run = library.Run.create(scenario as unknown as Scenario);
      const c = { config: run.config() };
      run.seek(900);
      run.setRecordEvents(true);
      for (let i = 0; i < 40; i++) {
        const before = run.position;
        run.step(1);
        const events = run.events();
        const groups = narrateEvents(c, events, before);
        expect(groups[groups.length - 1].position).toBe(run.position);
        const lines = groups.flatMap((g) => g.lines);
        expect(lines).toHaveLength(events.length);
        for (const l of lines) {
          expect(l.text.length).toBeGreaterThan(5);
          expect(l.why.length).toBeGreaterThan(5);
        }
      }
      run.free();
    }
  });
});

describe('statement texts', () => {
  it('lines up each literal with the bind FORCE put in its place', () => {
    const parts = splitForced(LITERAL, FORCED);
    expect(parts?.before.filter((p) => p.lit).map((p) => p.text)).toEqual(["'863639'"]);
    expect(parts?.after.filter((p) => p.lit).map((p) => p.text)).toEqual([':"SYS_B_0"']);
    expect(parts?.before.map((p) => p.text).join('')).toBe(LITERAL);
    const two = splitForced(
      "SELECT /* 8 */ 8, 'it''s' FROM t WHERE x = 1.5e3",
      'SELECT /* 8 */ :"SYS_B_0", :"SYS_B_1" FROM t WHERE x = :"SYS_B_2"',
    );
    expect(two?.before.filter((p) => p.lit).map((p) => p.text)).toEqual(['8', "'it''s'", '1.5e3']);
    expect(splitForced('SELECT 1', 'SELECT 2')).toBeNull();
  });

  it('clips long texts in the middle, keeping the literal at the end', () => {
    const long = `SELECT /* ${'x'.repeat(300)} */ 1 FROM dual WHERE d = '42'`;
    const c = clip(long, 60);
    expect(c).toHaveLength(60);
    expect(c.endsWith("d = '42'")).toBe(true);
    expect(clip('short', 60)).toBe('short');
  });
});
