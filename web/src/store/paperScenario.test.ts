import { describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import { differencesFromPaper, paperScenario } from './paperScenario';
import { BUNDLED } from './scenarios';

const hot50 = BUNDLED.find((e) => e.id === 'seed000-8i-hot50')?.scenario as Scenario;

describe('differences from the paper’s configuration', () => {
  it('none for the bundled seed experiment itself', () => {
    expect(differencesFromPaper(hot50, paperScenario(hot50, 'seed000-8i-hot50', BUNDLED))).toEqual(
      [],
    );
  });

  it('names each edited parameter with its value and the paper’s', () => {
    const edited: Scenario = {
      ...hot50,
      profile: '8.1.6',
      init: { ...hot50.init, _db_percent_hot_default: 0, _db_block_hash_buckets: 7 },
    };
    const paper = paperScenario(edited, 'seed000-8i-hot50', BUNDLED);
    expect(differencesFromPaper(edited, paper)).toEqual([
      { name: 'profile', now: '8.1.6', paper: hot50.profile },
      { name: '_db_percent_hot_default', now: '0', paper: '50' },
      { name: '_db_block_hash_buckets', now: '7', paper: 'default' },
    ]);
  });

  it('finds the paper’s scenario by its figures when the run came from a link', () => {
    const edited = { ...hot50, cost: { ...hot50.cost, physical_read_ms: 5 } };
    const diffs = differencesFromPaper(edited, paperScenario(edited, null, BUNDLED));
    expect(diffs.map((d) => d.name)).toEqual(['cost.physical_read_ms']);
  });

  it('nothing to compare without a paper', () => {
    const bare: Scenario = { ...hot50, paper: undefined };
    expect(paperScenario(bare, null, BUNDLED)).toBeNull();
  });
});
