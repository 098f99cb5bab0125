import { describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import { adviceSetting, cell, poolCurves, withAdvice, type DbCacheAdvice } from './advice';

const row = (name: string, buffers: number, reads: number) => ({
  id: name === 'DEFAULT' ? 1 : 3,
  name,
  block_size: 2048,
  advice_status: 'ON' as const,
  size_for_estimate: (buffers * 2048) / 1048576,
  size_factor: buffers / 100,
  buffers_for_estimate: buffers,
  estd_physical_read_factor: null,
  estd_physical_reads: reads,
  estd_physical_read_time: reads * 0.0094,
  estd_pct_of_db_time_for_reads: 50,
});

describe('V$DB_CACHE_ADVICE helpers', () => {
  it('groups rows per pool, sorted, with the current row', () => {
    const advice: DbCacheAdvice = {
      status: 'ON',
      pools: [
        {
          name: 'DEFAULT',
          current_buffers: 100,
          method: 'stack_distance',
          reason: '',
          available: true,
        },
        {
          name: 'RECYCLE',
          current_buffers: 50,
          method: 'shadow_caches',
          reason: 'x',
          available: true,
        },
      ],
      rows: [
        row('RECYCLE', 50, 9),
        row('DEFAULT', 200, 1),
        row('DEFAULT', 100, 5),
        row('DEFAULT', 10, 50),
      ],
    };
    const [d, r] = poolCurves(advice);
    expect(d.rows.map((x) => x.buffers_for_estimate)).toEqual([10, 100, 200]);
    expect(d.current?.estd_physical_reads).toBe(5);
    expect(r.current?.buffers_for_estimate).toBe(50);
    expect(r.method).toBe('shadow_caches');
  });

  it('reads and sets db_cache_advice whatever its spelling', () => {
    const s = { init: { DB_Cache_Advice: 'on', db_block_buffers: 1000 } } as unknown as Scenario;
    expect(adviceSetting(s)).toBe('ON');
    expect(adviceSetting({ init: {} } as unknown as Scenario)).toBe('OFF');
    expect(adviceSetting(null)).toBe('OFF');
    const off = withAdvice(s, 'OFF');
    expect(off.init).toEqual({ db_block_buffers: 1000, db_cache_advice: 'OFF' });
    expect(s.init).toHaveProperty('DB_Cache_Advice'); // the original is left alone
  });

  it('formats the columns as V$DB_CACHE_ADVICE prints them', () => {
    const r = { ...row('DEFAULT', 950, 12345), size_factor: 1, estd_physical_read_factor: 1.23456 };
    expect(cell(r, 'size_factor')).toBe('1.0000');
    expect(cell(r, 'estd_physical_read_factor')).toBe('1.2346');
    expect(cell(r, 'estd_physical_reads')).toBe('12,345');
    expect(cell(row('DEFAULT', 10, 1), 'estd_physical_read_factor')).toBe('—');
  });
});
