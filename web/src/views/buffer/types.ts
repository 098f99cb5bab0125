// The contract between the buffer cache's D3 views (this folder) and the app that mounts them.
import type { Event, Profile, Segment, SetInfo } from '../../sim/engine';
export type { View } from '../shared/types';

export interface CacheFrame {
  profile: Profile;
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
}
export interface ViewOptions {
  onSelect: (buf: number) => void;
  /** Optional: height in CSS px the drawing should fit in (default: a share of the window). */
  maxHeight?: number;
}
