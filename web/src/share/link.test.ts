import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import hot50 from '../../../scenarios/seed000-8i-hot50.json';
import { decodeHash, encodeState, LINK_VERSION, shareUrl } from './link';

const scenario = hot50 as unknown as Scenario;

describe('share links', () => {
  it('round-trips a scenario and a position', () => {
    const hash = encodeState({ scenario, position: 1234, base: 'seed000-8i-hot50' });
    expect(hash.startsWith(`v${LINK_VERSION}=`)).toBe(true);
    expect(decodeHash(`#${hash}`)).toEqual({
      ok: true,
      state: { scenario, position: 1234, base: 'seed000-8i-hot50' },
    });
  });

  it('is URL-safe and compressed', () => {
    const url = shareUrl('http://example.org/repo/?x=1#old', { scenario, position: 7 });
    expect(url.startsWith('http://example.org/repo/?x=1#v1=')).toBe(true);
    expect(url.length).toBeLessThan(encodeURIComponent(JSON.stringify(scenario)).length);
    expect(encodeURI(url)).toBe(url);
  });

  it('reads an empty fragment as no link', () => {
    expect(decodeHash('')).toEqual({ ok: 'empty' });
    expect(decodeHash('#')).toEqual({ ok: 'empty' });
  });

  it('reports a truncated link', () => {
    const hash = encodeState({ scenario, position: 5 });
    for (const cut of [12, hash.length / 2, hash.length - 3]) {
      const r = decodeHash(hash.slice(0, Math.floor(cut)));
      expect(r.ok).toBe(false);
      if (r.ok === false) expect(r.problem).toMatch(/damaged or truncated/);
    }
  });

  it('reports an unknown version', () => {
    const r = decodeHash(`#v2=${compressToEncodedURIComponent('{}')}`);
    expect(r).toEqual({
      ok: false,
      problem: 'the link is of version 2; this site reads version 1 links.',
    });
  });

  it('reports a fragment that is not a share link', () => {
    expect(decodeHash('#section-3').ok).toBe(false);
    expect(decodeHash('#v1=').ok).toBe(false);
  });

  it('reports a payload without a scenario or with a bad position', () => {
    const enc = (v: unknown) => `#v1=${compressToEncodedURIComponent(JSON.stringify(v))}`;
    expect(decodeHash(enc({ position: 3 }))).toMatchObject({ ok: false, problem: /no scenario/ });
    expect(decodeHash(enc({ scenario, position: -1 }))).toMatchObject({ ok: false });
    expect(decodeHash(enc({ scenario, position: 1.5 }))).toMatchObject({ ok: false });
    expect(decodeHash(enc([1, 2]))).toMatchObject({ ok: false });
  });
});
