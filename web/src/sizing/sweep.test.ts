import { beforeAll, describe, expect, it } from 'vitest';
import { bundled } from '../store/storeFixture';
import { SimRun, type Scenario } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { adviceSetting, withAdvice } from './advice';
import {
  checkSpec,
  parseSweep,
  planSweep,
  pointScenario,
  pointError,
  readBound,
  runPoint,
  sweep,
  sweepValues,
  toCsv,
  valueOf,
  withParam,
  type SweepSpec,
} from './sweep';

beforeAll(() => loadEngineNode());

const scenario = (id: string) => bundled(id).scenario;
const HOT50 = scenario('seed000-8i-hot50');

describe('a sweep', () => {
  it('reads param=from..to/steps, and says what is wrong with a bad one', () => {
    expect(parseSweep('db_block_buffers=1000..20000/10')).toEqual({
      param: 'db_block_buffers',
      from: 1000,
      to: 20000,
      steps: 10,
    });
    expect(parseSweep('cost.physical_read_ms = 0.5..2.5/5')).toEqual({
      param: 'cost.physical_read_ms',
      from: 0.5,
      to: 2.5,
      steps: 5,
    });
    expect(parseSweep('db_block_buffers=1_000..20,000/3').to).toBe(20000);
    expect(() => parseSweep('db_block_buffers')).toThrow(/<param>=<from>..<to>\/<steps>/);
    expect(() => parseSweep('db_block_buffers=x..10/3')).toThrow(/from 'x' is not a number/);
    expect(() => parseSweep('db_block_buffers=1..10/1')).toThrow(/steps: 1 is outside 2..=100/);
    expect(() => parseSweep('db_block_buffers=1..10/1000')).toThrow(/outside 2..=100/);
    expect(() => parseSweep('db_block_buffers=10..1/3')).toThrow(/must be above from/);
    // what the page's fields hand over: quoted as typed, never NaN or Infinity
    expect(() => readBound('abc', 'from')).toThrow("from 'abc' is not a number");
    expect(() => readBound('Infinity', 'to')).toThrow("to 'Infinity' is not a number");
    expect(readBound(' 1,500 ', 'to')).toBe(1500);
    expect(() => checkSpec({ param: 'db_block_buffers', from: NaN, to: 10, steps: 3 })).toThrow(
      /from 'NaN' is not a number/,
    );
  });

  it('spaces its values evenly, whole numbers for whole-number fields', () => {
    const spec: SweepSpec = { param: 'db_block_buffers', from: 100, to: 1000, steps: 4 };
    expect(sweepValues(HOT50, spec)).toEqual([100, 400, 700, 1000]);
    const cost: SweepSpec = { param: 'cost.physical_read_ms', from: 1, to: 2, steps: 3 };
    const withCost = withParam(HOT50, 'cost.physical_read_ms', 9.4);
    expect(sweepValues(withCost, cost)).toEqual([1, 1.5, 2]);
  });

  it('sets an init.ora parameter or a path, leaving the scenario it was given alone', () => {
    const a = withParam(HOT50, 'db_block_buffers', 321);
    expect(valueOf(a, 'db_block_buffers')).toBe(321);
    const b = withParam(HOT50, 'objects[0].blocks', 99);
    expect(b.objects?.[0].blocks).toBe(99);
    expect(valueOf(HOT50, 'objects[0].blocks')).not.toBe(99);
  });

  it('refuses a parameter it cannot vary, naming it', () => {
    const spec: SweepSpec = { param: 'workload.nonsense', from: 1, to: 2, steps: 2 };
    expect(() => [...sweep(HOT50, spec)]).toThrow(/workload.nonsense is neither/);
  });

  it('varies numbers of the scenario only: an array’s length or a built-in is refused by name', () => {
    // issue 29 #7: `workload.set_rand.length` was "a number", and its second point asked the
    // engine for a 50M-element array (5.6 GB, then a wasm trap)
    const rand = scenario('seed000-8.0-test1'); // its workload has set_rand: [m, a, c]
    for (const param of [
      'workload.set_rand.length',
      'objects.length',
      'workload.__proto__.x',
      'workload.constructor.length',
      'objects[99].blocks',
      'objects[0].blocks.toFixed.length',
    ]) {
      const spec: SweepSpec = { param, from: 1, to: 100_000_000, steps: 2 };
      expect(() => planSweep(rand, spec), param).toThrow(
        new RegExp(`^${param.replace(/[.[\]]/g, '\\$&')} is neither`),
      );
    }
    expect(valueOf(rand, 'workload.set_rand[1]')).toBeGreaterThan(0);
    expect(valueOf(HOT50, 'objects[0].blocks')).toBeGreaterThan(0);
  });

  it('refuses a scenario the engine refuses once, by its field, not once a point', () => {
    // issue 29 #13: a scenario without `workload` gave a TypeError for every point
    const noWorkload: Partial<Scenario> = structuredClone(HOT50);
    delete noWorkload.workload;
    const spec: SweepSpec = { param: 'db_block_buffers', from: 100, to: 200, steps: 2 };
    expect(() => planSweep(noWorkload as Scenario, spec)).toThrow(/workload/);
    expect(() => planSweep(noWorkload as Scenario, spec)).not.toThrow(/TypeError|undefined/);
    // a scenario whose only fault is the swept parameter still sweeps, each point answering
    const tooSmall = withParam(HOT50, 'db_block_buffers', 10);
    expect(planSweep(tooSmall, { ...spec, from: 10, to: 300 })).toEqual([10, 300]);
  });

  it('says a trapped point in words', () => {
    const trap = new WebAssembly.RuntimeError('unreachable');
    expect(pointError(trap)).toMatch(/^the engine stopped on this value \(a WebAssembly trap/);
    expect(pointError(new TypeError('x is undefined'))).toMatch(/could not be run/);
    expect(pointError(new Error('init.db_block_buffers: 10 is below'))).toBe(
      'init.db_block_buffers: 10 is below',
    );
  });

  it('gives each value the figures of a run of that scenario to its end', () => {
    const spec: SweepSpec = { param: 'db_block_buffers', from: 300, to: 900, steps: 3 };
    const points = [...sweep(HOT50, spec)];
    expect(points.map((p) => p.value)).toEqual([300, 600, 900]);
    for (const p of points) {
      const run = SimRun.create(withParam(HOT50, 'db_block_buffers', p.value));
      run.runToEnd();
      const r = run.report();
      run.free();
      expect(p.error).toBeNull();
      expect(p.metrics.physical_reads).toBe(r.total.physical_reads);
      expect(p.metrics.hit_ratio).toBe(r.total.hit_ratio);
      expect(p.metrics.elapsed_s).toBe(r.elapsed_s);
    }
    // a bigger cache never reads more here
    const reads = points.map((p) => p.metrics.physical_reads as number);
    expect(reads).toEqual([...reads].sort((x, y) => y - x));
    const csv = toCsv(HOT50, 'db_block_buffers', points).trim().split('\n');
    expect(csv[0]).toMatch(/^db_block_buffers,hit_ratio,physical_reads,/);
    expect(csv).toHaveLength(4);
  });

  it('runs a point without the advisory it does not show, to the same figures (issue 41 #11)', () => {
    const on = withAdvice(HOT50, 'ON');
    expect(adviceSetting(pointScenario(on))).toBe('OFF');
    expect(pointScenario(HOT50)).toBe(HOT50); // nothing to take off: the same object
    expect(on.init).toMatchObject({ db_cache_advice: 'ON' }); // the given scenario is left alone
    // every figure a point reads is the run's with the advisory on
    const run = SimRun.create(on);
    run.runToEnd();
    const r = run.report();
    run.free();
    expect(r.db_cache_advice?.length).toBeGreaterThan(0); // it was on, and computed rows
    const p = runPoint(on, 0);
    expect(p.metrics).toEqual({
      hit_ratio: r.total.hit_ratio,
      physical_reads: r.total.physical_reads,
      logical_reads: r.total.logical_reads,
      elapsed_s: r.elapsed_s,
      executions_per_s: r.executions / r.elapsed_s,
    });
    expect(p.pools).toEqual(
      r.pools.map((x) => ({
        name: x.name,
        hit_ratio: x.hit_ratio,
        physical_reads: x.physical_reads,
      })),
    );
  });

  it('keeps a refused value as a point with the engine’s reason', () => {
    const p = runPoint(withParam(HOT50, 'db_block_buffers', 10), 10);
    expect(p.error).toMatch(/db_block_buffers/);
    expect(p.metrics).toEqual({});
  });

  it('sweeps a library cache scenario over the shared pool', () => {
    const lib = {
      version: 1,
      title: 'small slammer',
      profile: '8.1.6',
      init: { shared_pool_size: 4_194_304 },
      workload: { kind: 'sql_slammer', jobs: 2, stmts_per_slam: 5, total_slams: 20 },
    } as unknown as Scenario;
    const spec: SweepSpec = { param: 'shared_pool_size', from: 2 << 20, to: 8 << 20, steps: 2 };
    const points = [...sweep(lib, spec)];
    expect(points.map((p) => p.error)).toEqual([null, null]);
    expect(points[0].metrics.parse_count_hard).toBeGreaterThan(0);
    expect(points[0].metrics.elapsed_s).toBeGreaterThan(0);
  });
});
