import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import hot50 from '../../../scenarios/seed000-8i-hot50.json';
import hot0 from '../../../scenarios/seed000-8i-hot0.json';
import { decodeHash, encodeState, LINK_VERSION, shareUrl } from './link';

const scenario = hot50 as unknown as Scenario;
const scenarioB = hot0 as unknown as Scenario;
const enc = (v: unknown) => `#v1=${compressToEncodedURIComponent(JSON.stringify(v))}`;

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
    expect(decodeHash(enc({ position: 3 }))).toMatchObject({ ok: false, problem: /no scenario/ });
    expect(decodeHash(enc({ scenario, position: -1 }))).toMatchObject({ ok: false });
    expect(decodeHash(enc({ scenario, position: 1.5 }))).toMatchObject({ ok: false });
    expect(decodeHash(enc([1, 2]))).toMatchObject({ ok: false });
  });

  it('round-trips a comparison: both configurations, the position and the preset', () => {
    const state = {
      scenario,
      position: 99,
      base: 'seed000-8i-hot50',
      compare: { scenario: scenarioB, base: 'seed000-8i-hot0', preset: 'table9' },
    };
    expect(decodeHash(encodeState(state))).toEqual({ ok: true, state });
  });

  it('reads an old single-configuration link exactly as before', () => {
    const old = enc({ scenario, position: 4, base: 'seed000-8i-hot50' });
    expect(decodeHash(old)).toEqual({
      ok: true,
      state: { scenario, position: 4, base: 'seed000-8i-hot50' },
    });
  });

  it('keeps configuration A when B is malformed, and names what is wrong with B', () => {
    const cases: [unknown, RegExp][] = [
      [7, /configuration B is not an object/],
      [{ position: 3 }, /configuration B holds no scenario/],
      [{ scenario: 'text' }, /configuration B holds no scenario/],
      [{ scenario: scenarioB, base: 5 }, /configuration B’s "base"/],
    ];
    for (const [compare, problem] of cases) {
      const r = decodeHash(enc({ scenario, position: 2, compare }));
      expect(r).toMatchObject({
        ok: true,
        state: { scenario, position: 2 },
        compareProblem: problem,
      });
      if (r.ok === true) expect(r.state.compare).toBeUndefined();
    }
  });
});
