import { describe, expect, it } from 'vitest';
import { formatInit, parseInit } from './initOra';

describe('init.ora text', () => {
  const init = {
    db_block_buffers: 1000,
    db_block_lru_latches: 3,
    buffer_pool_keep: '(buffers:200,lru_latches:1)',
    _db_percent_hot_default: 0,
    _db_aging_freeze_cr: false,
    db_cache_size: '8M',
  };

  it('round-trips with the form', () => {
    const text = formatInit(init, ['db_block_buffers', 'db_block_lru_latches']);
    expect(text.split('\n')[0]).toBe('db_block_buffers = 1000');
    expect(text).toContain('buffer_pool_keep = (buffers:200,lru_latches:1)');
    expect(text).toContain('_db_aging_freeze_cr = FALSE');
    expect(parseInit(text)).toMatchObject({ init, errors: [] });
  });

  it('keeps strings that look like numbers as strings', () => {
    const text = formatInit({ a: '12', b: 'TRUE', c: 'two words' });
    expect(parseInit(text).init).toEqual({ a: '12', b: 'TRUE', c: 'two words' });
  });

  it('reads comments, blank lines, case and spacing as Oracle does', () => {
    const { init: parsed, errors } = parseInit(
      '# buffer cache\n\nDB_BLOCK_BUFFERS=500   # half\n  _db_aging_freeze_cr = true\n',
    );
    expect(errors).toEqual([]);
    expect(parsed).toEqual({ db_block_buffers: 500, _db_aging_freeze_cr: true });
  });

  it('reports bad lines by number', () => {
    const { errors } = parseInit(
      'db_block_buffers = 1\nnonsense\n9x = 1\ncpu_count =\ncpu_count = 1\ncpu_count = 2',
    );
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4, 6]);
    expect(errors[3].message).toMatch(/set twice/);
  });

  it('round-trips keyword values such as cursor_sharing', () => {
    const lib = {
      shared_pool_size: '15M',
      _kgl_bucket_count: 4,
      cursor_sharing: 'FORCE',
      cpu_count: 1,
    };
    const text = formatInit(lib, ['shared_pool_size', '_kgl_bucket_count', 'cursor_sharing']);
    expect(text).toContain('cursor_sharing = FORCE\n');
    expect(text).toContain('shared_pool_size = 15M\n');
    expect(parseInit(text)).toMatchObject({ init: lib, errors: [] });
    expect(parseInit('CURSOR_SHARING = exact').init).toEqual({ cursor_sharing: 'exact' });
    expect(parseInit("cursor_sharing = 'FORCE'").init).toEqual({ cursor_sharing: 'FORCE' });
  });

  it('reads a pfile saved with a byte order mark', () => {
    const r = parseInit('\uFEFFdb_block_buffers = 2000\n');
    expect(r.errors).toEqual([]);
    expect(r.init).toEqual({ db_block_buffers: 2000 });
  });
});
