import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun, validateScenario } from '../src/sim/engine';
import { loadEngineNode } from '../src/sim/node';
import { harnessScenario, HARNESS_DEFAULTS, parseHarnessHash } from './harnessScenario';

beforeAll(() => loadEngineNode());

describe('the views harness scenario', () => {
  it('is valid at every size the harness and the benchmark use', () => {
    for (const hash of ['buffers=50', 'buffers=1000&pools=1', 'buffers=100000']) {
      expect(validateScenario(harnessScenario(parseHarnessHash(hash)))).toBeNull();
    }
  });

  it('configures what the hash asks for', () => {
    const p = parseHarnessHash('#buffers=2000&profile=8.0&latches=2&pools=1&dbwr=2');
    expect(p).toMatchObject({ buffers: 2000, profile: '8.0', latches: 2, pools: true, dbwr: 2 });
    const run = SimRun.create(harnessScenario(p));
    const layout = run.layoutInfo();
    expect(layout.sets.map((s) => s.pool)).toEqual(['DEFAULT', 'DEFAULT', 'KEEP', 'RECYCLE']);
    expect(layout.sets.reduce((n, s) => n + s.hi - s.lo, 0)).toBe(2000);
    run.step(2000);
    expect(run.position).toBe(2000);
    run.free();
  });

  it('falls back to the defaults on nonsense', () => {
    expect(parseHarnessHash('#buffers=abc&profile=9i')).toMatchObject({
      buffers: HARNESS_DEFAULTS.buffers,
      profile: '8.1.5',
    });
    expect(parseHarnessHash('#buffers=3').buffers).toBe(50);
  });
});
