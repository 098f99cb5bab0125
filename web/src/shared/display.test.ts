import { describe, expect, it } from 'vitest';
import { displayFromSearch, embedSnippet } from './display';

describe('display modes', () => {
  it('reads ?present and ?embed from the address', () => {
    expect(displayFromSearch('')).toBe('normal');
    expect(displayFromSearch('?present')).toBe('present');
    expect(displayFromSearch('?embed')).toBe('embed');
    expect(displayFromSearch('?present&embed')).toBe('embed');
  });

  it('makes an iframe snippet of a share link, keeping its fragment', () => {
    const s = embedSnippet('https://example.org/repo/?present#v1=abc');
    expect(s).toContain('src="https://example.org/repo/?embed#v1=abc"');
    expect(s).toMatch(/^<iframe /);
    expect(s).toContain('title="');
  });
});
