import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineNode } from '../sim/node';
import { BUNDLED } from './scenarios';
import { chartPoints, jumpSim, openSim, resetSim, stepSim } from './slot';

beforeAll(() => loadEngineNode());

const scenario = (id: string) => {
  const entry = BUNDLED.find((s) => s.id === id);
  if (!entry) throw new Error(`no bundled scenario ${id}`);
  return entry.scenario;
};

describe('a simulation slot', () => {
  it('runs either simulation through the same operations, side by side', () => {
    const a = openSim(scenario('seed000-8i-hot50'), 100, null);
    const b = openSim(scenario('seed001-8.1.5-literal-10m'), 0, null);
    expect([a.kind, b.kind]).toEqual(['buffer', 'library']);
    expect(a.position).toBe(100);
    const stepped = stepSim(b, 'one', 3, false);
    expect(stepped.sim.position).toBe(3);
    expect(stepped.sim.events.length).toBeGreaterThan(0);
    expect(stepped.told.length).toBeGreaterThan(0);
    expect(a.position).toBe(100); // the other slot did not move
    const back = jumpSim(stepped.sim, 1, false);
    expect(back.position).toBe(1);
    expect(back.events).toEqual([]);
    expect(chartPoints(back).at(-1)?.position).toBe(1);
    expect(resetSim(a, false).position).toBe(0);
    a.run.free();
    b.run.free();
  });

  it('keeps the selection when the new run still has it', () => {
    const a = { ...openSim(scenario('seed000-8i-hot50'), 0, null), selected: 7 };
    const b = openSim(scenario('seed000-8i-hot75'), 0, a);
    expect(b.selected).toBe(7);
    const c = openSim(scenario('seed001-8.1.5-literal-10m'), 0, b);
    expect(c.selected).toBeNull();
    for (const s of [a, b, c]) s.run.free();
  });
});
