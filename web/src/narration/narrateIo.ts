// The I/O path in words (profiles 10.2.0.5 and later, seeds 003 and 004): where a missed block
// came from, the direct-read decision of every full scan with the numbers it compared, direct
// path reads, segment checkpoints, a script's steps and `alter system flush buffer_cache`.
import type { Event, Layout } from '../sim/engine';
import type { ScanDecision } from '../sim/generated/buffer/ScanDecision';
import { atLeast, hasKeepBug } from '../sim/profile';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;

/** What happened, and the rule and parameter that made it happen. */
export interface Said {
  text: string;
  why: string;
}

export const figure = (n: number) => n.toLocaleString('en-US');

/** A duration at the scale it has: s, ms or µs. */
export function duration(ns: number): string {
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(2)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(1)} ms`;
  return `${(ns / 1e3).toFixed(1)} µs`;
}

const segName = (ctx: Layout, seg: number) => ctx.objects[seg]?.name ?? `object ${seg}`;

/** Percent of the segment's blocks, rounded down (so "< 50 %" and "≥ 50 %" stay true). */
const pct = (part: number, blocks: number) =>
  blocks === 0 ? 0 : Math.floor((part * 100) / blocks);

/** Why the segment counted as large: the KEEP bug (before 11.2.0.2), over 5 × the threshold. */
function largeBecause(ctx: Layout, d: ScanDecision): string {
  const why: string[] = [];
  const tenth = Math.floor(d.keep_buffers / 10);
  if (
    d.pool === 'KEEP' &&
    d.keep_buffers > 0 &&
    hasKeepBug(ctx.config.profile) &&
    d.blocks > tenth
  ) {
    why.push(
      `KEEP segment of ${figure(d.blocks)} blocks > 10 % of the KEEP cache (${figure(tenth)} of ${figure(d.keep_buffers)} buffers)`,
    );
  }
  if (d.blocks > d.large_above) {
    const stt = `5 × _small_table_threshold ${figure(d.small_table_threshold)}`;
    why.push(why.length ? `> ${stt}` : `${figure(d.blocks)} blocks > ${stt}`);
  }
  return why.join(' and ');
}

/** The decision's numbers and the rule that settled it. */
export function scanWhy(ctx: Layout, d: ScanDecision): string {
  const profile = ctx.config.profile;
  const cached = `${pct(d.cached, d.blocks)} % cached`;
  switch (d.reason) {
    case 'not_in_profile':
      return `profile ${profile} predates serial direct path reads (10.2.0.5 and later) → every full scan goes through the buffer cache`;
    case 'event_off':
      return '10.2.0.5 reads direct only with event 10358 at level 4 (bug 8332368); it is off → through the buffer cache';
    case 'disabled':
      return atLeast(profile, '11.2.0.1')
        ? 'serial direct path reads are off (_serial_direct_read = NEVER / FALSE, or event 10949 at level 1) → through the buffer cache'
        : '_serial_direct_read = NEVER / FALSE → every serial full scan goes through the buffer cache';
    case 'forced':
      return '_serial_direct_read = ALWAYS / TRUE → every serial full scan reads direct';
    case 'small': {
      const keep =
        d.pool === 'KEEP' && d.keep_buffers > 0 && hasKeepBug(profile)
          ? ` and ≤ 10 % of the KEEP cache (${figure(Math.floor(d.keep_buffers / 10))} buffers)`
          : '';
      return `${figure(d.blocks)} blocks ≤ 5 × _small_table_threshold ${figure(d.small_table_threshold)} = ${figure(d.large_above)}${keep} → a small table, read through the cache`;
    }
    case 'keep_fits':
      return `KEEP segment of ${figure(d.blocks)} blocks smaller than the KEEP cache (${figure(d.keep_buffers)} buffers) → through the cache (11.2.0.2 fix for bug 8897574)`;
    case 'mostly_cached':
      return `${largeBecause(ctx, d)}, but ${cached} ≥ 50 % → reads through the cache`;
    case 'mostly_dirty':
      return `${largeBecause(ctx, d)}, ${cached}, but ${pct(d.dirty, d.blocks)} % dirty ≥ 25 % → reads through the cache (a segment checkpoint would cost more than the direct read saves)`;
    case 'large':
      return `${largeBecause(ctx, d)}, ${cached} → direct path read`;
    case 'keep_bug':
      return `${largeBecause(ctx, d)}, ${cached} → read direct: bug 8897574, fixed in 11.2.0.2`;
  }
}

export function scanStart(ctx: Layout, e: Of<'scan_start'>): Said {
  const d = e.decision;
  const how = d.direct
    ? 'serial direct path read into the session’s memory'
    : 'read through the buffer cache';
  return {
    text: `full scan of ${segName(ctx, e.seg)} (${figure(d.blocks)} blocks, ${d.pool} pool): ${how}`,
    why: scanWhy(ctx, d),
  };
}

export function read(ctx: Layout, e: Of<'read'>, scan: boolean): Said {
  const mbrc = ctx.config.multiblock_read_count;
  switch (e.source) {
    case 'disk':
      return {
        text: `read from disk: ${duration(e.ns)}`,
        why: scan
          ? `one multiblock read request of up to db_file_multiblock_read_count ${mbrc} blocks (cost.physical_read_ms), charged to its first block; physical reads + 1`
          : 'one single-block read request (cost.physical_read_ms); physical reads + 1',
      };
    case 'rides':
      return {
        text: 'read by the multiblock request already under way: no extra wait',
        why: `db_file_multiblock_read_count ${mbrc}: one request brings several blocks; Oracle still counts a physical read`,
      };
    case 'os_cache':
      return {
        text: `served by the OS page cache: ${duration(e.ns)}`,
        why: 'a system call and a copy, no disk wait — Oracle still counts a physical read (buffered I/O: filesystemio_options NONE or ASYNCH, double buffering)',
      };
  }
}

export function directRead(ctx: Layout, e: Of<'direct_read'>): Said {
  const from = e.source === 'os_cache' ? 'the OS page cache' : 'disk';
  return {
    text: `${segName(ctx, e.seg)} block ${e.block} read direct from ${from} into the session’s memory: ${duration(e.ns)}`,
    why: 'serial direct path read: no buffer is taken, the pools are untouched (the consistent get counts for the session, not for a pool); physical reads direct + 1, at cost.direct_read_mb_s',
  };
}

export function segmentCheckpoint(ctx: Layout, e: Of<'segment_checkpoint'>): Said {
  const n = e.buffers;
  return {
    text: `segment checkpoint of ${segName(ctx, e.seg)}: ${figure(n)} dirty buffer${n === 1 ? '' : 's'} written, ${duration(e.waited_ns)}`,
    why: 'before a direct read the segment’s dirty buffers are written, so the read sees current blocks on disk (cost.physical_write_ms each)',
  };
}

/** What a script statement does, by its words (a step with a label says only its label). */
function stepWhy(text: string): string {
  const t = text.toLowerCase();
  if (/^\s*select\b/.test(t)) return 'a serial full scan: the direct-read decision comes first';
  if (/^\s*run\b/.test(t)) return 'a run of another workload, timed as one step';
  if (t.includes('10358')) {
    return t.includes('off')
      ? 'event 10358 off: 10.2.0.5 reads every full scan through the buffer cache again'
      : 'event 10358 at level 4: 10.2.0.5 considers serial direct path reads (bug 8332368)';
  }
  if (t.includes('10949')) {
    return t.includes('off')
      ? 'event 10949 off: 11g decides direct reads per scan again'
      : 'event 10949 at level 1: 11g reads every full scan through the buffer cache';
  }
  if (t.includes('flush') && t.includes('buffer_cache')) {
    return 'every buffer is freed (dirty ones written first): the next scans start cold';
  }
  if (t.includes('buffer_pool')) {
    return "the segment's BUFFER_POOL clause: its blocks are cached in that pool from now on";
  }
  if (t.includes('_serial_direct_read')) {
    return '_serial_direct_read for the session: AUTO decides per scan, NEVER / FALSE never reads direct, ALWAYS / TRUE always does';
  }
  if (t.includes('_small_table_threshold')) {
    return '_small_table_threshold for the session: scans over 5 × this many blocks are candidates for direct reads';
  }
  if (t.includes('db_file_multiblock_read_count')) {
    return 'db_file_multiblock_read_count for the session: blocks per full-scan read request';
  }
  return 'a step of the script; the timeline shows its elapsed time';
}

export function step(e: Of<'step'>): Said {
  return { text: `step ${e.index + 1}: ${e.text}`, why: stepWhy(e.text) };
}

export function flushed(e: Of<'flushed'>): Said {
  return {
    text: `buffer cache flushed: ${figure(e.buffers)} buffer${e.buffers === 1 ? '' : 's'} freed, ${figure(e.written)} dirty written first`,
    why: 'alter system flush buffer_cache: every buffer becomes free; the next read of any block is a physical read',
  };
}

export function elided(e: Of<'elided'>): Said {
  return {
    text: `… the rest of this step is not narrated (${figure(e.after)} events recorded)`,
    why: 'a long execution (a whole-table scan) makes hundreds of thousands of events; the engine records the first ones, and the statistics and the timeline count everything',
  };
}
