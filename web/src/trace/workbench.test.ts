import { describe, expect, it } from 'vitest';
import { bundled } from '../store/storeFixture';
import {
  distinctIds,
  doesNotFit,
  WORKBENCH_BLOCKS,
  WORKBENCH_ID,
  workbenchSegments,
} from './workbench';

describe('the trace workbench', () => {
  it('holds more blocks than a dense map numbers ids', () => {
    const objects = bundled(WORKBENCH_ID).scenario.objects ?? [];
    expect(objects.reduce((n, o) => n + o.blocks, 0)).toBe(WORKBENCH_BLOCKS);
    expect(WORKBENCH_BLOCKS).toBeGreaterThan(20_000_000);
  });

  it('is offered for a trace the scenario’s segments cannot hold, direct or dense', () => {
    expect(doesNotFit('object id 42932745 is past the last block: the scenario’s objects')).toBe(
      true,
    );
    expect(
      doesNotFit(
        'object 7 is distinct object number 14983: … hold 14982 blocks in all; give them more blocks',
      ),
    ).toBe(true);
    expect(doesNotFit("trace line 3: 'x' is not an object id")).toBe(false);
    expect(doesNotFit(null)).toBe(false);
  });

  it('is cut to the trace’s distinct ids, segment by segment', () => {
    expect(distinctIds(['workload: …', '48974 distinct objects in the trace'])).toBe(48974);
    expect(distinctIds(['nothing'])).toBeNull();
    expect(workbenchSegments(48974)).toEqual([{ name: 'TRACE1', type: 'TABLE', blocks: 48974 }]);
    const big = workbenchSegments(9_000_000);
    expect(big.map((s) => s.blocks)).toEqual([4_194_302, 4_194_302, 611_396]);
  });
});
