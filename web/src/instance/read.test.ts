// The reader on every fixture (real public reports, fixtures/README.md): which fields each one
// gives, and from which section; and on damaged copies made here in memory (truncated at every
// section boundary, script and event handlers in the HTML, a 50 MB report, another locale's
// numbers). Timeouts below are hang guards, not targets.
import { describe, expect, it } from 'vitest';
import { nodeHtmlDoc } from '../../../scripts/lib/reportHtml';
import { fixture, hasFixture } from './fixtureFiles';
import { readReportText, UnreadableReport } from './read';
import type { ReadReport } from './types';

const read = (text: string) => readReportText(text, nodeHtmlDoc);

/** The fields a report gave (non-null, non-empty). */
function given(r: ReadReport): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(r)) {
    if (k === 'sections' || k === 'origin' || k === 'kind' || k === 'format') continue;
    if (v === null) continue;
    if (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.keys(v).length === 0)
      continue;
    if (k === 'load_profile' || k === 'efficiency' || k === 'io') {
      for (const [kk, vv] of Object.entries(v as Record<string, unknown>))
        if (vv !== null) out.push(`${k}.${kk}`);
    } else out.push(k);
  }
  return out.sort();
}

const ALL_LP = [
  'load_profile.block_changes_per_s',
  'load_profile.executes_per_s',
  'load_profile.hard_parses_per_s',
  'load_profile.logical_reads_per_s',
  'load_profile.parses_per_s',
  'load_profile.physical_reads_per_s',
];
const EFF = [
  'efficiency.buffer_hit_pct',
  'efficiency.library_hit_pct',
  'efficiency.soft_parse_pct',
];
const IO = ['io.physical_reads', 'io.physical_reads_cache', 'io.physical_reads_direct'];
const FULL = [
  ...ALL_LP,
  ...EFF,
  ...IO,
  'advisory',
  'block_size',
  'buffer_cache_bytes',
  'elapsed_s',
  'init',
  'latches',
  'library',
  'platform',
  'pools',
  'rac',
  'release',
  'segments_logical',
  'segments_physical',
  'shared_pool_advisory',
  'shared_pool_bytes',
].sort();

/** Per fixture: its format, release and exactly the fields it gives. */
const EXPECTED: Record<string, { format: string; release: string; fields: string[] }> = {
  'awr-11.2.0.4-single.html': { format: 'AWR HTML', release: '11.2.0.4.0', fields: FULL },
  'awr-11.2.0.4-rac.html': { format: 'AWR HTML', release: '11.2.0.4.0', fields: FULL },
  'awr-12.2.0.1-aims.html': {
    format: 'AWR HTML',
    release: '12.2.0.1.0',
    fields: [...FULL, 'cdb'].sort(),
  },
  // a PDB's report: no cache sizes, pools, advisories, segments, latches or library sections
  'awr-12.2.0.1-rac.html': {
    format: 'AWR HTML',
    release: '12.2.0.1.0',
    fields: [
      ...ALL_LP,
      ...IO,
      'block_size',
      'cdb',
      'elapsed_s',
      'init',
      'platform',
      'rac',
      'release',
    ].sort(),
  },
  'awr-18-rac.html': { format: 'AWR HTML', release: '18.0.0.0.0', fields: [...FULL, 'cdb'].sort() },
  'awr-19-single.html': {
    format: 'AWR HTML',
    release: '19.0.0.0.0',
    fields: [...FULL, 'cdb'].sort(),
  },
  // its "Modified Parameters" section is not in this report
  'awr-19-rac.html': {
    format: 'AWR HTML',
    release: '19.0.0.0.0',
    fields: [...FULL, 'cdb'].filter((f) => f !== 'init').sort(),
  },
  'statspack-11.2.0.4.txt': { format: 'Statspack text', release: '11.2.0.4.0', fields: FULL },
};

describe('every fixture is read with the fields it has', () => {
  for (const [name, want] of Object.entries(EXPECTED))
    it.skipIf(!hasFixture(name))(name, () => {
      const r = read(fixture(name));
      const fields = given(r);
      console.log(`${name}: ${r.format} ${r.release}: ${fields.join(', ')}`);
      expect(r.format).toBe(want.format);
      expect(r.release).toBe(want.release);
      expect(fields).toEqual(want.fields);
      for (const s of r.sections) expect(s.status, `${s.name}: ${s.reason}`).not.toBe('refused');
      expect(r.origin.load_profile).toBe('Load Profile');
    });
});

describe('figures as the reports print them', () => {
  it.skipIf(!hasFixture('statspack-11.2.0.4.txt'))(
    'Statspack: cache sizes with K/M suffixes, one-decimal size factors recomputed',
    () => {
      const r = read(fixture('statspack-11.2.0.4.txt'));
      expect(r.buffer_cache_bytes).toBe(72 * 1024 * 1024);
      expect(r.shared_pool_bytes).toBe(552 * 1024 * 1024);
      expect(r.block_size).toBe(8192);
      expect(r.load_profile.logical_reads_per_s).toBe(302.2);
      expect(r.advisory[0]).toEqual({ size_mb: 4, size_factor: 0.0526, phys_reads: 283_765_000 });
      expect(r.advisory.find((a) => a.size_factor === 1)?.size_mb).toBe(76);
      expect(r.segments_logical[0]).toMatchObject({
        owner: 'SYS',
        name: 'COL$',
        type: 'TABLE',
        share: 0.934,
      });
      expect(r.io.physical_reads_direct).toBe(1_186_405);
    },
  );
  it.skipIf(!hasFixture('awr-18-rac.html'))(
    'AWR HTML: thousands separators, today’s row and the segments’ shares',
    () => {
      const r = read(fixture('awr-18-rac.html'));
      expect(r.block_size).toBe(16384);
      expect(r.rac).toBe(true);
      expect(r.advisory.find((a) => a.size_factor === 1)).toEqual({
        size_mb: 11584,
        size_factor: 1,
        phys_reads: 756_966_000,
      });
      expect(r.load_profile.hard_parses_per_s).toBe(7.4);
    },
  );
});

/** Where each section's title starts in the text (the places a truncation cuts). */
function boundaries(text: string, titles: string[]): number[] {
  const at = titles.flatMap((t) => {
    const i = text.indexOf(t);
    return i > 0 ? [i] : [];
  });
  return [...new Set(at)].sort((a, b) => a - b);
}

const TITLES = [
  'Cache Sizes',
  'Load Profile',
  'Instance Efficiency',
  'Instance Activity Stats',
  'Buffer Pool Statistics',
  'Buffer Pool Advisory',
  'Shared Pool Advisory',
  'Latch Activity',
  'Segments by Logical Reads',
  'Segments by Physical Reads',
  'Library Cache Activity',
  'init.ora Parameters',
];

describe('damaged reports are read as far as they go', () => {
  for (const name of ['statspack-11.2.0.4.txt', 'awr-19-single.html'])
    it.skipIf(!hasFixture(name))(
      `${name} truncated at every section boundary`,
      { timeout: 60_000 },
      () => {
        const text = fixture(name);
        const whole = read(text);
        for (const cut of boundaries(text, TITLES)) {
          const r = read(text.slice(0, cut));
          // every section is listed, and none read that the whole report did not read
          expect(r.sections.map((s) => s.name)).toEqual(whole.sections.map((s) => s.name));
          for (const s of r.sections)
            if (s.status === 'read')
              expect(whole.sections.find((w) => w.name === s.name)?.status).toBe('read');
          // the part before the cut is still read
          expect(r.release).toBe(whole.release);
        }
      },
    );

  it.skipIf(!hasFixture('awr-19-single.html'))(
    'HTML with <script> and event handlers: read, and nothing in it runs',
    () => {
      const marker = '__report_script_ran__';
      const g = globalThis as Record<string, unknown>;
      const hostile = fixture('awr-19-single.html')
        .replace('<body', `<body onload="globalThis.${marker}=1"`)
        .replace(
          'Load Profile',
          `Load Profile<script>globalThis.${marker}=2</script><img src=x onerror="globalThis.${marker}=3">`,
        );
      const r = read(hostile);
      expect(g[marker]).toBeUndefined();
      expect(r.load_profile.logical_reads_per_s).toBe(651);
      expect(r.sections.find((s) => s.name === 'Load Profile')?.status).toBe('read');
    },
  );

  it.skipIf(!hasFixture('statspack-11.2.0.4.txt'))(
    'a 50 MB report is read (no hang: a timeout guard)',
    { timeout: 60_000 },
    () => {
      const one = fixture('statspack-11.2.0.4.txt');
      const tail = one.slice(one.indexOf('SQL ordered by'));
      const big = one + '\n' + tail.repeat(Math.ceil(50e6 / tail.length));
      expect(big.length).toBeGreaterThan(50e6);
      const r = read(big);
      expect(r.release).toBe('11.2.0.4.0');
      expect(r.advisory.length).toBeGreaterThan(10);
    },
  );

  it.skipIf(!hasFixture('statspack-11.2.0.4.txt'))(
    'numbers in another locale’s format: the section is refused and named',
    () => {
      const text = fixture('statspack-11.2.0.4.txt');
      const lp = text.indexOf('Load Profile');
      const end = text.indexOf('Instance Efficiency');
      const german = text
        .slice(lp, end)
        .replace(/(\d),(\d{3})\.(\d)/g, '$1.$2,$3')
        .replace(/ (\d+)\.(\d)\b/g, ' $1,$2');
      const r = read(text.slice(0, lp) + german + text.slice(end));
      const s = r.sections.find((x) => x.name === 'Load Profile');
      expect(s?.status).toBe('refused');
      expect(s?.reason).toMatch(/another locale's number format/);
      // the other sections are still read
      expect(r.sections.find((x) => x.name === 'Buffer Pool Advisory')?.status).toBe('read');
    },
  );

  it('a file that is no report is refused in one line naming what was looked for', () => {
    expect(() => read('hello\nworld\n')).toThrow(UnreadableReport);
    expect(() => read('hello')).toThrow(
      /looked for 'WORKLOAD REPOSITORY report for'.*'STATSPACK report for'/,
    );
  });

  it.skipIf(!hasFixture('statspack-11.2.0.4.txt'))(
    '########## cells are left out, not read as numbers',
    () => {
      const text = fixture('statspack-11.2.0.4.txt').replace(' 283,765 ', ' ####### ');
      const r = read(text);
      expect(r.advisory[0].size_mb).toBe(8);
      expect(r.sections.find((s) => s.name === 'Buffer Pool Advisory')?.reason).toMatch(
        /1 rows with unreadable/,
      );
    },
  );
});
