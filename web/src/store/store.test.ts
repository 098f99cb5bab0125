import { beforeAll, describe, expect, it } from 'vitest';
import { encodeState } from '../links/link';
import { loadEngineNode } from '../sim/node';
import { BUNDLED, DEFAULT_SCENARIO_ID } from './scenarios';
import { bufferSim } from './selectors';
import type { Scenario } from '../sim/engine';
import { createAppStore, SPEEDS } from './store';
import { ANIMATE_MAX_EVENTS } from './state';
import { freshStore } from './storeFixture';

beforeAll(() => loadEngineNode());

const fresh = freshStore;

describe('the app store', () => {
  it('bundles every scenario and opens the default one', () => {
    expect(BUNDLED.map((s) => s.id)).toContain(DEFAULT_SCENARIO_ID);
    const s = fresh().getState();
    expect(s.scenarioId).toBe(DEFAULT_SCENARIO_ID);
    expect(s.sim?.position).toBe(0);
    expect(s.sim?.total).toBe(40000);
    expect(bufferSim(s)?.report.pools.map((p) => p.name)).toEqual(['DEFAULT']);
    expect(s.sim?.series).toHaveLength(1);
    expect(s.linkError).toBeNull();
  });

  it('holds a dropped trace file for the trace panel, leaving the run alone', () => {
    const store = fresh();
    store.getState().step();
    const before = store.getState().sim;
    const file = new File(['1\n2\n'], 'a.txt');
    store.getState().dropTrace(file);
    expect(store.getState().traceDrop?.file).toBe(file);
    expect(store.getState().sim).toBe(before);
    expect(store.getState().takeTrace()).toBe(file);
    expect(store.getState().traceDrop).toBeNull();
    expect(store.getState().takeTrace()).toBeNull();
  });

  it('gives each test its own store', () => {
    const a = fresh();
    const b = fresh();
    a.getState().step();
    expect(a.getState().sim?.position).toBe(1);
    expect(b.getState().sim?.position).toBe(0);
  });

  // issue 26 #4: after a profile switch the narration said "replayed to #496010" while the
  // run, still replaying in slices, was at #1,241
  it('says where a rebuilt run is, not where its replay is going', async () => {
    const store = fresh();
    store.getState().loadScenario('seed001-8.1.6-test1');
    await store.getState().runToEnd();
    const target = store.getState().sim!.position;
    store.getState().edit((d) => ({ ...d, profile: '8.1.5' }));
    const at = store.getState().sim!.position;
    const said = store.getState().narration.at(-1)!;
    const text = [said.title, ...said.lines.map((l) => l.text)].join(' ');
    const fmt = (n: number) => n.toLocaleString('en');
    if (at < target) expect(text).toContain(`replaying to #${fmt(target)} (at #${fmt(at)} now)`);
    else expect(text).toContain(`replayed to #${fmt(at)}`);
    expect(text).not.toContain(`replayed to #${fmt(target)}`);
    expect(at).toBeLessThan(target); // the replay is long enough to be sliced here
  });

  it('steps one access with events and narration', () => {
    const store = fresh();
    store.getState().step();
    const s = store.getState();
    expect(s.sim?.position).toBe(1);
    expect(s.sim?.events[0]).toMatchObject({ type: 'access', pos: 0 });
    const group = s.narration[s.narration.length - 1];
    expect(group.position).toBe(1);
    expect(group.lines.map((l) => l.kind)).toEqual([
      'access',
      'chain_walk',
      'miss',
      'free_buffer',
      'read',
      'insert',
    ]);
  });

  it('steps one execution (four accesses of the buffer stuffer)', () => {
    const store = fresh();
    store.getState().stepExecution();
    expect(store.getState().sim?.position).toBe(4);
    expect(store.getState().sim?.executions).toBe(1);
  });

  it('draws a statement of thousands of events as its end state, a short one tweened', () => {
    // seed 003's warm-up statement is 94,209 accesses: a tween per event cost the page
    // 0.5 s of transitions (issue 26 #12)
    const store = fresh();
    store.getState().loadScenario('seed003-db-cache');
    store.getState().stepExecution();
    let s = store.getState();
    expect(s.sim?.events.length).toBeGreaterThan(ANIMATE_MAX_EVENTS);
    expect(s.animate).toBe(false);
    store.getState().loadScenario('seed000-8.0-test1');
    store.getState().stepExecution();
    s = store.getState();
    expect(s.sim?.events.length).toBeLessThanOrEqual(ANIMATE_MAX_EVENTS);
    expect(s.animate).toBe(true);
  });

  it('steps back exactly: the same numbers as a run stopped there', async () => {
    const store = fresh();
    await store.getState().seek(2999);
    const at2999 = store.getState().sim?.report;
    store.getState().step();
    store.getState().step();
    store.getState().stepBack();
    store.getState().stepBack();
    expect(store.getState().sim?.position).toBe(2999);
    expect(store.getState().sim?.report).toEqual(at2999);
  });

  it('seeks back and forth, keeping the chart series bounded and ordered', async () => {
    const store = fresh();
    await store.getState().runToEnd();
    const end = store.getState();
    expect(end.sim?.done).toBe(true);
    expect(end.sim?.position).toBe(40000);
    expect(end.sim?.series.length).toBeLessThanOrEqual(402);
    const positions = (end.sim?.series ?? []).map((p) => p.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await store.getState().seek(10000);
    expect((store.getState().sim?.series ?? []).every((p) => p.position <= 10000)).toBe(true);
    expect(store.getState().sim?.position).toBe(10000);
    await store.getState().seek(40000);
    expect(store.getState().sim?.report).toEqual(end.sim?.report);
  });

  it('rebuilds the run on an edit, at the same position', async () => {
    const store = fresh();
    await store.getState().seek(5000);
    store.getState().edit((d) => ({ ...d, init: { ...d.init, _db_percent_hot_default: 0 } }));
    const s = store.getState();
    expect(s.draftError).toBeNull();
    expect(s.edited).toBe(true);
    expect(s.sim?.position).toBe(5000);
    expect(bufferSim(s)?.layout.config.pools[0].percent_hot).toBe(0);
  });

  it('keeps the run and reports the field when an edit is invalid', () => {
    const store = fresh();
    const before = store.getState().sim?.run;
    store.getState().edit((d) => ({ ...d, init: { ...d.init, db_block_lru_latches: 30 } }));
    const s = store.getState();
    expect(s.draftError?.path).toBe('init.db_block_lru_latches');
    expect(s.sim?.run).toBe(before);
    expect(s.draft?.init?.db_block_lru_latches).toBe(30);
  });

  it('opens a share link at its position, and a bad one with a message', async () => {
    const a = fresh();
    a.getState().edit((d) => ({ ...d, init: { ...d.init, _db_percent_hot_default: 25 } }));
    await a.getState().seek(1234);
    const shared = a.getState().sharedState();
    expect(shared).not.toBeNull();
    const b = createAppStore({ scenarios: BUNDLED });
    b.getState().engineReady(`#${encodeState(shared!)}`);
    expect(b.getState().linkError).toBeNull();
    expect(b.getState().sim?.position).toBe(1234);
    expect(b.getState().current).toEqual(a.getState().current);
    expect(b.getState().sim?.report).toEqual(a.getState().sim?.report);
    expect(b.getState().edited).toBe(true);

    const c = createAppStore({ scenarios: BUNDLED });
    c.getState().engineReady('#v1=N4IgdghgtgpiBcIDKB7');
    expect(c.getState().linkError).toMatch(/damaged or truncated/);
    expect(c.getState().scenarioId).toBe(DEFAULT_SCENARIO_ID);
  });

  it('rejects a link whose scenario the engine refuses, naming the field', () => {
    const a = fresh();
    const bad = { ...a.getState().current!, init: { db_block_buffers: 10 } };
    const b = createAppStore({ scenarios: BUNDLED });
    b.getState().engineReady(`#${encodeState({ scenario: bad, position: 0 })}`);
    expect(b.getState().linkError).toMatch(/init\.db_block_buffers/);
    expect(b.getState().sim?.run ?? null).not.toBeNull();
  });

  it('plays: advance narrates at slow speeds and jumps at high ones', () => {
    const store = fresh();
    store.getState().setSpeed(0);
    store.getState().play();
    store.getState().advance(1);
    expect(store.getState().narration.length).toBeGreaterThan(1);
    store.getState().setSpeed(SPEEDS.length - 1);
    store.getState().advance(5000);
    expect(store.getState().sim?.position).toBe(5001);
    expect(store.getState().sim?.events).toEqual([]);
  });
});

/** A workload long enough for several slices (u64 fields are typed bigint, sent as numbers). */
const LONG = {
  kind: 'random',
  accesses: 3_000_000,
  think_us: 0,
} as unknown as Scenario['workload'];

describe('long operations in slices', () => {
  it('runs to the end in slices with progress, and Cancel stops where it got to', async () => {
    const store = fresh();
    const seen: number[] = [];
    const unsubscribe = store.subscribe((s) => {
      if (s.busy) seen.push(s.busy.position);
    });
    // a run long enough for several slices
    store.getState().edit((d) => ({
      ...d,
      workload: LONG,
    }));
    const total = store.getState().sim!.total;
    const running = store.getState().runToEnd();
    expect(store.getState().sim!.position).toBeLessThan(total);
    await new Promise((r) => setTimeout(r, 120));
    expect(store.getState().busy?.what).toBe('running to the end');
    store.getState().cancel();
    await running;
    unsubscribe();
    const stopped = store.getState().sim!.position;
    expect(store.getState().busy).toBeNull();
    expect(stopped).toBeGreaterThan(0);
    expect(stopped).toBeLessThan(total);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(store.getState().narration.at(-1)?.lines[0].text).toMatch(/stopped at #/);
    // nothing moves after Cancel
    await new Promise((r) => setTimeout(r, 60));
    expect(store.getState().sim!.position).toBe(stopped);
  });

  it('a step during a long run ends it first', async () => {
    const store = fresh();
    store.getState().edit((d) => ({
      ...d,
      workload: LONG,
    }));
    const running = store.getState().runToEnd();
    store.getState().step();
    const at = store.getState().sim!.position;
    await running;
    expect(store.getState().busy).toBeNull();
    expect(store.getState().sim!.position).toBe(at);
  });

  it('says why when the engine throws, and rebuilds a run that trapped', async () => {
    const store = fresh();
    const run = store.getState().sim!.run;
    run.step = () => {
      throw new Error('the simulated clock passed 1000000000 s');
    };
    await store.getState().runToEnd();
    expect(store.getState().runError).toMatch(/^The run stopped: the simulated clock passed/);
    expect(store.getState().sim!.run).toBe(run);
    store.getState().dismissRunError();

    const trap = () => {
      throw new WebAssembly.RuntimeError('unreachable');
    };
    run.step = trap;
    // a trapped run may refuse everything after, its report included
    run.report = trap;
    await store.getState().seek(500);
    const s = store.getState();
    expect(s.runError).toMatch(/^The engine failed: unreachable.*rebuilt at the start/);
    expect(s.sim!.run).not.toBe(run);
    expect(s.sim!.position).toBe(0);
    store.getState().step();
    expect(store.getState().sim!.position).toBe(1);
  });
});
