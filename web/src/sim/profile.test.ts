// The page's view of every profile is the engine's own table, read through the bindings; the
// facts the page asks are derived from it, never restated.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

describe('profiles', () => {
  it('are the engine’s rows, oldest first, one per Profile variant', () => {
    const generated = readFileSync(
      fileURLToPath(new URL('./generated/Profile.ts', import.meta.url)),
      'utf8',
    );
    const variants = [...generated.matchAll(/"([\d.]+)"/g)].map((m) => m[1]);
    expect(profiles()).toEqual(variants);
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
    expect(profiles().filter(hasSerialDirectReads)).toEqual(['10.2.0.5', '11.2.0.1', '11.2.0.2']);
    expect(profiles().filter(hasKeepBug)).toEqual(['10.2.0.5', '11.2.0.1']);
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
