import { describe, expect, it } from 'vitest';
import type { Event } from '../../sim/engine';
import type { ScanDecision } from '../../sim/generated/buffer/ScanDecision';
import type { StepStatistics } from '../../sim/generated/buffer/StepStatistics';
import { stepStatistics } from '../../sim/stepFixture';
import { EMPTY_PGA, nextPga, pgaCells } from './pgaModel';

const decision: ScanDecision = {
  direct: true,
  reason: 'large',
  blocks: 1000,
  pool: 'DEFAULT',
  small_table_threshold: 20,
  large_above: 100,
  keep_buffers: 0,
  cached: 0,
  dirty: 0,
};

/** A step not finished yet, unless `p` says so. */
const step = (index: number, p: Partial<StepStatistics> = {}) =>
  stepStatistics(index, { done: false, ...p });

const direct = (block: number): Event => ({
  type: 'direct_read',
  seg: 2,
  block,
  source: 'disk',
  ns: 1000,
});

describe('the session PGA box', () => {
  it('follows a script by its steps, at any speed', () => {
    const steps = [step(0, { done: true }), step(1, { scan: decision, physical_reads_direct: 40 })];
    const s = nextPga(EMPTY_PGA, steps, [], false);
    expect(s).toMatchObject({ decision, read: 40, step: 1, running: true, arrived: 0 });
    const later = nextPga(
      s,
      [...steps.slice(0, 1), { ...steps[1], done: true }, step(2)],
      [],
      false,
    );
    expect(later).toMatchObject({ step: 1, running: false, read: 40 });
  });

  it('counts the blocks the step’s events bring, and names the segment', () => {
    const steps = [step(0, { scan: decision, physical_reads_direct: 2 })];
    const events: Event[] = [{ type: 'scan_start', seg: 2, decision }, direct(0), direct(1)];
    const s = nextPga(EMPTY_PGA, steps, events, false);
    expect(s).toMatchObject({ seg: 2, arrived: 2, read: 2 });
  });

  it('is empty before any scan of a script', () => {
    expect(nextPga(EMPTY_PGA, [step(0)], [], false).decision).toBeNull();
  });

  it('follows other workloads through their events', () => {
    let s = nextPga(EMPTY_PGA, undefined, [{ type: 'scan_start', seg: 0, decision }], false);
    expect(s).toMatchObject({ decision, read: 0, running: true });
    s = nextPga(s, undefined, [direct(0), direct(1), direct(2)], false);
    expect(s).toMatchObject({ read: 3, arrived: 3 });
    s = nextPga(s, undefined, [], true);
    expect(s).toMatchObject({ read: 3, arrived: 0, running: false });
  });

  it('stands a large segment for a few hundred cells', () => {
    expect(pgaCells(99_200, 0, 400)).toEqual({ cells: 400, per: 248, filled: 0 });
    expect(pgaCells(99_200, 249, 400).filled).toBe(2);
    expect(pgaCells(99_200, 99_200, 400).filled).toBe(400);
    expect(pgaCells(10, 3, 400)).toEqual({ cells: 10, per: 1, filled: 3 });
    expect(pgaCells(1001, 1001, 400)).toEqual({ cells: 334, per: 3, filled: 334 });
  });
});
