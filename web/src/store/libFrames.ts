// Per-frame data for the library cache's D3 views, read from the run. The engine returns
// copies (not views over wasm memory), so the arrays may be kept.
import type { BucketFrame, HeapFrame } from '../views/libTypes';
import type { AppState } from './store';

/** What both frames share: the step's events and how to animate them. */
function stepOf(s: AppState, fresh: boolean) {
  return {
    events: fresh ? s.libEvents : [],
    animate: fresh && s.animate,
    durationMs: s.durationMs,
  };
}

/** `fresh`: the run moved since the last frame, so its events are new and may animate. */
export function bucketFrame(s: AppState, fresh: boolean): BucketFrame | null {
  const { lib } = s;
  if (!lib) return null;
  const cfg = s.libConfig ?? lib.config();
  return {
    chainLengths: lib.chainLengths(),
    latches: Math.max(1, cfg.latches),
    selectedBucket: s.selectedBucket,
    chain: (bucket) => lib.chain(bucket),
    ...stepOf(s, fresh),
  };
}

export function heapFrame(s: AppState, fresh: boolean): HeapFrame | null {
  const { lib } = s;
  if (!lib) return null;
  const cfg = s.libConfig ?? lib.config();
  return {
    poolBytes: cfg.pool_bytes,
    chunks: lib.heapChunks(),
    freeLists: lib.freeListLengths(),
    bucketMin: cfg.bucket_min,
    ...stepOf(s, fresh),
  };
}
