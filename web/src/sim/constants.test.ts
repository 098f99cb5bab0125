// The per-frame data formats the views read as typed arrays are literals in TypeScript (no
// engine call in a frame loop); here they must equal what the engine says they are.
import { beforeAll, describe, expect, it } from 'vitest';
import { bufferConstants, FLAG, SimRun } from './engine';
import * as library from './library';
import { loadEngineNode } from './node';

beforeAll(() => loadEngineNode());

describe('per-frame constants', () => {
  it('buffer flags are the engine’s', () => {
    const k = bufferConstants();
    expect(FLAG).toEqual({
      DIRTY: k.flag_dirty,
      HOT: k.flag_hot,
      ON_WRITE_LIST: k.flag_on_write_list,
      WRITING: k.flag_writing,
      SCAN: k.flag_scan,
      FREE: k.flag_free,
      OS_CACHED: k.flag_os_cached,
    });
  });

  it('a frame has one number per region of the policy, then write list, writing, free', () => {
    for (const [profile, regions] of [
      ['8.0', ['lru']],
      ['8.1.6', ['hot', 'cold']],
    ] as const) {
      const run = SimRun.bench('zipf-rw', profile);
      const layout = run.layoutInfo();
      expect(layout.regions.map((r) => r.name)).toEqual(regions);
      expect(layout.set_info_width).toBe(regions.length + 3);
      run.step();
      const { order, info } = run.order();
      expect(info.length).toBe(layout.sets.length * layout.set_info_width);
      let total = 0;
      for (let k = 0; k < info.length; k++) total += info[k];
      expect(total).toBe(order.length);
      run.free();
    }
  });

  it('the heap chunk format is the engine’s', () => {
    const k = library.libraryConstants();
    expect(library.CHUNK_WIDTH).toBe(k.chunk_width);
    expect([...library.CHUNK_KIND]).toEqual(k.chunk_kinds);
    expect(library.CHUNK_PINNED).toBe(k.chunk_pinned);
    expect(library.CHUNK_ON_LRU).toBe(k.chunk_on_lru);
    expect(library.NO_OBJECT).toBe(k.no_object);
  });
});
