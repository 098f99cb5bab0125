// Per-frame data for the D3 views (the glue between the store and views/), read fresh from
// the slot's run: the buffer cache's typed arrays are views over wasm memory (never keep them
// across engine calls), the library cache's are copies.
import type { CacheFrame, ChainFrame, OsFrame, PgaFrame } from '../buffer/views/types';
import { OS_PAGE_LIMIT } from '../io/views/osLayout';
import type { BucketFrame, HeapFrame } from '../library/views/types';
import { bufferSim, librarySim } from '../store/selectors';
import { rawState, whichOf } from '../store/compare';
import type { Sim } from '../store/slot';
import type { AppState } from '../store/store';
import { BlockDiff, type DiffMarks } from '../compare/blockDiff';

/** The comparison's marks, computed once per change of either run (both views share them). */
const differ = new BlockDiff();
let diffKey: [number, unknown, unknown] | null = null;
let diffMarks: DiffMarks | null = null;

/**
 * In compare mode, the marks of the run `s` shows: its buffers holding a block the other
 * configuration has not cached; null with one configuration (or a library cache).
 */
export function diffOf(s: AppState): { marks: Uint8Array; count: number; other: string } | null {
  const raw = rawState(s);
  const a = bufferSim(raw);
  const b = raw.compare?.sim;
  if (!a || b?.kind !== 'buffer') return null;
  if (!diffKey || diffKey[0] !== raw.tick || diffKey[1] !== a.run || diffKey[2] !== b.run) {
    // both read before any engine call that could grow memory (views() allocates nothing)
    diffMarks = differ.compute(
      { dba: a.run.views().dba, objects: a.layout.objects },
      { dba: b.run.views().dba, objects: b.layout.objects },
    );
    diffKey = [raw.tick, a.run, b.run];
  }
  if (!diffMarks) return null;
  return whichOf(s) === 'a'
    ? { marks: diffMarks.a, count: diffMarks.onlyA, other: 'B' }
    : { marks: diffMarks.b, count: diffMarks.onlyB, other: 'A' };
}

/** What every view's frame shares: the step's events and how to animate them. */
function stepOf<S extends Sim>(s: AppState, sim: S, fresh: boolean) {
  return {
    events: fresh ? (sim.events as S['events']) : [],
    animate: fresh && s.animate,
    durationMs: s.durationMs,
  };
}

/** `fresh`: the run moved since the last frame, so its events are new and may animate. */
export function cacheFrame(s: AppState, fresh: boolean): CacheFrame | null {
  const sim = bufferSim(s);
  if (!sim) return null;
  const { run, layout } = sim;
  // order() fills a vector in the engine and may grow wasm memory, which detaches typed
  // arrays read before it: read the buffer views after it.
  const diff = diffOf(s);
  const { order, info } = run.order();
  const views = run.views();
  return {
    diff: diff?.marks ?? null,
    diffOther: diff?.other ?? null,
    profile: layout.config.profile,
    regions: layout.regions,
    touchCounts: layout.touch_counts,
    sets: layout.sets,
    objects: layout.objects,
    order,
    info,
    dba: views.dba,
    tch: views.tch,
    flags: views.flags,
    selected: sim.selected,
    osCache: sim.report.io?.os_cache !== undefined,
    ...stepOf(s, sim, fresh),
  };
}

export function chainFrame(s: AppState, fresh: boolean): ChainFrame | null {
  const sim = bufferSim(s);
  if (!sim) return null;
  const { run, layout } = sim;
  const views = run.views();
  return {
    buckets: layout.config.hash_buckets,
    latches: layout.config.hash_latches,
    chainLengths: views.chainLengths,
    dba: views.dba,
    flags: views.flags,
    objects: layout.objects,
    selected: sim.selected,
    ...stepOf(s, sim, fresh),
    chain: (bucket) => run.chain(bucket),
  };
}

/** The OS page cache layer: null when the run's reads bypass it. */
export function osFrame(s: AppState, fresh: boolean): OsFrame | null {
  const sim = bufferSim(s);
  const os = sim?.report.io?.os_cache;
  if (!sim || !os) return null;
  return {
    pages: sim.run.osCache(OS_PAGE_LIMIT),
    capacity: os.size_blocks,
    resident: os.resident_blocks,
    objects: sim.layout.objects,
    selected: sim.selected,
    ...stepOf(s, sim, fresh),
  };
}

/** The session PGA box (direct path reads). */
export function pgaFrame(s: AppState, fresh: boolean): PgaFrame | null {
  const sim = bufferSim(s);
  const io = sim?.report.io;
  if (!sim || !io) return null;
  return {
    steps: sim.report.steps,
    directTotal: io.physical_reads_direct,
    done: sim.done,
    objects: sim.layout.objects,
    ...stepOf(s, sim, fresh),
  };
}

export function bucketFrame(s: AppState, fresh: boolean): BucketFrame | null {
  const sim = librarySim(s);
  if (!sim) return null;
  const { run, config } = sim;
  return {
    chainLengths: run.chainLengths(),
    latches: Math.max(1, config.latches),
    selectedBucket: sim.selected,
    chain: (bucket) => run.chain(bucket),
    ...stepOf(s, sim, fresh),
  };
}

export function heapFrame(s: AppState, fresh: boolean): HeapFrame | null {
  const sim = librarySim(s);
  if (!sim) return null;
  const { run, config } = sim;
  return {
    poolBytes: config.pool_bytes,
    chunks: run.heapChunks(),
    freeLists: run.freeListLengths(),
    bucketMin: config.bucket_min,
    ...stepOf(s, sim, fresh),
    moved: fresh,
  };
}
