// The profile select of the init.ora panel: each Oracle version with one line on what it
// changes, for the buffer cache and for the library cache — the engine's own words
// (`profile.rs`, through sim/profile).
import type { Profile } from '../../sim/engine';
import { profileTable, traitsOf } from '../../sim/profile';

export interface ProfileOption {
  value: Profile;
  label: string;
  help: string;
}

/** The select's options, oldest first. */
export const profileOptions = (): ProfileOption[] =>
  profileTable().map((t) => ({ value: t.profile, label: t.profile, help: t.buffer_help }));

/** The line under the select for this profile in this simulation. */
export const profileHelp = (profile: Profile, mode: 'buffer' | 'library'): string => {
  const t = traitsOf(profile);
  return mode === 'library' ? t.library_help : t.buffer_help;
};

/** The parameters of `names` the profile has no use for (all of them: the group is dimmed). */
export const ignoresAll = (profile: Profile, names: readonly string[]): boolean => {
  const ignored = traitsOf(profile).ignores;
  return names.length > 0 && names.every((n) => ignored.includes(n));
};
