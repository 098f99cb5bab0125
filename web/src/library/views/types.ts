// The contract between the library cache's D3 views and the app that mounts them.
import type * as library from '../../sim/library';

/** The library cache hash table: bucket array, chains, latch children. */
export interface BucketFrame {
  /** Handles on each bucket's chain (its length is the bucket count, which doubles). */
  chainLengths: Uint32Array;
  /** Library cache child latches: bucket b is covered by child b mod latches. */
  latches: number;
  /** The events of the last step (empty at full speed or after a jump). */
  events: library.Event[];
  /** The bucket the user selected (its chain is drawn), or null. */
  selectedBucket: number | null;
  /** The handles on a bucket's chain in walk order (newest first). */
  chain: (bucket: number) => library.ChainEntry[];
  animate: boolean;
  durationMs: number;
  /** The run's position (statement #), when the frame comes from a run. */
  position?: number;
}

/** The shared pool heap and its free lists. */
export interface HeapFrame {
  poolBytes: number;
  /** CHUNK_WIDTH (5) numbers a chunk, address order: offset, size, kind, flags, object. */
  chunks: Uint32Array;
  /** Chunks on each free list, and each list's smallest chunk size. */
  freeLists: Uint32Array;
  bucketMin: number[];
  events: library.Event[];
  animate: boolean;
  durationMs: number;
  /** The run moved since the last frame (with no events: it jumped, e.g. ran to the end). */
  moved: boolean;
}

export interface ViewOptions {
  onSelectBucket: (bucket: number | null) => void;
  maxHeight?: number;
}
