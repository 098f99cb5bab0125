// The Oracle versions in release order, and what a profile has (as
// wasm-core/engine/src/profile.rs says; a Record keeps the list complete when the engine adds
// one).
import type { Profile } from './generated/Profile';

const RANK: Record<Profile, number> = {
  '8.0': 0,
  '8.1.5': 1,
  '8.1.6': 2,
  '10.2.0.5': 3,
  '11.2.0.1': 4,
  '11.2.0.2': 5,
};

/** Every profile, oldest first. */
export const PROFILES = (Object.keys(RANK) as Profile[]).sort((a, b) => RANK[a] - RANK[b]);

/** `p` is `min` or a later version. */
export const atLeast = (p: Profile, min: Profile): boolean => RANK[p] >= RANK[min];

/**
 * 10.2.0.5 and later: a serial full scan may read direct, and a buffered full-scan block goes
 * to the midpoint like any other read (`_small_table_threshold` decides direct reads instead).
 */
export const hasSerialDirectReads = (p: Profile): boolean => atLeast(p, '10.2.0.5');

/** Before 11.2.0.2: a KEEP segment over 10 % of the KEEP cache counts as large (bug 8897574). */
export const hasKeepBug = (p: Profile): boolean =>
  hasSerialDirectReads(p) && !atLeast(p, '11.2.0.2');
