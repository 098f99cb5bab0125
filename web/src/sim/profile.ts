// The Oracle versions and what each one changes, as the engine's profile table says
// (wasm-core/engine/src/profile.rs, `profileTraits()`): the page never restates a version's
// rule or compares version strings; it asks the row.
import { profileTraits as wasmProfileTraits } from '../wasm/pkg/cachesim.js';
import type { Profile } from './generated/Profile';
import type { ProfileTraits } from './generated/ProfileTraits';

export type { ProfileTraits };

let table: ProfileTraits[] | null = null;

/** Every version's row, oldest first (the engine must be loaded). */
export function profileTable(): ProfileTraits[] {
  table ??= JSON.parse(wasmProfileTraits()) as ProfileTraits[];
  return table;
}

/** Every profile, oldest first. */
export const profiles = (): Profile[] => profileTable().map((t) => t.profile);

/** The row of profile `p`. */
export function traitsOf(p: Profile): ProfileTraits {
  const row = profileTable().find((t) => t.profile === p);
  if (!row) throw new Error(`the engine has no profile ${p}`);
  return row;
}

/**
 * 10.2.0.5 and later: a serial full scan may read direct, and a buffered full-scan block goes
 * to the midpoint like any other read (`_small_table_threshold` decides direct reads instead).
 */
export const hasSerialDirectReads = (p: Profile): boolean => traitsOf(p).direct_reads !== 'none';

/** Before 11.2.0.2: a KEEP segment over 10 % of the KEEP cache counts as large (bug 8897574). */
export const hasKeepBug = (p: Profile): boolean => traitsOf(p).keep_bug;

/** The oldest profile whose row has `has` (for "came with 8.1.6" in a sentence). */
export const firstWith = (has: (t: ProfileTraits) => boolean): Profile | undefined =>
  profileTable().find(has)?.profile;
