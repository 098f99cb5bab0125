// The profile select of the init.ora panel: each Oracle version with one line on what it
// changes, for the buffer cache and for the library cache.
import type { Profile } from '../../sim/engine';
import { PROFILES } from '../../sim/profile';

/** What the profile changes in the buffer cache and the I/O path under it (seed 004). */
const BUFFER_HELP: Record<Profile, string> = {
  '8.0': 'Classic LRU: new blocks and every hit go to the MRU head.',
  '8.1.5': 'Touch counts, midpoint insertion; a cooled buffer gets _db_aging_cool_count.',
  '8.1.6': 'As 8.1.5, but a cooled buffer keeps its touch count.',
  '10.2.0.5':
    '8.1.6 rules; serial direct path reads only with event 10358 at level 4 (bug 8332368); KEEP-pool bug 8897574.',
  '11.2.0.1':
    'Serial direct path reads on by default (off with event 10949 level 1); KEEP-pool bug 8897574.',
  '11.2.0.2':
    'Bug 8897574 fixed: a KEEP segment smaller than the KEEP cache is buffered; _serial_direct_read takes AUTO, NEVER, ALWAYS.',
};

/** What the profile changes in the library cache (seed 001 ran 8.1.5 and 8.1.6). */
const LIBRARY_HELP: Record<Profile, string> = {
  '8.0': 'The library cache model follows 8i (seed 001); CURSOR_SHARING is not available.',
  '8.1.5': "Seed 001's shared pool size tests: no CURSOR_SHARING, so literal SQL is never shared.",
  '8.1.6': 'CURSOR_SHARING = FORCE is available: literals become :"SYS_B_n" binds.',
  '10.2.0.5': 'The library cache follows 8.1.6: CURSOR_SHARING = FORCE is available.',
  '11.2.0.1': 'The library cache follows 8.1.6: CURSOR_SHARING = FORCE is available.',
  '11.2.0.2': 'The library cache follows 8.1.6: CURSOR_SHARING = FORCE is available.',
};

export interface ProfileOption {
  value: Profile;
  label: string;
  help: string;
}

/** The select's options, oldest first. */
export const PROFILE_OPTIONS: ProfileOption[] = PROFILES.map((p) => ({
  value: p,
  label: p,
  help: BUFFER_HELP[p],
}));

/** The line under the select for this profile in this simulation. */
export const profileHelp = (profile: Profile, mode: 'buffer' | 'library'): string =>
  (mode === 'library' ? LIBRARY_HELP : BUFFER_HELP)[profile];
