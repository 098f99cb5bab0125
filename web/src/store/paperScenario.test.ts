import { describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import { differencesFromPaper, paperComparison, paperScenario } from './paperScenario';
import { createAppStore } from './store';
import { BUNDLED } from './scenarios';
import { beforeAll } from 'vitest';
import { loadEngineNode } from '../sim/node';

const hot50 = BUNDLED.find((e) => e.id === 'seed000-8i-hot50')?.scenario as Scenario;

beforeAll(() => loadEngineNode());

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

  // issue 26 #6: seed 001's TEST 1 with cursor_sharing = FORCE is exactly TEST 3, whose
  // figures the paper gives; it was greyed out as "not the paper's configuration"
  it('compares an edit that is another of the paper’s runs with that run', () => {
    const test1 = BUNDLED.find((e) => e.id === 'seed001-8.1.6-test1')!.scenario;
    const forced = { ...test1, init: { ...test1.init, cursor_sharing: 'FORCE' } };
    const c = paperComparison(forced, 'seed001-8.1.6-test1', BUNDLED);
    expect(c.twin?.id).toBe('seed001-8.1.6-test3');
    expect(c.differences).toEqual([]);
    // an edit that is no run of the paper is still named, and compared with nothing
    const odd = { ...test1, init: { ...test1.init, shared_pool_size: '16M' } };
    expect(paperComparison(odd, 'seed001-8.1.6-test1', BUNDLED)).toMatchObject({
      twin: null,
      differences: [{ name: 'shared_pool_size', now: '16M', paper: '15M' }],
    });
    // the page runs it with TEST 3's figures: the paper table is TEST 3's
    const store = createAppStore({ scenarios: BUNDLED });
    store.getState().engineReady('');
    store.getState().loadScenario('seed001-8.1.6-test1');
    store.getState().edit((d) => ({ ...d, init: { ...d.init, cursor_sharing: 'FORCE' } }));
    expect(store.getState().sim?.paper?.source).toBe('seed 001, Table 3, TEST 3');
    expect(store.getState().current?.paper?.source).toBe('seed 001, Table 3, TEST 1');
  });
});
