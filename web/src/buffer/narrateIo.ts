// The I/O path in words (profiles 10.2.0.5 and later, seeds 003 and 004): where a missed block
// came from, the direct-read decision of every full scan with the numbers it compared, direct
// path reads, segment checkpoints, a script's steps and `alter system flush buffer_cache`.
// The decision's own words are ../sim/scanDecision's (the PGA panel and the timeline use them).
import type { Event, Layout } from '../sim/engine';
import { scanWhy } from '../sim/scanDecision';

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

export function scanStart(ctx: Layout, e: Of<'scan_start'>): Said {
  const d = e.decision;
  const how = d.direct
    ? 'serial direct path read into the session’s memory'
    : 'read through the buffer cache';
  return {
    text: `full scan of ${segName(ctx, e.seg)} (${figure(d.blocks)} blocks, ${d.pool} pool): ${how}`,
    why: scanWhy(ctx.config.profile, d),
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
