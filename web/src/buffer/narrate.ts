// Every engine event in words: what happened, and which rule and init.ora parameter made it
// happen. The same events drive the animation; this turns them into the narration log.
import { splitDba, type Event, type Layout, type SetInfo } from '../sim/engine';
import { policyLabel } from '../sim/policy';
import { firstWith, hasSerialDirectReads, traitsOf } from '../sim/profile';
import * as io from './narrateIo';
import type { NarrationGroup, NarrationLine } from '../shared/narration';
import { plural } from '../shared/words';

/** What the narration reads of a buffer cache run: its layout (configuration, objects, sets). */
export type NarrationContext = Layout;

const seconds = (ns: number) => `${(ns / 1e9).toFixed(ns % 1e9 === 0 ? 0 : 2)} s`;
const millis = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;

function blockName(ctx: NarrationContext, seg: number, block: number): string {
  const obj = ctx.objects[seg];
  return `${obj ? obj.name : `object ${seg}`} block ${block}`;
}

function setOf(ctx: NarrationContext, buf: number): { index: number; set: SetInfo } | null {
  const index = ctx.sets.findIndex((s) => buf >= s.lo && buf < s.hi);
  return index < 0 ? null : { index, set: ctx.sets[index] };
}

/** A tag's words in a sentence: 'COLD TAIL' → 'cold tail', 'LRU TAIL' → 'LRU tail'. */
const words = (tag: readonly string[] | null | undefined, none: string) =>
  tag ? tag[0].replace(/\b(?!LRU\b|MRU\b)\w+/g, (w) => w.toLowerCase()) : none;
/** The eviction end of the policy's list, as its last region's tail tag names it. */
const tail = (ctx: NarrationContext) => words(ctx.regions.at(-1)?.tail_tag, 'tail');
/** The policy's name in a sentence: "8.0 classic LRU", "ARC", "Belady's OPT" (../sim/policy). */
const policyWords = (ctx: NarrationContext) => policyLabel(ctx.policy);

/** The access being served, which later events of the same access refer to. */
type Access = Extract<Event, { type: 'access' }>;

const OPS: Record<Access['op'], string> = {
  read: 'single-block read',
  write: 'change',
  scan: 'full-scan read',
};

function insertWhy(ctx: NarrationContext, e: Extract<Event, { type: 'insert' }>, a?: Access) {
  const obj = a ? ctx.objects[a.seg] : undefined;
  const set = setOf(ctx, e.buf);
  const pool = ctx.config.pools.find((p) => p.id === set?.set.pool);
  const stt = pool ? pool.small_table_threshold : 0;
  const mbrc = e.charged
    ? ''
    : `; same multiblock read (db_file_multiblock_read_count ${ctx.config.multiblock_read_count}), no extra I/O`;
  const big = obj ? `${obj.name}, ${obj.blocks} blocks > _small_table_threshold ${stt}` : '';
  switch (e.place) {
    case 'midpoint':
      if (a?.op === 'scan' && hasSerialDirectReads(ctx.config.profile)) {
        const direct = ctx.config.pools.find((p) => p.id === 'DEFAULT')?.small_table_threshold;
        return `10.2.0.5 and later: a buffered full-scan block goes to the midpoint like any other read, tch 1 — _small_table_threshold (${io.figure(direct ?? stt)} blocks) decides direct reads, not the tail${mbrc}`;
      }
      return `8i midpoint insertion: a block read from disk starts cold, tch 1${mbrc}`;
    case 'cold_tail':
    case 'lru_tail':
      return `full scan of a large NOCACHE table (${big}) → the tail, it ages out first${mbrc}`;
    case 'mru_head':
      if (a?.op === 'scan') {
        return obj && obj.blocks <= stt
          ? `full scan of a small table (${obj.blocks} blocks ≤ _small_table_threshold ${stt}) → the MRU head${mbrc}`
          : `full scan with CACHE (table clause or hint) → the MRU head${mbrc}`;
      }
      return `${policyWords(ctx)}: a block read from disk goes to the ${words(ctx.regions[0]?.head_tag, 'head')}${mbrc}`;
  }
}

/** The plan's index probes (seed 000: RANGE SCAN of LARGE_TBL_PK, UNIQUE SCAN of LOOKUP_TBL_PK). */
const PROBES = {
  range_scan: 'index range scan probe',
  unique_scan: 'index unique scan probe',
} as const;

const PLACES = {
  midpoint: 'the midpoint (head of the cold region)',
  cold_tail: 'the cold tail',
  mru_head: 'the MRU head',
  lru_tail: 'the LRU tail',
} as const;

/** One event in words; `access` is the access it belongs to, if any. */
export function narrateEvent(ctx: NarrationContext, e: Event, access?: Access): NarrationLine {
  const { aging } = ctx.config;
  const line = (text: string, why: string, buf?: number): NarrationLine =>
    buf === undefined ? { kind: e.type, text, why } : { kind: e.type, text, why, buf };
  const said = (s: io.Said) => line(s.text, s.why);
  switch (e.type) {
    case 'access':
      return line(
        `${e.probe === 'block' ? OPS[e.op] : PROBES[e.probe]} of ${blockName(ctx, e.seg, e.block)}`,
        e.direct
          ? 'a consistent get of a block read direct into the session’s memory: no pool is searched and no pool’s statistics count it'
          : `a logical read (${e.op === 'write' ? 'db_block_gets' : 'consistent_gets'} + 1) of the ${ctx.objects[e.seg]?.buffer_pool ?? 'DEFAULT'} pool, the segment's BUFFER_POOL`,
      );
    case 'chain_walk':
      return line(
        `hash chain of bucket ${e.bucket} (latch ${e.latch}): compared ${e.walked} of ${plural(e.chain_len, 'header')} → ` +
          (e.found === null ? 'not in the cache' : `found in buf ${e.found}`),
        `bucket = hash(DBA) mod _db_block_hash_buckets ${ctx.config.hash_buckets}; latch = bucket mod _db_block_hash_latches ${ctx.config.hash_latches}`,
        e.found ?? undefined,
      );
    case 'hit': {
      const since = seconds(e.since_touch_ns);
      const touch = seconds(aging.touch_time_ns);
      if (e.get === 'examination') {
        const tch =
          e.touch === 'incremented'
            ? `; tch ${e.tch_before} → ${e.tch_after} (${since} ≥ _db_aging_touch_time ${touch})`
            : e.touch === 'too_soon'
              ? `; tch stays ${e.tch_after}`
              : '';
        return line(
          `index probe of a cached block (buf ${e.buf}, ${e.pool}): examination, not a pool get${tch}`,
          `probe_examination: read under the cache buffers chains latch without a pin or the LRU latch — ${e.pool} consistent_gets unchanged, the buffer does not move (probe_examination = FALSE counts it)`,
          e.buf,
        );
      }
      if (e.touch === 'stayed') {
        return line(
          `hit in buf ${e.buf} (${e.pool}): index block pinned and counted, left where it is on the LRU list`,
          '8.0 index_hit_stays (inferred from seed 000 Table 6): index hits do not relink; index_hit_relink = TRUE moves every hit to the MRU head',
          e.buf,
        );
      }
      if (e.touch === 'unchanged') {
        return line(
          `hit in buf ${e.buf} (${e.pool}): the buffer does not move`,
          `${policyWords(ctx)}: a hit does not reorder the list`,
          e.buf,
        );
      }
      if (e.touch === 'marked') {
        return line(
          `hit in buf ${e.buf} (${e.pool}): marked, the buffer does not move`,
          `${policyWords(ctx)}: a hit only sets the buffer's mark; the hand or the eviction end reads it later`,
          e.buf,
        );
      }
      if (e.touch === 'moved') {
        return line(
          `hit in buf ${e.buf} (${e.pool}) → moved by a rule of ${policyWords(ctx)}`,
          `${policyWords(ctx)}: a hit moves the buffer within or between its queues (the next line says where)`,
          e.buf,
        );
      }
      if (e.touch === 'moved_to_head') {
        return line(
          `hit in buf ${e.buf} (${e.pool}) → moved to the MRU head`,
          ctx.policy === 'lru'
            ? '8.0 classic LRU: every hit moves the buffer to the head of its list'
            : `${policyWords(ctx)}: the hit moves the buffer to the head of its list (the rule line says which)`,
          e.buf,
        );
      }
      if (e.touch === 'incremented') {
        return line(
          `hit in buf ${e.buf} (${e.pool}): tch ${e.tch_before} → ${e.tch_after}, the buffer does not move`,
          `${since} since its last increment ≥ _db_aging_touch_time ${touch} → tch + 1 (8i hits never move a buffer)`,
          e.buf,
        );
      }
      return line(
        `hit in buf ${e.buf} (${e.pool}): tch stays ${e.tch_after}, the buffer does not move`,
        `too soon: ${since} since its last increment < _db_aging_touch_time ${touch}`,
        e.buf,
      );
    }
    case 'miss': {
      const sets = ctx.sets.filter((s) => s.pool === e.pool).length;
      return line(
        `miss: not cached → a buffer is needed in ${e.pool} working set ${e.set}`,
        sets === 1
          ? `the segment's BUFFER_POOL is ${e.pool}, which has one working set (one LRU latch)`
          : `the segment's BUFFER_POOL is ${e.pool}; its ${sets} working sets (one per LRU latch) are taken round-robin, one per miss`,
      );
    }
    case 'free_buffer':
      return line(
        `buf ${e.buf} of set ${e.set} was never used → taken, nothing is replaced`,
        'a working set uses its free buffers before it replaces any block',
        e.buf,
      );
    case 'inspect':
      return line(
        `inspect buf ${e.buf} at the ${tail(ctx)}: ${ctx.touch_counts ? `tch ${e.tch}, ` : ''}${e.dirty ? 'dirty' : 'clean'}`,
        `replacement looks from the ${tail(ctx)} (free_buffer_inspected + 1)`,
        e.buf,
      );
    case 'promote':
      return line(
        `buf ${e.buf} promoted to the hot head, tch ${e.tch_before} → ${e.tch_after}`,
        `tch ${e.tch_before} ≥ _db_aging_hot_criteria ${aging.hot_criteria} → moved to hot head, tch set to _db_aging_stay_count ${aging.stay_count}`,
        e.buf,
      );
    case 'cool': {
      const found = setOf(ctx, e.buf);
      const pool = found?.set.pool ?? 'DEFAULT';
      const pct = ctx.config.pools.find((p) => p.id === pool)?.percent_hot ?? 0;
      const size = found ? found.set.hi - found.set.lo : 0;
      const limit = `hot region over floor(${size} × _db_percent_hot_${pool.toLowerCase()} ${pct} / 100) = ${found?.set.hot_max ?? 0} buffers`;
      // The profile's cool rule (profile.rs): 8.1.5 resets, 8.1.6 and later keep.
      const tch =
        traitsOf(ctx.config.profile).cool === 'set_cool_count'
          ? `tch set to _db_aging_cool_count ${aging.cool_count} (${ctx.config.profile})`
          : `tch kept (${firstWith((t) => t.cool === 'keep' && t.replacement === 'touch-count') ?? ''} and later)`;
      return line(
        `buf ${e.buf} cooled across the midpoint to the cold head, tch ${e.tch_before} → ${e.tch_after}`,
        `${limit} → its last buffer crosses the midpoint, ${tch}`,
        e.buf,
      );
    }
    case 'dirty_skip':
      return line(
        `buf ${e.buf} is dirty → moved to set ${e.set}'s write list, the scan goes on`,
        'a dirty buffer is never a victim: DBWR must write it first (dirty_buffers_inspected + 1)',
        e.buf,
      );
    case 'victim': {
      const old = splitDba(e.old_dba);
      const gone = old ? `${blockName(ctx, old.seg, old.block)} leaves the cache` : 'it was empty';
      return line(
        `buf ${e.buf} is the victim: ${gone}`,
        ctx.touch_counts
          ? `tch ${e.tch} < _db_aging_hot_criteria ${aging.hot_criteria} and clean → replaced`
          : `the clean buffer at the ${tail(ctx)} is replaced`,
        e.buf,
      );
    }
    case 'insert':
      return line(
        `${access ? blockName(ctx, access.seg, access.block) : 'the block'} read into buf ${e.buf} at ${PLACES[e.place]}${ctx.touch_counts ? `, tch ${e.tch}` : ''}` +
          (e.charged ? ' (physical read)' : ''),
        insertWhy(ctx, e, access),
        e.buf,
      );
    case 'dirty':
      return line(
        `buf ${e.buf} changed → dirty`,
        'a write access makes the buffer dirty (db_block_change + 1); it cannot be replaced until written',
        e.buf,
      );
    case 'free_buffer_wait':
      return line(
        `free buffer wait: ${millis(e.waited_ns)} for DBWR ${e.dbwr}`,
        `no clean buffer within _db_block_max_scan_pct ${ctx.config.max_scan_pct} % of set ${e.set} → the session posted DBWR ${e.dbwr} and waited`,
      );
    case 'write_complete_wait':
      return line(
        `write complete wait: ${millis(e.waited_ns)} on buf ${e.buf}`,
        'the buffer is being written by DBWR; a change must wait until the write completes',
        e.buf,
      );
    case 'dbwr_write': {
      const why = {
        threshold: `its write lists reached _db_block_write_batch ${ctx.config.write_batch} buffers`,
        timeout: 'the 3 s timeout: DBWR writes what its write lists hold every 3 s',
        posted: 'posted by a session that found no clean buffer (_db_block_max_scan_pct)',
      }[e.reason];
      return line(
        `DBWR ${e.dbwr} starts writing ${plural(e.buffers.length, 'buffer')}, done at t = ${(e.done_ns / 1e9).toFixed(3)} s`,
        why,
        e.buffers[0],
      );
    }
    case 'dbwr_complete':
      return line(
        `DBWR ${e.dbwr} finished writing ${plural(e.buffers.length, 'buffer')}: clean again`,
        `written buffers go to the ${tail(ctx)}, ready for reuse (physical_writes + ${e.buffers.length})`,
        e.buffers[0],
      );
    case 'sleep':
      return line(
        `the session sleeps ${seconds(e.ns)}`,
        "the workload's own sleep between executions",
      );
    case 'read':
      return said(io.read(ctx, e, access?.op === 'scan'));
    case 'scan_start':
      return said(io.scanStart(ctx, e));
    case 'direct_read':
      return said(io.directRead(ctx, e));
    case 'segment_checkpoint':
      return said(io.segmentCheckpoint(ctx, e));
    case 'step':
      return said(io.step(e));
    case 'flushed':
      return said(io.flushed(e));
    case 'elided':
      return said(io.elided(e));
    case 'rule':
      return line(e.text, `a rule of ${policyWords(ctx)}`, e.buf ?? undefined);
    case 'page_in':
      return line(
        e.disk
          ? `page fault on buf ${e.buf}: its page had migrated to disk, ${millis(e.ns)} to bring it back`
          : `page fault on buf ${e.buf}: page-in from expanded storage, ${(e.ns / 1000).toFixed(0)} µs of CPU`,
        'the host had paged out the least recently used pages, this buffer’s among them; Oracle still counts a hit or a read, the host pays the page fault (seed 002)',
        e.buf,
      );
  }
}

/**
 * Group a step's events by access, in order; `position` is where the step started. A script
 * step (a position of its own, no access) opens a group of its own; a scan's decision and its
 * segment checkpoint, emitted just before the scan's first access, open that access's group.
 */
export function narrateEvents(
  ctx: NarrationContext,
  events: Event[],
  position: number,
): NarrationGroup[] {
  const groups: NarrationGroup[] = [];
  let access: Access | undefined;
  let group: NarrationGroup | undefined;
  // Accesses done before the next event's access (a script step takes a position too).
  let next = position;
  let pending: NarrationLine[] = [];
  let accessLine: NarrationLine | undefined;
  for (const e of events) {
    if (e.type === 'access') {
      access = e;
      next = e.pos + 1;
      group = {
        position: next,
        title: `#${next} · exec ${e.exec} · t ${(e.at_ns / 1e9).toFixed(3)} s`,
        lines: pending,
      };
      pending = [];
      groups.push(group);
    } else if (e.type === 'step') {
      access = undefined;
      accessLine = undefined;
      next += 1;
      group = { position: next, title: `#${next} · script step ${e.index + 1}`, lines: [] };
      groups.push(group);
    } else if (e.type === 'scan_start' || e.type === 'segment_checkpoint') {
      pending.push(narrateEvent(ctx, e));
      continue;
    } else if (!group) {
      group = { position, title: 'background work', lines: [] };
      groups.push(group);
    }
    const said = narrateEvent(ctx, e, access);
    group.lines.push(said);
    if (e.type === 'access') accessLine = said;
    else if (e.type === 'hit' && e.get === 'examination' && accessLine) {
      // The access line is written before the lookup; an examination turns out not to be a
      // pool get at all (rule probe_examination), so the access line must not claim one.
      accessLine.why = `an index probe of the ${e.pool} pool that finds its block cached: only examined, so not a logical read of the pool (consistent_gets unchanged)`;
    }
  }
  if (pending.length > 0) {
    group = group ?? { position: next, title: 'background work', lines: [] };
    if (!groups.includes(group)) groups.push(group);
    group.lines.push(...pending);
  }
  return groups;
}
