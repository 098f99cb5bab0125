import { describe, expect, it } from 'vitest';
import { shortLine } from './lruChrome';

// The shorter wording a set's label line offers ../../shared/views/lineChart's fitText
// (issue 26 #9: presenter mode zooms 12 px to 18).
describe('a label with a shorter wording', () => {
  it('shortens only a line with a limit', () => {
    expect(shortLine('hot 212 (max 500)')).toBe('hot 212/500');
    expect(shortLine('cold 1,788 (max 2,000)')).toBe('cold 1,788/2,000');
    expect(shortLine('write 0 · free 1,000')).toBeUndefined();
  });
});
