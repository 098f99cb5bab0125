import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  normalizeScenario,
  parameterDocs,
  ScenarioError,
  SimRun,
  splitDba,
  validateScenario,
} from './engine';
import { loadEngineNode } from './node';

const seed = (name: string) =>
  readFileSync(new URL(`../../../scenarios/${name}`, import.meta.url), 'utf8');

beforeAll(() => loadEngineNode());

describe('scenario validation', () => {
  it('accepts every bundled scenario', () => {
    for (const f of ['seed000-8.0-test1.json', 'seed000-8i-hot50.json']) {
      expect(validateScenario(seed(f))).toBeNull();
    }
  });

  it('names the field path and the limit', () => {
    const s = JSON.parse(seed('seed000-8i-hot50.json'));
    s.init._db_percent_hot_default = 150;
    const e = validateScenario(s);
    expect(e).toBeInstanceOf(ScenarioError);
    expect(e?.path).toBe('init._db_percent_hot_default');
    expect(e?.detail).toMatch(/maximum 100/);
    s.init._db_percent_hot_default = 50;
    s.objects[1].blocks = 'many';
    expect(validateScenario(s)?.path).toBe('objects[1].blocks');
  });

  it('throws a ScenarioError from create, never a panic', () => {
    for (const bad of ['', '{', '{"version":1}', '[]', 'null', '{"version":9}']) {
      expect(() => SimRun.create(bad)).toThrow();
    }
    expect(() => SimRun.create('{"version":1}')).toThrow(ScenarioError);
  });

  it('fills in defaults', () => {
    const s = normalizeScenario(seed('seed000-8i-hot50.json'));
    expect(s.cost?.physical_write_ms).toBe(9.4);
  });

  it('documents every parameter', () => {
    const names = parameterDocs().map((p) => p.name);
    expect(names).toContain('_db_percent_hot_default');
    expect(names).toContain('buffer_pool_keep');
    expect(parameterDocs().every((p) => p.help.length > 10)).toBe(true);
  });
});

describe('runs', () => {
  it('are deterministic and seek back exactly', () => {
    const a = SimRun.create(seed('seed000-8i-hot25.json'));
    a.runToEnd();
    const b = SimRun.create(seed('seed000-8i-hot25.json'));
    b.setRecordEvents(true);
    b.step(1000);
    const at = b.report();
    b.step(5000);
    b.seek(1000);
    expect(b.report()).toEqual(at);
    b.runToEnd();
    expect(b.report()).toEqual(a.report());
    a.free();
    b.free();
  });

  it('steps with events and views of every buffer', () => {
    const r = SimRun.create(seed('seed000-8.0-test4.json'));
    r.setRecordEvents(true);
    expect(r.stepExecution()).toBe(4);
    const types = r.events().map((e) => e.type);
    expect(types).toContain('chain_walk');
    expect(types).toContain('free_buffer');
    const v = r.views();
    expect(v.dba.length).toBe(1000);
    const held = Array.from(v.dba).filter((d) => d !== 0);
    expect(held.length).toBe(4);
    expect(splitDba(held[0])).not.toBeNull();
    const { order, info } = r.order();
    expect(order.length).toBe(1000);
    expect(info.length).toBe(3 * r.layoutInfo().set_info_width);
    const xbh = r.xbh(Array.from(v.dba).findIndex((d) => d !== 0));
    expect(xbh?.state).toBe('XCUR');
    r.free();
  });

  it("reads each working set's policy state, null past the last", () => {
    const r = SimRun.create(seed('seed000-8.0-test4.json'));
    r.stepExecution();
    const sets = r.layoutInfo().sets.length;
    for (let k = 0; k < sets; k++) {
      const st = r.policyState(k);
      // Oracle's LRU keeps nothing beyond its list.
      expect(st).toEqual({
        ghosts: [],
        hand: null,
        mark_name: null,
        marks: [],
        status: [],
        params: [],
      });
    }
    expect(r.policyState(sets)).toBeNull();
    r.free();
  });

  it('compares with the paper', () => {
    const r = SimRun.create(seed('seed000-8.0-test2.json'));
    r.runToEnd();
    const p = r.paper();
    expect(p?.source).toMatch(/Table 6/);
    const recycle = p?.rows.find((x) => x.pool === 'RECYCLE' && x.metric === 'physical_reads');
    expect(recycle?.sim).toBe(10000);
    r.free();
  });
});
