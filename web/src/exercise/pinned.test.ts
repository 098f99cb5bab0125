// Issue 38 #5: an exercise seed's questions do not move when the engine gains a version row.
// The same seeds are built twice, by the page's modules as they are and by a fresh copy of
// them over an engine whose profile table has one more row; the exercises must be the same.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../sim/engine';
import type * as ProfileModule from '../sim/profile';

const SEEDS = Array.from({ length: 300 }, (_, k) => k + 1);

async function exercises(): Promise<string[]> {
  const { loadEngineNode } = await import('../sim/node');
  loadEngineNode();
  const { buildExercise } = await import('./exercise');
  return SEEDS.map((seed) => JSON.stringify(buildExercise(seed)));
}

afterAll(() => {
  vi.doUnmock('../sim/profile');
  vi.resetModules();
});

describe('exercise seeds', () => {
  it('give the same questions after a version row is added to the engine', async () => {
    const before = await exercises();
    vi.resetModules();
    vi.doMock('../sim/profile', async (importOriginal) => {
      const real = await importOriginal<typeof ProfileModule>();
      const table = () => {
        const rows = real.profileTable();
        return [...rows, { ...rows[rows.length - 1], profile: '12.1.0.2' as Profile }];
      };
      return { ...real, profileTable: table, profiles: () => table().map((t) => t.profile) };
    });
    const after = await exercises();
    const { profiles } = await import('../sim/profile');
    expect(profiles()).toContain('12.1.0.2');
    const moved = SEEDS.filter((_, k) => after[k] !== before[k]);
    expect(moved, 'seeds whose exercise moved').toEqual([]);
  });

  it('draw from versions the engine has', async () => {
    const { EXERCISE_PROFILES_V1 } = await import('./generate');
    const { profiles } = await import('../sim/profile');
    const { loadEngineNode } = await import('../sim/node');
    loadEngineNode();
    for (const p of EXERCISE_PROFILES_V1) expect(profiles()).toContain(p);
  });
});
