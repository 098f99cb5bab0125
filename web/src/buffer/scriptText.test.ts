import { describe, expect, it } from 'vitest';
import type { ScriptStep } from '../sim/generated/buffer/ScriptStep';
import { lineOfStep, stepsError, stepsToText, textToSteps } from './scriptText';

const STEPS: ScriptStep[] = [
  { sql: 'alter system flush buffer_cache' },
  { sql: 'select /*+FULL(c)*/ count(*) from testuser.TABLE_DATA c', label: 'first scan' },
  { run: { kind: 'scan', segment: 'TABLE_DATA', times: 2 } },
];

describe('the script editor text', () => {
  it('writes one step a line and reads it back unchanged', () => {
    const text = stepsToText(STEPS);
    expect(text.split('\n')).toEqual([
      'alter system flush buffer_cache',
      'select /*+FULL(c)*/ count(*) from testuser.TABLE_DATA c -- first scan',
      'run {"kind":"scan","segment":"TABLE_DATA","times":2}',
    ]);
    expect(textToSteps(text)).toEqual({ ok: true, steps: STEPS });
  });

  it('skips blank lines and trims statements', () => {
    expect(textToSteps('\n  alter system flush buffer_cache  \n\n')).toEqual({
      ok: true,
      steps: [{ sql: 'alter system flush buffer_cache' }],
    });
  });

  it('names the line of a run that is not JSON', () => {
    const parsed = textToSteps('alter system flush buffer_cache\n\nrun {kind: scan}');
    expect(parsed).toMatchObject({ ok: false, line: 3 });
    expect(textToSteps('run scan')).toMatchObject({ ok: false, line: 1 });
  });

  it("puts the engine's errors on the step and its line", () => {
    const text = 'alter system flush buffer_cache\n\nselect x from NOPE';
    expect(lineOfStep(text, 1)).toBe(3);
    expect(stepsError('workload.steps[1].sql', "no object 'NOPE'", text)).toBe(
      "step 2 (line 3): no object 'NOPE'",
    );
    expect(stepsError('workload.steps', '0 steps; a script has 1..=1000', '')).toBe(
      '0 steps; a script has 1..=1000',
    );
    expect(
      stepsError('workload.steps[0].run.kind', 'a script cannot run another script', text),
    ).toBe('step 1 (line 1), run.kind: a script cannot run another script');
    expect(stepsError('workload.kind', 'x', text)).toBeNull();
  });
});
