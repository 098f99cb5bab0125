import { describe, expect, it } from 'vitest';
import { atLeast, hasKeepBug, hasSerialDirectReads, PROFILES } from './profile';

describe('profiles', () => {
  it('lists every version oldest first', () => {
    expect(PROFILES).toEqual(['8.0', '8.1.5', '8.1.6', '10.2.0.5', '11.2.0.1', '11.2.0.2']);
    expect(atLeast('11.2.0.1', '10.2.0.5')).toBe(true);
    expect(atLeast('8.1.6', '10.2.0.5')).toBe(false);
    expect(atLeast('8.0', '8.0')).toBe(true);
  });

  it('says which have serial direct reads and the KEEP-pool bug 8897574', () => {
    expect(PROFILES.filter(hasSerialDirectReads)).toEqual(['10.2.0.5', '11.2.0.1', '11.2.0.2']);
    expect(PROFILES.filter(hasKeepBug)).toEqual(['10.2.0.5', '11.2.0.1']);
  });
});
