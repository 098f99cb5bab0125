// Per-frame data for the D3 views, read fresh from the run (typed arrays are views over wasm
// memory: never keep them across engine calls).
import type { CacheFrame, ChainFrame } from '../views/types';
import type { AppState } from './store';

/** What every view's frame shares: the step's events and how to animate them. */
function stepOf(s: AppState, fresh: boolean) {
  return {
    events: fresh ? s.events : [],
    selected: s.selected,
    animate: fresh && s.animate,
    durationMs: s.durationMs,
  };
}

/** `fresh`: the run moved since the last frame, so its events are new and may animate. */
export function cacheFrame(s: AppState, fresh: boolean): CacheFrame | null {
  const { run, layout } = s;
  if (!run || !layout) return null;
  // order() fills a vector in the engine and may grow wasm memory, which detaches typed
  // arrays read before it: read the buffer views after it.
  const { order, info } = run.order();
  const views = run.views();
  return {
    profile: layout.config.profile,
    sets: layout.sets,
    objects: layout.objects,
    order,
    info,
    dba: views.dba,
    tch: views.tch,
    flags: views.flags,
    ...stepOf(s, fresh),
  };
}

export function chainFrame(s: AppState, fresh: boolean): ChainFrame | null {
  const { run, layout } = s;
  if (!run || !layout) return null;
  const views = run.views();
  return {
    buckets: layout.config.hash_buckets,
    latches: layout.config.hash_latches,
    chainLengths: views.chainLengths,
    dba: views.dba,
    flags: views.flags,
    objects: layout.objects,
    ...stepOf(s, fresh),
    chain: (bucket) => run.chain(bucket),
  };
}
