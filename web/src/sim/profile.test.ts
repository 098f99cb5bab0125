// The page's view of every profile is the engine's own table, read through the bindings; the
// facts the page asks are derived from it, never restated.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineNode } from './node';
import {
  firstWith,
  hasKeepBug,
  hasSerialDirectReads,
  profiles,
  profileTable,
  traitsOf,
} from './profile';

beforeAll(() => loadEngineNode());

/** The versions the seeds describe (a row added later leaves their facts as they are). */
const SEED_VERSIONS = ['8.0', '8.1.5', '8.1.6', '10.2.0.5', '11.2.0.1', '11.2.0.2'];

describe('profiles', () => {
  it('are the engine’s rows, oldest first, each named once', () => {
    // A version's name is its row's (profile.rs): the page has no list of its own.
    expect(new Set(profiles()).size).toBe(profileTable().length);
    for (const p of SEED_VERSIONS) expect(profiles()).toContain(p);
    for (const p of profiles()) expect(traitsOf(p).profile).toBe(p);
    expect(() => traitsOf('9i' as never)).toThrow(/no profile 9i/);
  });

  it('derive serial direct reads and the KEEP-pool bug 8897574 from the rows', () => {
    const rows = profileTable();
    expect(profiles().filter(hasSerialDirectReads)).toEqual(
      rows.filter((t) => t.direct_reads !== 'none').map((t) => t.profile),
    );
    expect(profiles().filter(hasKeepBug)).toEqual(
      rows.filter((t) => t.keep_bug).map((t) => t.profile),
    );
    // The seeds' facts, as a reader checks them against docs/model.md's profile table.
    expect(SEED_VERSIONS.filter(hasSerialDirectReads)).toEqual([
      '10.2.0.5',
      '11.2.0.1',
      '11.2.0.2',
    ]);
    expect(SEED_VERSIONS.filter(hasKeepBug)).toEqual(['10.2.0.5', '11.2.0.1']);
    expect(firstWith((t) => t.cursor_sharing_force)).toBe('8.1.6');
  });

  it('every row has help for both simulations and names its sources', () => {
    for (const t of profileTable()) {
      expect(t.buffer_help.length).toBeGreaterThan(10);
      expect(t.library_help.length).toBeGreaterThan(10);
      expect(t.sources.length).toBeGreaterThan(0);
    }
  });
});
