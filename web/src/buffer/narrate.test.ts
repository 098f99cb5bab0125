import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun, type Event, type Scenario } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import hot50 from '../../../scenarios/seed000-8i-hot50.json';
import test1 from '../../../scenarios/seed000-8.0-test1.json';
import keep1020 from '../../../scenarios/seed004-10.2.0.5-keep.json';
import keep1120 from '../../../scenarios/seed004-11.2.0.2-keep.json';
import type { ScanDecision } from '../sim/generated/buffer/ScanDecision';
import { policies } from '../sim/policy';
import { narrateEvent, narrateEvents, type NarrationContext } from './narrate';

beforeAll(() => loadEngineNode());

function context(scenario: unknown, patch: (s: Scenario) => Scenario = (s) => s) {
  const run = SimRun.create(patch(scenario as Scenario));
  return { run, ctx: run.layoutInfo() as NarrationContext };
}

const ctx816 = () => context(keep1020, (s) => ({ ...s, profile: '8.1.6' })).ctx;

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
    const base = { type: 'hit', buf: 7, pool: 'DEFAULT', tch_before: 1, get: 'pinned' } as const;
    expect(
      say(ctx, { ...base, tch_after: 1, touch: 'too_soon', since_touch_ns: 1_980_400_000 }),
    ).toBe(
      'hit in buf 7 (DEFAULT): tch stays 1, the buffer does not move | too soon: 1.98 s since its last increment < _db_aging_touch_time 3 s',
    );
    expect(
      say(ctx, { ...base, tch_after: 2, touch: 'incremented', since_touch_ns: 4_000_000_000 }),
    ).toMatch(/tch 1 → 2.*4 s since its last increment ≥ _db_aging_touch_time 3 s/);
  });

  it('names each replacement policy properly in its rule lines', () => {
    const rule = { type: 'rule', buf: 3, text: 'hit on T1 → moved to T2 MRU' } as const;
    for (const { name: policy, label } of policies())
      expect(say({ ...ctx, policy }, rule)).toBe(
        `hit on T1 → moved to T2 MRU | a rule of ${label}`,
      );
  });

  // issue 41 #3: "tch 0" means nothing to a policy that keeps no touch counts
  it('names touch counts only for the policies that keep them', () => {
    const fifo = context(hot50, (s) => ({ ...s, policy: 'fifo' })).ctx;
    expect(fifo.touch_counts).toBe(false);
    const inspect = { type: 'inspect', buf: 4, tch: 0, dirty: false, hot: false } as const;
    expect(say(fifo, inspect)).not.toContain('tch');
    expect(say(ctx, inspect)).toContain('tch 0, clean');
    const victim = { type: 'victim', buf: 4, tch: 0, old_dba: 0 } as const;
    expect(say(fifo, victim)).not.toContain('tch');
    expect(say(ctx, victim)).toContain('tch 0 < _db_aging_hot_criteria');
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
        get: 'pinned',
        since_touch_ns: 0,
      }),
    ).toMatch(/MRU head.*8\.0 classic LRU/);
  });

  it('says an index probe of a cached block is an examination, not a pool get', () => {
    const c = context(test1).ctx;
    const hit = {
      type: 'hit',
      buf: 3,
      pool: 'DEFAULT',
      tch_before: 0,
      tch_after: 0,
      since_touch_ns: 0,
    } as const;
    expect(say(c, { ...hit, touch: 'stayed', get: 'examination' })).toMatch(
      /index probe of a cached block \(buf 3, DEFAULT\): examination, not a pool get \| probe_examination: .*consistent_gets unchanged/,
    );
    expect(say(c, { ...hit, touch: 'stayed', get: 'pinned' })).toMatch(
      /index block pinned and counted, left where it is.*index_hit_stays.*index_hit_relink = TRUE/,
    );
    expect(
      say(c, {
        type: 'access',
        pos: 2,
        exec: 0,
        seg: 3,
        block: 1,
        dba: 0,
        op: 'read',
        probe: 'unique_scan',
        at_ns: 0,
        direct: false,
      }),
    ).toMatch(/^index unique scan probe of LOOKUP_TBL_PK block 1/);
  });

  it('does not call an examined probe a pool get on its access line', () => {
    const { run, ctx: c } = context(test1);
    run.seek(3000);
    run.setRecordEvents(true);
    run.step(400);
    const groups = narrateEvents(c, run.events(), 3000);
    const examined = groups.filter((g) =>
      g.lines.some((l) => /examination, not a pool get/.test(l.text)),
    );
    const counted = groups.filter(
      (g) => g.lines.some((l) => /^(hit|miss)/.test(l.kind)) && !examined.includes(g),
    );
    expect(examined.length).toBeGreaterThan(0);
    expect(counted.length).toBeGreaterThan(0);
    for (const g of examined) {
      expect(g.lines[0].why).toMatch(/only examined, so not a logical read of the pool/);
      expect(g.lines[0].why).not.toMatch(/\+ 1/);
    }
    for (const g of counted) expect(g.lines[0].why).toMatch(/gets \+ 1/);
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

describe('narration of the I/O path (profiles 10.2.0.5 and later, seed 004)', () => {
  let ten: NarrationContext;
  beforeAll(() => {
    ten = context(keep1020).ctx;
  });
  const decision = (patch: Partial<ScanDecision>): ScanDecision => ({
    direct: true,
    reason: 'large',
    blocks: 99_200,
    pool: 'DEFAULT',
    small_table_threshold: 7_700,
    large_above: 38_500,
    keep_buffers: 129_024,
    cached: 0,
    dirty: 0,
    ...patch,
  });
  const scan = (c: NarrationContext, patch: Partial<ScanDecision>) =>
    say(c, { type: 'scan_start', seg: 0, decision: decision(patch) });

  it('gives every direct-read decision with the numbers it compared', () => {
    expect(scan(ten, {})).toBe(
      'full scan of TABLE_DATA (99,200 blocks, DEFAULT pool): serial direct path read into the session’s memory | 99,200 blocks > 5 × _small_table_threshold 7,700, 0 % cached → direct path read',
    );
    expect(scan(ten, { pool: 'KEEP', reason: 'keep_bug' })).toMatch(
      /KEEP segment of 99,200 blocks > 10 % of the KEEP cache \(12,902 of 129,024 buffers\) and > 5 × _small_table_threshold 7,700, 0 % cached → read direct: bug 8897574, fixed in 11\.2\.0\.2$/,
    );
    // Large only by the bug: under 5 × the threshold.
    expect(scan(ten, { pool: 'KEEP', reason: 'keep_bug', blocks: 20_000 })).toMatch(
      /\| KEEP segment of 20,000 blocks > 10 % of the KEEP cache \(12,902 of 129,024 buffers\), 0 % cached → read direct/,
    );
    expect(scan(ten, { direct: false, reason: 'mostly_cached', cached: 99_200 })).toMatch(
      /read through the buffer cache \| 99,200 blocks > 5 × _small_table_threshold 7,700, but 100 % cached ≥ 50 % → reads through the cache$/,
    );
    expect(
      scan(ten, { direct: false, reason: 'mostly_dirty', cached: 40_000, dirty: 30_000 }),
    ).toMatch(/40 % cached, but 30 % dirty ≥ 25 % → reads through the cache/);
    expect(scan(ten, { direct: false, reason: 'small', blocks: 30_000 })).toMatch(
      /30,000 blocks ≤ 5 × _small_table_threshold 7,700 = 38,500 → a small table/,
    );
    expect(scan(ten, { direct: false, reason: 'event_off' })).toMatch(
      /event 10358 at level 4 \(bug 8332368\); it is off/,
    );
    expect(scan(ten, { reason: 'forced' })).toMatch(/_serial_direct_read = ALWAYS \/ TRUE/);
    const eleven = context(keep1120).ctx;
    expect(scan(eleven, { direct: false, reason: 'disabled' })).toMatch(/event 10949 at level 1/);
    expect(scan(eleven, { direct: false, pool: 'KEEP', reason: 'keep_fits' })).toMatch(
      /\| KEEP segment of 99,200 blocks smaller than the KEEP cache \(129,024 buffers\) → through the cache \(11\.2\.0\.2 fix for bug 8897574\)$/,
    );
    expect(scan(ctx816(), { direct: false, reason: 'not_in_profile' })).toMatch(
      /profile 8\.1\.6 predates serial direct path reads/,
    );
  });

  it('says where a missed block came from', () => {
    expect(say(ten, { type: 'read', source: 'os_cache', ns: 12_000 })).toBe(
      'served by the OS page cache: 12.0 µs | a system call and a copy, no disk wait — Oracle still counts a physical read (buffered I/O: filesystemio_options NONE or ASYNCH, double buffering)',
    );
    expect(say(ten, { type: 'read', source: 'disk', ns: 70_826_000 })).toMatch(
      /^read from disk: 70\.8 ms \|.*physical reads \+ 1/,
    );
    expect(say(ten, { type: 'read', source: 'rides', ns: 0 })).toMatch(
      /already under way: no extra wait \| db_file_multiblock_read_count 128/,
    );
  });

  it('narrates direct reads, segment checkpoints, script steps and flushes', () => {
    expect(
      say(ten, { type: 'direct_read', seg: 0, block: 17, source: 'disk', ns: 183_800 }),
    ).toMatch(
      /^TABLE_DATA block 17 read direct from disk into the session’s memory: 183\.8 µs \| .*pools are untouched.*physical reads direct \+ 1/,
    );
    expect(say(ten, { type: 'segment_checkpoint', seg: 0, buffers: 3, waited_ns: 3e7 })).toMatch(
      /^segment checkpoint of TABLE_DATA: 3 dirty buffers written, 30\.0 ms \| before a direct read/,
    );
    expect(
      say(ten, {
        type: 'step',
        index: 2,
        text: "alter session set events = '10358 trace name context forever, level 4'",
      }),
    ).toMatch(/^step 3: alter session set events.*\| event 10358 at level 4/);
    expect(say(ten, { type: 'flushed', buffers: 1200, written: 3 })).toBe(
      'buffer cache flushed: 1,200 buffers freed, 3 dirty written first | alter system flush buffer_cache: every buffer becomes free; the next read of any block is a physical read',
    );
    expect(
      say(ten, {
        type: 'access',
        pos: 1,
        exec: 4,
        seg: 0,
        block: 7,
        dba: 4194312,
        op: 'scan',
        probe: 'block',
        at_ns: 0,
        direct: true,
      }),
    ).toMatch(/read direct into the session’s memory: no pool is searched/);
    expect(say(ten, { type: 'elided', after: 10_000 })).toMatch(
      /^… the rest of this step is not narrated \(10,000 events recorded\)/,
    );
  });

  it('puts a buffered full-scan block at the midpoint from 10.2.0.5 on', () => {
    const e = { type: 'insert', buf: 385_024, place: 'midpoint', tch: 1, charged: true } as const;
    const scanAccess = {
      type: 'access',
      pos: 5,
      exec: 7,
      seg: 0,
      block: 0,
      dba: 4194304,
      op: 'scan',
      probe: 'block',
      at_ns: 0,
      direct: false,
    } as const;
    const l = narrateEvent(ten, e, scanAccess);
    expect(l.why).toBe(
      '10.2.0.5 and later: a buffered full-scan block goes to the midpoint like any other read, tch 1 — _small_table_threshold (7,700 blocks) decides direct reads, not the tail',
    );
    expect(narrateEvent(ctx816(), e, scanAccess).why).toMatch(/^8i midpoint insertion/);
  });

  it("narrates seed 004's five scans with their reasons, each step in a group of its own", () => {
    const { run } = context(keep1020);
    const whys: string[] = [];
    // Step k's control takes one position; each select then reads 99,200 blocks.
    const scans = [3, 4, 6, 7, 9].map((k, i) => k + 99_200 * i);
    for (const at of scans) {
      run.seek(at);
      run.setRecordEvents(true);
      run.step(2);
      const groups = narrateEvents(run.layoutInfo(), run.events(), at);
      run.setRecordEvents(false);
      expect(groups.map((g) => g.position)).toEqual([at + 1, at + 2]);
      expect(groups[0].lines.map((l) => l.kind)).toEqual(['step']);
      expect(groups[1].lines[0].kind).toBe('scan_start');
      whys.push(groups[1].lines[0].why);
    }
    expect(whys.map((w) => w.slice(w.lastIndexOf('→') + 2))).toEqual([
      'read direct: bug 8897574, fixed in 11.2.0.2',
      'read direct: bug 8897574, fixed in 11.2.0.2',
      'through the buffer cache',
      'through the buffer cache',
      'reads through the cache',
    ]);
  });
});
