import { describe, expect, it } from 'vitest';
import { noun, plural } from './words';

describe('number agreement', () => {
  it('keeps the word for one and adds s or es otherwise', () => {
    expect(plural(1, 'handle')).toBe('1 handle');
    expect(plural(0, 'handle')).toBe('0 handles');
    expect(plural(2, 'latch')).toBe('2 latches');
    expect(noun(3, 'chunk')).toBe('chunks');
    expect(noun(1, 'chunk')).toBe('chunk');
  });
});
