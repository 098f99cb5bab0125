import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineNode } from '../sim/node';
import { buildExercise } from './exercise';
import { parseSeed, readSeed } from './rng';
import {
  exerciseHref,
  exerciseParam,
  leaveHref,
  reduceSession,
  score,
  startSession,
} from './session';

beforeAll(() => loadEngineNode());

describe('a learner’s session', () => {
  it('counts the first answer of each question and moves on only once answered', () => {
    const ex = buildExercise(11);
    let s = startSession(ex);
    s = reduceSession(ex, s, { type: 'next' });
    expect(s.index).toBe(0);
    const q = ex.questions[0];
    const wrong = q.choices.find((c) => c.id !== q.answer)?.id ?? '';
    s = reduceSession(ex, s, { type: 'answer', choice: wrong });
    s = reduceSession(ex, s, { type: 'answer', choice: q.answer });
    expect(s.verdicts[0]?.correct).toBe(false);
    expect(score(s)).toEqual({ right: 0, answered: 1 });
    s = reduceSession(ex, s, { type: 'next' });
    expect(s.index).toBe(1);
    s = reduceSession(ex, s, { type: 'answer', choice: ex.questions[1].answer });
    expect(score(s)).toEqual({ right: 1, answered: 2 });
    s = reduceSession(ex, s, { type: 'restart' });
    expect(score(s)).toEqual({ right: 0, answered: 0 });
  });
});

describe('exercise links', () => {
  it('carry the seed in ?exercise and nothing else', () => {
    const href = exerciseHref('https://x.org/sim/?present#v1=abc', 1234);
    expect(href).toBe('https://x.org/sim/?exercise=1234');
    expect(exerciseParam(new URL(href).search)).toBe('1234');
    expect(exerciseParam('?exercise')).toBe('');
    expect(exerciseParam('?present')).toBeNull();
    expect(leaveHref(href)).toBe('https://x.org/sim/');
  });

  it('read a seed as digits, and any other text as its hash', () => {
    expect(parseSeed('1234')).toBe(1234);
    expect(parseSeed('week 3')).toBe(parseSeed('week 3'));
    expect(parseSeed('week 3')).not.toBe(parseSeed('week 4'));
    expect(parseSeed('week 3')).toBeLessThan(1e9);
  });

  it('says so when the text is no exercise number, and which exercise it opened (issue 44)', () => {
    // before: ?exercise=12345678901 (or -5, or 1e3) opened another exercise without a word
    expect(readSeed('1234')).toEqual({ seed: 1234, note: null });
    expect(readSeed(' 7 ')).toEqual({ seed: 7, note: null });
    for (const text of ['12345678901', '-5', '1e3', 'week 3']) {
      const { seed, note } = readSeed(text);
      expect(seed).toBe(parseSeed(text));
      expect(note).toContain(
        `“${text}” is not an exercise number (a whole number of 1 to 9 digits)`,
      );
      expect(note).toContain(`this is exercise ${seed}`);
    }
    expect(readSeed('x'.repeat(500)).note).toContain(`“${'x'.repeat(40)}…”`);
  });
});
