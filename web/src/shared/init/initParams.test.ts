import { beforeAll, describe, expect, it } from 'vitest';
import { parameterDocs, type ParamDoc } from '../../sim/engine';
import { loadEngineNode } from '../../sim/node';
import {
  checkCost,
  checkParam,
  COSTS,
  GROUPS,
  groupsFor,
  paramValue,
  ungrouped,
} from './initParams';

beforeAll(() => loadEngineNode());

const doc = (name: string) => parameterDocs().find((d) => d.name === name) as ParamDoc;

describe('the init.ora form', () => {
  it('places every parameter the engine knows in a group', () => {
    expect(ungrouped(parameterDocs())).toEqual([]);
    const names = GROUPS.flatMap((g) => g.names);
    for (const n of names) expect(parameterDocs().map((d) => d.name)).toContain(n);
  });

  it('checks integers against the limits of the parameter reference', () => {
    const hot = doc('_db_percent_hot_default');
    expect(checkParam(hot, '0')).toBeNull();
    expect(checkParam(hot, '')).toBeNull();
    expect(checkParam(hot, '101')).toBe('_db_percent_hot_default: 101 is above the maximum 100');
    expect(checkParam(hot, 'x')).toMatch(/whole number/);
    expect(checkParam(doc('db_block_buffers'), '10')).toBe(
      'db_block_buffers: 10 is below the minimum 50',
    );
    // The engine's rule, not JavaScript's Number(): digits only (issue 29 #15 — the page took
    // 1e3, which the engine then refused).
    for (const t of ['1e12', '1e3', '0x10', '1.0', '-5', '2.5'])
      expect(checkParam(doc('db_block_buffers'), t)).toBe(
        `db_block_buffers takes a whole number in digits, not “${t}”`,
      );
    expect(checkParam(doc('db_block_buffers'), '+1000')).toBeNull();
    expect(checkParam(doc('db_block_buffers'), '99999999999')).toBe(
      'db_block_buffers: 99,999,999,999 is above the maximum 1,048,576',
    );
    expect(paramValue(hot, ' 25 ')).toBe(25);
    expect(paramValue(hot, '')).toBeNull();
  });

  it('names the cost and its limit, and takes exponents as numbers', () => {
    const read = COSTS.find((c) => c.key === 'physical_read_ms');
    const rule = { min: read?.min, max: read?.max, unit: read?.unit };
    expect(checkCost('cost.physical_read_ms', '1e12', rule)).toBe(
      'cost.physical_read_ms: 1,000,000,000,000 ms is above the maximum 10,000 ms',
    );
    expect(checkCost('cost.physical_read_ms', '-1', rule)).toBe(
      'cost.physical_read_ms: -1 ms is below the minimum 0 ms',
    );
    expect(checkCost('cost.physical_read_ms', '9.4', rule)).toBeNull();
    expect(checkCost('cost.physical_read_ms', 'fast', rule)).toBe(
      'cost.physical_read_ms takes a number (ms), not “fast”',
    );
  });

  it('checks sizes in bytes against their limits', () => {
    const sp = doc('shared_pool_size');
    if (sp.max !== null)
      expect(checkParam(sp, '1000G')).toMatch(/^shared_pool_size: .* bytes is above the maximum /);
  });

  it('reads pool specs, sizes and booleans as Oracle writes them', () => {
    const keep = doc('buffer_pool_keep');
    expect(checkParam(keep, '(buffers:200, lru_latches:1)')).toBeNull();
    expect(paramValue(keep, '(buffers:200, lru_latches:1)')).toBe('(buffers:200,lru_latches:1)');
    expect(checkParam(keep, 'lots')).toMatch(/buffers:N/);
    expect(paramValue(doc('db_cache_size'), '8m')).toBe('8M');
    expect(checkParam(doc('db_cache_size'), '8 parsecs')).toMatch(/bytes/);
    expect(paramValue(doc('_db_aging_freeze_cr'), 'true')).toBe(true);
  });

  it('reads keywords as one of their choices, in any case', () => {
    const sharing = doc('cursor_sharing');
    expect(sharing.kind).toBe('keyword');
    expect(sharing.choices).toEqual(['EXACT', 'FORCE']);
    expect(checkParam(sharing, 'FORCE')).toBeNull();
    expect(checkParam(sharing, ' force ')).toBeNull();
    expect(checkParam(sharing, '')).toBeNull();
    expect(checkParam(sharing, 'SIMILAR')).toBe('cursor_sharing is one of EXACT, FORCE');
    expect(paramValue(sharing, 'force')).toBe('FORCE');
    expect(paramValue(sharing, 'Exact')).toBe('EXACT');
    expect(paramValue(sharing, '')).toBeNull();
  });

  it("shows only the parameters of the scenario's simulation", () => {
    const docs = parameterDocs();
    const names = (mode: 'buffer' | 'library') => groupsFor(mode, docs).flatMap((g) => g.names);
    const lib = groupsFor('library', docs);
    expect(lib.map((g) => g.title)).toEqual(['Shared pool and library cache']);
    expect(lib[0].names).toEqual([
      'shared_pool_size',
      '_kgl_bucket_count',
      '_kgl_latch_count',
      'cursor_sharing',
      'cpu_count',
      '_spin_count',
    ]);
    expect(names('buffer')).toContain('db_block_buffers');
    expect(names('buffer')).toContain('cpu_count');
    expect(names('buffer')).not.toContain('shared_pool_size');
    expect(names('buffer')).not.toContain('cursor_sharing');
    expect(groupsFor('buffer', docs)[0].title).toBe('Pools and LRU latches');
    // Every parameter shows in one simulation's form or both (cpu_count), each once.
    for (const mode of ['buffer', 'library'] as const) {
      expect(new Set(names(mode)).size).toBe(names(mode).length);
    }
    const shown = new Set([...names('buffer'), ...names('library')]);
    expect([...shown].sort()).toEqual(docs.map((d) => d.name).sort());
  });
});
