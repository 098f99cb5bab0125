import { describe, expect, it } from 'vitest';
import { stepStatistics } from '../sim/stepFixture';
import type { ScanDecision } from '../sim/generated/buffer/ScanDecision';
import { currentStep, readPath, scriptSteps, stepText, timelineRows } from './scriptRows';
import { decisionFigures, reasonText } from '../sim/scanDecision';

const stat = stepStatistics;

const decision = (p: Partial<ScanDecision> = {}): ScanDecision => ({
  direct: true,
  reason: 'keep_bug',
  blocks: 99_200,
  pool: 'KEEP',
  small_table_threshold: 7_700,
  large_above: 38_500,
  keep_buffers: 129_024,
  cached: 0,
  dirty: 0,
  ...p,
});

const script = [
  { sql: '  alter system flush buffer_cache ' },
  { sql: 'select /*+FULL(c)*/ count(*) from t c' },
  { sql: 'select 1', label: 'again' },
  { run: { kind: 'scan', segment: 'T', times: 1 } as const },
];

describe('the script timeline rows', () => {
  it('lists every step of the script, the ones not yet run as pending', () => {
    const rows = timelineRows(script, [stat(0), stat(1, { done: false, elapsed_s: 1.234 })], []);
    expect(rows.map((r) => r.state)).toEqual(['done', 'running', 'pending', 'pending']);
    expect(rows.map((r) => r.text)).toEqual(['stmt 0', 'stmt 1', 'again', 'run scan']);
    expect(rows[1].elapsedS).toBeCloseTo(1.234);
    expect(rows[3].elapsedS).toBe(0);
    expect(currentStep(rows)).toBe(1);
  });

  it('has no current step once every step is done', () => {
    const rows = timelineRows(script.slice(0, 2), [stat(0), stat(1)], undefined);
    expect(currentStep(rows)).toBeNull();
  });

  it('pairs the paper figures by their 1-based step', () => {
    const rows = timelineRows(
      script,
      [],
      [
        { step: 2, elapsed_s: 17.89 },
        { step: 4, rows_per_s: 1200 },
      ],
    );
    expect(rows[1].paper).toEqual({ elapsedS: 17.89, rowsPerS: null });
    expect(rows[3].paper).toEqual({ elapsedS: null, rowsPerS: 1200 });
    expect(rows[0].paper).toBeNull();
  });

  it('says where the blocks came from', () => {
    expect(readPath(stat(0, { physical_reads: 10, physical_reads_direct: 10 }))).toBe('direct');
    expect(readPath(stat(0, { physical_reads: 10, logical_reads: 10 }))).toBe('disk');
    expect(readPath(stat(0, { physical_reads: 10, os_cache_hits: 4 }))).toBe('os_cache');
    expect(readPath(stat(0, { logical_reads: 10 }))).toBe('cache');
    expect(readPath(stat(0))).toBe('none');
    expect(readPath(stat(0, { scan: decision() }))).toBe('direct');
    expect(readPath(stat(0, { scan: decision({ direct: false }) }))).toBe('cache');
  });

  it('marks a step direct only when it read direct', () => {
    const rows = timelineRows(null, [stat(0, { physical_reads_direct: 1, physical_reads: 1 })], []);
    expect(rows).toHaveLength(1);
    expect(rows[0].direct).toBe(true);
    expect(timelineRows(null, [stat(0, { scan: decision() })], [])[0].direct).toBe(false);
  });

  it('reads the script of a script workload only', () => {
    expect(scriptSteps({ kind: 'script', steps: script })).toBe(script);
    expect(scriptSteps({ kind: 'scan', segment: 'T', times: 1 })).toBeNull();
    expect(scriptSteps(undefined)).toBeNull();
    expect(stepText({})).toBe('step');
  });
});

describe('the scan decision in words', () => {
  it('gives the KEEP bug with the 10 % of the KEEP cache', () => {
    const t = reasonText(decision());
    expect(t).toContain('99,200 blocks');
    expect(t).toContain('12,902');
    expect(t).toContain('8897574');
  });

  it('gives every reason a sentence', () => {
    const reasons = [
      'not_in_profile',
      'event_off',
      'disabled',
      'forced',
      'small',
      'keep_fits',
      'mostly_cached',
      'mostly_dirty',
      'large',
      'keep_bug',
    ] as const;
    for (const reason of reasons) expect(reasonText(decision({ reason }))).not.toBe('');
    expect(reasonText(decision({ reason: 'small', blocks: 100 }))).toContain('38,500');
  });

  it('lists the numbers compared, KEEP buffers only with a KEEP pool', () => {
    const f = decisionFigures(decision({ cached: 49_600 }));
    expect(f).toContainEqual(['cached at the start', '49,600 (50 %)']);
    expect(f.map(([k]) => k)).toContain('KEEP buffers');
    expect(decisionFigures(decision({ keep_buffers: 0 })).map(([k]) => k)).not.toContain(
      'KEEP buffers',
    );
  });
});
