// What the replacement lists and the hash chains draw of a run's state, read from the engine (the
// lists in the one order that is safe): the page's frames (./frames) and the dev views harness
// (web/dev/harness.ts) both read it here.
import type { Layout, SimRun } from '../sim/engine';
import type { CacheFrame, ChainFrame } from './views/types';
import { EMPTY_POLICY } from './views/policyState';

/** What the replacement lists draw of a run's state, as the engine has it now. */
export type ListState = Pick<
  CacheFrame,
  | 'profile'
  | 'regions'
  | 'policy'
  | 'touchCounts'
  | 'sets'
  | 'objects'
  | 'order'
  | 'info'
  | 'dba'
  | 'tch'
  | 'flags'
>;

/** The replacement lists' state of `run` (the page's frames and the dev views harness). */
export function listState(run: SimRun, layout: Layout): ListState {
  // order() fills a vector in the engine and may grow wasm memory, which detaches typed
  // arrays read before it: read the buffer views after it.
  const policy = layout.sets.map((_, k) => run.policyState(k) ?? EMPTY_POLICY);
  const { order, info } = run.order();
  const views = run.views();
  return {
    profile: layout.config.profile,
    regions: layout.regions,
    policy,
    touchCounts: layout.touch_counts,
    sets: layout.sets,
    objects: layout.objects,
    order,
    info,
    dba: views.dba,
    tch: views.tch,
    flags: views.flags,
  };
}

/** What the cache buffers chains draw of a run's state. */
export type ChainState = Pick<
  ChainFrame,
  'buckets' | 'latches' | 'chainLengths' | 'dba' | 'flags' | 'objects' | 'chain'
>;

/** The hash chains' state of `run` (the page's frames and the dev views harness). */
export function chainState(run: SimRun, layout: Layout): ChainState {
  const views = run.views();
  return {
    buckets: layout.config.hash_buckets,
    latches: layout.config.hash_latches,
    chainLengths: views.chainLengths,
    dba: views.dba,
    flags: views.flags,
    objects: layout.objects,
    chain: (bucket) => run.chain(bucket),
  };
}
