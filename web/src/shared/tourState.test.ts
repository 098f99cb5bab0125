// Issue 41 #5: the tour does not open over a link (someone's lesson), only on a first visit of
// one's own.
import { describe, expect, it } from 'vitest';
import { arrivedByLink } from './tourState';

describe('the tour on a first visit', () => {
  it('stays closed over a share link, a lecture or an exercise', () => {
    expect(arrivedByLink({ hash: '#v1=N4Ig', search: '' })).toBe(true);
    expect(arrivedByLink({ hash: '', search: '?lecture=seed000-buffer-pools' })).toBe(true);
    expect(arrivedByLink({ hash: '', search: '?exercise=7' })).toBe(true);
    expect(arrivedByLink({ hash: '#v1=x', search: '?present' })).toBe(true);
  });
  it('opens on the bare address', () => {
    expect(arrivedByLink({ hash: '', search: '' })).toBe(false);
    expect(arrivedByLink({ hash: '#', search: '' })).toBe(false);
    expect(arrivedByLink({ hash: '', search: '?present' })).toBe(false);
  });
});
