// The library cache views' frames (../shared/frames): the hash table and the heap.
import type { BucketFrame, HeapFrame } from './views/types';
import { librarySim } from '../store/selectors';
import type { AppState } from '../store/store';
import { stepOf } from '../shared/frames';

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
