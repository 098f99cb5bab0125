// The contract between the buffer cache's D3 views (this folder) and the app that mounts them.
import type { Event, PolicyView, Profile, Segment, SetInfo } from '../../sim/engine';
import type { RegionDef } from '../../sim/generated/buffer/RegionDef';
import type { StepStatistics } from '../../sim/generated/buffer/StepStatistics';
export type { View } from '../../shared/views/types';

export interface CacheFrame {
  profile: Profile;
  /** The replacement policy's regions, head first (the engine's `Layout.regions`). */
  regions: RegionDef[];
  /**
   * Each working set's policy state (the engine's `policyStateJson`, read after every step):
   * ghost lists, hand, per-buffer marks and status, adaptive numbers.
   */
  policy: PolicyView[];
  /** Buffers keep touch counts under the policy (cells show them). */
  touchCounts: boolean;
  sets: SetInfo[];
  objects: Segment[];
  order: Uint32Array;
  info: Uint32Array;
  dba: Uint32Array;
  tch: Uint32Array;
  flags: Uint8Array;
  events: Event[]; // of the last step; empty at full speed
  selected: number | null; // buf# selected by the user (highlight it)
  animate: boolean; // false when playing fast: draw the state, skip tweens
  durationMs: number; // time available for this step's animation
  /** The run has an OS page cache: buffers with FLAG.OS_CACHED are marked. */
  osCache: boolean;
  /** The OS page cache's counts now, when the run has one (the double buffering gauge). */
  os?: OsTotals | null;
  /**
   * Compare mode: 1 for a buffer holding a block the other configuration (`diffOther`,
   * "A" or "B") has not cached — outlined, with a legend entry. Absent: one configuration.
   */
  diff?: Uint8Array | null;
  diffOther?: string | null;
}
/** The OS page cache in numbers: pages it can hold and holds, those that copy a buffer. */
export interface OsTotals {
  capacity: number;
  resident: number;
  doubled: number;
  doubledBytes: number;
}
export interface ChainFrame {
  buckets: number;
  latches: number;
  chainLengths: Uint32Array;
  dba: Uint32Array;
  flags: Uint8Array;
  objects: Segment[];
  events: Event[];
  selected: number | null;
  animate: boolean;
  durationMs: number;
  chain: (bucket: number) => number[];
  /** A bucket pointed at (a lecture slide's highlight), shown and ringed; null: none. */
  marked?: number | null;
  /** The run's position (access #), when the frame comes from a run. */
  position?: number;
}
export interface ViewOptions {
  onSelect: (buf: number) => void;
  /** Optional: height in CSS px the drawing should fit in (default: a share of the window). */
  maxHeight?: number;
}

/** The OS page cache layer under the pools (seed 003). */
export interface OsFrame {
  /** Pairs [dba, buffer] (buffer NO_BUFFER: only the OS holds it), most recently used first. */
  pages: Uint32Array;
  /** Pages the OS can hold, and hold now. */
  capacity: number;
  resident: number;
  objects: Segment[];
  selected: number | null;
  events: Event[];
  animate: boolean;
  durationMs: number;
}

/** The session PGA box: direct path reads (seed 004). */
export interface PgaFrame {
  /** A script's steps so far (undefined for other workloads). */
  steps: StepStatistics[] | undefined;
  /** `physical reads direct` of the whole run. */
  directTotal: number;
  done: boolean;
  objects: Segment[];
  events: Event[];
  animate: boolean;
  durationMs: number;
}
