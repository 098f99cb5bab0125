// Per-frame data for the D3 views, read fresh from the run (typed arrays are views over wasm
// memory: never keep them across engine calls).
import type { CacheFrame, ChainFrame } from '../views/types';
import type { AppState } from './store';

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
    events: fresh ? s.events : [],
    selected: s.selected,
    animate: fresh && s.animate,
    durationMs: s.durationMs,
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
    events: fresh ? s.events : [],
    selected: s.selected,
    animate: fresh && s.animate,
    durationMs: s.durationMs,
    chain: (bucket) => run.chain(bucket),
  };
}
