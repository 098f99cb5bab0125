// Compare mode: B steps in lockstep with A, is edited apart from A, loads from presets and
// travels in links.
import { compressToEncodedURIComponent } from 'lz-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeHash, encodeState } from '../links/link';
import type { Scenario } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { addressFor } from '../links/autosave';
import { stepContrast } from '../compare/contrast';
import { policyNames } from '../sim/policy';
import { COMPARE_PRESETS, slotState } from './compare';
import { withPolicy } from './compareActions';
import { storeOfB } from './context';
import { historyOf } from './history';
import { bufferSim, selectDraft, selectPlayback } from './selectors';
import { hasUnsavedWork, type AppStore } from './store';
import { bundled, freshStore } from './storeFixture';

beforeAll(() => loadEngineNode());

const fresh = freshStore;
const entry = bundled;
const positions = (store: AppStore) => {
  const s = store.getState();
  return [s.sim?.position, s.compare?.sim.position];
};
const physical = (store: AppStore, which: 'a' | 'b') =>
  bufferSim(slotState(store.getState(), which))?.report.total.physical_reads;

describe('compare mode', () => {
  it('makes B a copy of A at its position, the editors acting on B', async () => {
    const store = fresh();
    await store.getState().seek(500);
    store.getState().startCompare();
    const s = store.getState();
    expect(s.compare?.current).toEqual(s.current);
    expect(s.compare?.target).toBe('b');
    expect(positions(store)).toEqual([500, 500]);
    expect(s.compare?.sim.run).not.toBe(s.sim?.run);
  });

  it('narrates each configuration’s own steps, and says when the same access came out differently', () => {
    const store = fresh();
    store.getState().loadPreset('table6');
    const said = (which: 'a' | 'b') =>
      slotState(store.getState(), which)
        .narration.flatMap((g) => g.lines.map((l) => l.text))
        .join('\n');
    let contrast = null;
    for (let k = 0; k < 400 && !contrast; k++) {
      store.getState().step();
      const s = store.getState();
      expect(s.narrationB.at(-1)?.position).toBe(s.narration.at(-1)?.position);
      contrast = stepContrast(s.narration, s.narrationB);
    }
    // TEST2 (B) keeps LARGE_TBL in a RECYCLE pool; TEST1 (A) has the DEFAULT pool only
    expect(said('b')).toMatch(/RECYCLE/);
    expect(said('a')).not.toMatch(/RECYCLE/);
    expect(contrast).not.toBeNull();
    expect(contrast?.a).not.toBe(contrast?.b);
    store.getState().reset();
    expect(store.getState().narrationB.map((g) => g.title)).toEqual(['reset']);
  });

  it('steps, steps back, seeks, runs to the end and resets both to the same position', async () => {
    const store = fresh();
    store.getState().loadPreset('table6');
    const act = store.getState();
    act.step();
    expect(positions(store)).toEqual([1, 1]);
    act.stepExecution(); // the rest of the first execution
    expect(positions(store)).toEqual([4, 4]);
    expect(store.getState().compare?.sim.events.length).toBeGreaterThan(0);
    act.stepBack();
    expect(positions(store)).toEqual([3, 3]);
    await act.seek(12345);
    expect(positions(store)).toEqual([12345, 12345]);
    await act.seek(77);
    expect(positions(store)).toEqual([77, 77]);
    act.setSpeed(8); // full speed: jumps within a frame's budget
    act.play();
    store.getState().advance(1000, 5);
    const [a, b] = positions(store);
    expect(a).toBe(b);
    await act.runToEnd();
    expect(positions(store)).toEqual([40000, 40000]);
    expect(selectPlayback(store.getState()).done).toBe(true);
    act.reset();
    expect(positions(store)).toEqual([0, 0]);
  });

  it('gives both runs the headless runner’s numbers (the Table 6 preset)', async () => {
    const store = fresh();
    store.getState().loadPreset('table6');
    await store.getState().runToEnd();
    // scenarios/golden/seed000-8.0-test1.json and -test2.json
    expect(physical(store, 'a')).toBe(15685);
    expect(physical(store, 'b')).toBe(10647);
  });

  it('edits B without touching A (and A without touching B)', async () => {
    const store = fresh();
    await store.getState().seek(300);
    store.getState().startCompare();
    const a = store.getState().current;
    const runA = store.getState().sim?.run;
    const b = slotState(store.getState(), 'b');
    b.edit((d: Scenario) => ({ ...d, init: { ...d.init, db_block_buffers: 400 } }));
    const s = store.getState();
    expect(s.current).toBe(a);
    expect(s.sim?.run).toBe(runA);
    expect(s.compare?.current.init?.db_block_buffers).toBe(400);
    expect(s.compare?.edited).toBe(true);
    expect(selectDraft(slotState(s, 'b'))?.init?.db_block_buffers).toBe(400);
    expect(positions(store)).toEqual([300, 300]);
    expect(hasUnsavedWork(s)).toBe(true);
    const bBefore = s.compare?.current;
    s.edit((d) => ({ ...d, init: { ...d.init, db_block_buffers: 900 } }));
    expect(store.getState().compare?.current).toBe(bBefore);
    expect(store.getState().current?.init?.db_block_buffers).toBe(900);
    // an invalid B draft stays a draft: B runs on
    slotState(store.getState(), 'b').edit((d) => ({
      ...d,
      init: { ...d.init, db_block_buffers: -1 },
    }));
    expect(store.getState().compare?.draftError?.message).toMatch(/db_block_buffers/);
    expect(store.getState().compare?.current).toBe(bBefore);
  });

  it('loads every preset: both bundled scenarios (B under its policy), at the start', () => {
    const store = fresh();
    for (const p of COMPARE_PRESETS) {
      store.getState().loadPreset(p.id);
      const s = store.getState();
      expect(s.scenarioId).toBe(p.a);
      expect(s.current).toEqual(entry(p.a).scenario);
      if (p.policyB && !policyNames().includes(p.policyB)) {
        // a policy not registered in this build: the engine's message, A alone
        expect(s.runError).toMatch(
          new RegExp(`policy: '${p.policyB}' is not a replacement policy`),
        );
        expect(s.compare).toBeNull();
        continue;
      }
      expect(s.compare?.scenarioId).toBe(p.b);
      expect(s.compare?.preset).toBe(p.id);
      expect(s.compare?.current).toEqual(withPolicy(entry(p.b).scenario, p.policyB));
      // B as the preset made it: not an edit of its scenario
      expect(s.compare?.edited).toBe(false);
      expect(positions(store)).toEqual([0, 0]);
    }
  }, 30_000); // seed 004's caches: 514,000 buffers each

  it('leaves compare mode when another scenario is loaded, and on request', () => {
    const store = fresh();
    store.getState().loadPreset('table9');
    store.getState().loadScenario('seed000-8.0-test4');
    expect(store.getState().compare).toBeNull();
    store.getState().startCompare();
    store.getState().stopCompare();
    expect(store.getState().compare).toBeNull();
  });

  it('shares both configurations in a link that reopens both', async () => {
    const store = fresh();
    store.getState().loadPreset('table6');
    await store.getState().seek(2500);
    const shared = store.getState().sharedState();
    expect(shared?.compare?.base).toBe('seed000-8.0-test2');
    const other = fresh();
    other.getState().openHash(`#${encodeState(shared!)}`);
    const s = other.getState();
    expect(s.linkError).toBeNull();
    expect(s.scenarioId).toBe('seed000-8.0-test1');
    expect(s.compare?.scenarioId).toBe('seed000-8.0-test2');
    expect(s.compare?.preset).toBe('table6');
    expect(positions(other)).toEqual([2500, 2500]);
    expect(physical(other, 'b')).toBe(physical(store, 'b'));
  });

  it('opens A alone, saying what is wrong, when a link’s B is malformed or invalid', () => {
    const a = entry('seed000-8i-hot50').scenario;
    const enc = (v: unknown) => `#v1=${compressToEncodedURIComponent(JSON.stringify(v))}`;
    const store = fresh();
    store.getState().openHash(enc({ scenario: a, position: 3, compare: { scenario: 5 } }));
    expect(store.getState().compare).toBeNull();
    expect(store.getState().sim?.position).toBe(3);
    expect(store.getState().linkError).toMatch(/configuration B holds no scenario.*A opened alone/);
    const bad = { ...a, init: { ...a.init, db_block_buffers: -5 } };
    store.getState().openHash(enc({ scenario: a, position: 4, compare: { scenario: bad } }));
    expect(store.getState().compare).toBeNull();
    expect(store.getState().linkError).toMatch(/configuration B is not valid: .*db_block_buffers/);
    expect(decodeHash(enc({ scenario: a, position: 4 })).ok).toBe(true);
  });

  it('undoes and redoes B’s edits in B’s own history, A’s history untouched', () => {
    const store = fresh();
    store.getState().startCompare();
    const b = storeOfB(store);
    const historyB = historyOf(b);
    const historyA = historyOf(store);
    const original = store.getState().compare?.current;
    b.getState().edit((d) => ({ ...d, init: { ...d.init, db_block_buffers: 600 } }));
    expect(historyB.getState().past.map((e) => e.scenario)).toEqual([original]);
    expect(historyA.getState().past).toEqual([]);
    historyB.getState().undo();
    expect(store.getState().compare?.current).toEqual(original);
    historyB.getState().redo();
    expect(store.getState().compare?.current.init?.db_block_buffers).toBe(600);
  });

  it('autosaves both configurations in the address', async () => {
    const store = fresh();
    store.getState().loadPreset('table9');
    await store.getState().seek(10);
    const saved = addressFor(store.getState(), 'http://x.org/', 'seed000-8i-hot50');
    const decoded = decodeHash(new URL(saved!.url).hash);
    expect(decoded).toMatchObject({
      ok: true,
      state: { position: 10, base: 'seed000-8i-hot0', compare: { base: 'seed000-8i-hot50' } },
    });
  });
});
