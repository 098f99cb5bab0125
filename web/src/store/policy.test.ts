// The scenario's replacement policy (`policy`): chosen in the form it runs, a share link
// carries it, and a link naming no registered policy opens the default scenario with the
// engine's message, which names the field and lists the policies.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeHash, encodeState } from '../links/link';
import { loadEngineNode } from '../sim/node';
import { policies, policyNames, policyOf } from '../sim/policy';
import { BUNDLED, DEFAULT_SCENARIO_ID } from './scenarios';
import { bufferSim } from './selectors';
import { createAppStore } from './store';
import { bundled, freshStore } from './storeFixture';

beforeAll(() => loadEngineNode());

const opened = (hash: string) => {
  const store = createAppStore({ scenarios: BUNDLED });
  store.getState().engineReady(`#${hash}`);
  return store;
};

describe('the replacement policy', () => {
  it('lists the engine’s registered policies, each with its words', () => {
    const names = policyNames();
    expect(names.slice(0, 3)).toEqual(['lru', 'touch-count', 'fifo']);
    for (const p of policies()) {
      expect(p.label).not.toBe('');
      expect(p.line.length, `the line of ${p.name}`).toBeGreaterThan(20);
    }
  });

  it('is the profile’s Oracle rules when the scenario names none', () => {
    const s = freshStore().getState();
    expect(s.current?.policy).toBeUndefined();
    expect(policyOf(s.current!)).toBe('touch-count');
    expect(bufferSim(s)?.report.policy).toBe('touch-count');
    expect(policyOf(bundled('policy-loop').scenario)).toBe('lru');
  });

  it('runs the policy chosen in the form, and a link carries it there and back', async () => {
    const a = freshStore();
    a.getState().edit((d) => ({ ...d, policy: 'fifo' }));
    await a.getState().seek(2000);
    expect(a.getState().current?.policy).toBe('fifo');
    expect(bufferSim(a.getState())?.report.policy).toBe('fifo');
    const shared = a.getState().sharedState()!;
    const hash = encodeState(shared);
    expect(decodeHash(hash)).toMatchObject({ ok: true, state: { scenario: { policy: 'fifo' } } });

    const b = opened(hash);
    expect(b.getState().linkError).toBeNull();
    expect(b.getState().current).toEqual(a.getState().current);
    expect(b.getState().sim?.position).toBe(2000);
    expect(bufferSim(b.getState())?.report).toEqual(bufferSim(a.getState())?.report);

    // back to Oracle's rules: the field is gone from the scenario and from the link
    b.getState().edit((d) => {
      const next = { ...d };
      delete next.policy;
      return next;
    });
    expect(bufferSim(b.getState())?.report.policy).toBe('touch-count');
    expect(encodeState(b.getState().sharedState()!)).not.toBe(hash);
  });

  it('opens a link naming no registered policy with the engine’s message, not a blank page', () => {
    const scenario = { ...bundled('policy-loop').scenario, policy: 'no-such-policy' };
    const store = opened(encodeState({ scenario, position: 0 }));
    const s = store.getState();
    expect(s.linkError).toMatch(
      /policy: 'no-such-policy' is not a replacement policy; the policies are/,
    );
    for (const name of policyNames()) expect(s.linkError).toContain(name);
    expect(s.scenarioId).toBe(DEFAULT_SCENARIO_ID);
    expect(s.sim).not.toBeNull();
  });

  it('refuses an unregistered name typed into the scenario, keeping the run', () => {
    const store = freshStore();
    const before = store.getState().sim?.run;
    store.getState().edit((d) => ({ ...d, policy: 'LRU' }));
    const s = store.getState();
    expect(s.draftError?.path).toBe('policy');
    expect(s.draftError?.detail).toMatch(/'LRU' is not a replacement policy/);
    expect(s.sim?.run).toBe(before);
  });
});
