import { describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/engine';
import hot50 from '../../../scenarios/seed000-8i-hot50.json';
import { shareUrl } from './link';
import { ADDRESS_MAX, checkCopyLink, COPY_LINK_MAX, fitsAddress } from './size';

const BASE = 'https://example.org/repo/';

describe('link size limits', () => {
  it('accepts a link up to the limit and refuses one character more, saying why', () => {
    const at = BASE + '#'.padEnd(COPY_LINK_MAX - BASE.length, 'a');
    expect(at.length).toBe(COPY_LINK_MAX);
    expect(checkCopyLink(at)).toEqual({ ok: true, length: COPY_LINK_MAX });
    const over = checkCopyLink(`${at}a`);
    expect(over.ok).toBe(false);
    if (!over.ok) {
      expect(over.length).toBe(COPY_LINK_MAX + 1);
      expect(over.reason).toMatch(/33 KB; links over 32 KB/);
      expect(over.reason).toMatch(/Download the scenario as a JSON file/);
    }
  });

  it('lets every bundled-size scenario through with room to spare', () => {
    const url = shareUrl(BASE, { scenario: hot50 as unknown as Scenario, position: 40000 });
    expect(checkCopyLink(url).ok).toBe(true);
    expect(url.length * 10).toBeLessThan(COPY_LINK_MAX);
  });

  it('refuses a scenario with a long trace', () => {
    // Random block numbers compress poorly: 20,000 accesses make a link far over the limit.
    let seed = 1;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const rows = Array.from({ length: 20_000 }, (_, i) => `${i},T,${rand() % 100000},r`);
    const csv = ['time_ms,object,block,op', ...rows].join('\n');
    const scenario = { ...(hot50 as unknown as Scenario), workload: { kind: 'trace', csv } };
    const check = checkCopyLink(shareUrl(BASE, { scenario: scenario as Scenario, position: 0 }));
    expect(check.ok).toBe(false);
  });

  it('keeps the address within the smaller browser limit', () => {
    expect(ADDRESS_MAX).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(fitsAddress('x'.repeat(ADDRESS_MAX))).toBe(true);
    expect(fitsAddress('x'.repeat(ADDRESS_MAX + 1))).toBe(false);
  });
});
