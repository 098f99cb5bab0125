import { describe, expect, it } from 'vitest';
import { stepContrast } from './contrast';
import type { NarrationGroup } from '../shared/narration';

const group = (position: number, ...lines: [string, string][]): NarrationGroup => ({
  position,
  title: `#${position}`,
  lines: lines.map(([kind, text]) => ({ kind, text, why: '' }) as NarrationGroup['lines'][0]),
});

describe('stepContrast', () => {
  it('names each run’s outcome when the same access came out differently', () => {
    const a = [group(7, ['access', 'access #7'], ['miss', 'miss: not cached'])];
    const b = [group(7, ['access', 'access #7'], ['hit', 'hit in DEFAULT'])];
    expect(stepContrast(a, b)).toEqual({ position: 7, a: 'miss: not cached', b: 'hit in DEFAULT' });
  });

  it('says nothing when both did the same, or when the newest steps are not the same', () => {
    const miss = group(7, ['miss', 'miss: not cached']);
    expect(stepContrast([miss], [miss])).toBeNull();
    expect(stepContrast([miss], [group(6, ['hit', 'hit'])])).toBeNull();
    expect(stepContrast([], [miss])).toBeNull();
    expect(stepContrast([group(7, ['jump', 'moved'])], [miss])).toBeNull();
  });

  it('reads the library cache’s parses', () => {
    const a = [group(3, ['statement', 's'], ['hard_parse', 'hard parse'])];
    const b = [group(3, ['statement', 's'], ['soft_parse', 'soft parse'])];
    expect(stepContrast(a, b)?.b).toBe('soft parse');
  });
});
