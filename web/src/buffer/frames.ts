// The buffer cache views' frames (../shared/frames): the replacement lists, with the
// comparison's marks in compare mode, and the cache buffers chains.
import type { CacheFrame, ChainFrame } from './views/types';
import { bufferSim } from '../store/selectors';
import type { AppState } from '../store/store';
import { diffOf } from '../compare/diff';
import { stepOf } from '../shared/frames';
import { chainState, listState } from './listState';

/** `fresh`: the run moved since the last frame, so its events are new and may animate. */
export function cacheFrame(s: AppState, fresh: boolean): CacheFrame | null {
  const sim = bufferSim(s);
  if (!sim) return null;
  const diff = diffOf(s);
  const os = sim.report.io?.os_cache;
  return {
    diff: diff?.marks ?? null,
    diffOther: diff?.other ?? null,
    ...listState(sim.run, sim.layout),
    selected: sim.selected,
    osCache: os !== undefined,
    os: os
      ? {
          capacity: os.size_blocks,
          resident: os.resident_blocks,
          doubled: os.double_buffered_blocks,
          doubledBytes: os.double_buffered_bytes,
        }
      : null,
    ...stepOf(s, sim, fresh),
  };
}

export function chainFrame(s: AppState, fresh: boolean): ChainFrame | null {
  const sim = bufferSim(s);
  if (!sim) return null;
  return {
    ...chainState(sim.run, sim.layout),
    selected: sim.selected,
    marked: sim.bucket,
    ...stepOf(s, sim, fresh),
  };
}
