import { describe, expect, it } from 'vitest';
import { formatFigure, lookUp, parseFigure, parsePlaceholders } from './placeholders';

const report = {
  elapsed_s: 159.439,
  pools: [
    { name: 'DEFAULT', physical_reads: 15685, hit_ratio: 0.47879976074965114 },
    { name: 'KEEP', physical_reads: 500, hit_ratio: null },
  ],
  steps: [
    { index: 3, elapsed_s: 18.7848096 },
    { index: 4, elapsed_s: 0.55 },
  ],
  library_cache: { latches: [{ name: 'library cache', misses: 12 }] },
};

const value = (source: string) => {
  const p = parseFigure(source);
  if (typeof p === 'string') throw new Error(p);
  return lookUp(p.run ? {} : report, p.path);
};

describe('placeholders', () => {
  it('name a pool’s column, a script step’s figure, or any figure by its path', () => {
    expect(value('DEFAULT.hit_ratio')).toEqual({ value: 0.47879976074965114 });
    expect(value('KEEP.hit_ratio')).toEqual({ value: null });
    expect(value('step(4).elapsed_s')).toEqual({ value: 18.7848096 });
    expect(value('elapsed_s')).toEqual({ value: 159.439 });
    expect(value('library_cache.latches[0].misses')).toEqual({ value: 12 });
  });

  it('say which part of a figure the report lacks', () => {
    expect(value('RECYCLE.hit_ratio')).toEqual({ error: 'pool RECYCLE is not in the report' });
    expect(value('step(9).elapsed_s')).toEqual({ error: 'step(9) is not in the report' });
    expect(value('DEFAULT.nope')).toEqual({ error: 'pool DEFAULT.nope is not in the report' });
    expect(value('pools')).toEqual({ error: 'the report.pools is not a single figure' });
  });

  it('read a bundled run and a format', () => {
    expect(parseFigure(' run(seed000-8.0-test2).DEFAULT.physical_reads | int ')).toEqual({
      source: 'run(seed000-8.0-test2).DEFAULT.physical_reads | int',
      run: 'seed000-8.0-test2',
      path: [{ pool: 'DEFAULT' }, { key: 'physical_reads' }],
      format: 'int',
    });
    expect(parseFigure('DEFAULT.x|bogus')).toMatch(/unknown format "bogus"/);
    expect(parseFigure('a b')).toMatch(/not a figure's name/);
  });

  it('split a text into literal pieces and placeholders', () => {
    const { pieces, errors } = parsePlaceholders('a {{elapsed_s}} b {{x|pct}}');
    expect(errors).toEqual([]);
    expect(pieces.length).toBe(4);
    expect(pieces[0]).toBe('a ');
    expect(parsePlaceholders('a {{x').errors[0]).toMatch(/never closed/);
  });

  it('show whole numbers grouped and others as the engine wrote them, unless formatted', () => {
    expect(formatFigure(15685)).toBe('15,685');
    expect(formatFigure(159.439)).toBe('159.439');
    expect(formatFigure(0.47879976074965114)).toBe('0.47879976074965114');
    expect(formatFigure(0.47879976074965114, 'pct')).toBe('47.9 %');
    expect(formatFigure(0.47879976074965114, 'pct0')).toBe('48 %');
    expect(formatFigure(18.7848096, 'dp1')).toBe('18.8');
    expect(formatFigure(1234.5, 'int')).toBe('1,235');
    expect(formatFigure(null, 'pct')).toBe('—');
    expect(formatFigure('8.0')).toBe('8.0');
  });
});
