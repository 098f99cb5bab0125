// What a narration is, for both caches: lines of what happened and why, grouped by access (the
// buffer cache, ../buffer/narrate) or by statement (the library cache, ../library/narrate).
import type { Event } from '../sim/engine';
import type * as library from '../sim/library';

export interface NarrationLine {
  kind: Event['type'] | library.Event['type'];
  /** What happened. */
  text: string;
  /** The rule and the parameter that made it happen. */
  why: string;
  /** The buffer it is about, for selecting it from the log. */
  buf?: number;
}

/** The lines of one access (or of background work between accesses). */
export interface NarrationGroup {
  /** Accesses done after it (the position it leads to). */
  position: number;
  title: string;
  lines: NarrationLine[];
}
