// A learner's way through an exercise: which question, what was answered, the score. A pure
// reducer (the page holds it with useReducer; a slide can hold one of its own).
import { checkAnswer, type Verdict } from './exercise';
import type { Exercise } from './types';

export interface Session {
  index: number;
  /** The verdict of each question answered so far, by index. */
  verdicts: (Verdict | null)[];
}

export type SessionAction =
  { type: 'answer'; choice: string } | { type: 'next' } | { type: 'restart' };

export const startSession = (ex: Exercise): Session => ({
  index: 0,
  verdicts: ex.questions.map(() => null),
});

export function reduceSession(ex: Exercise, s: Session, a: SessionAction): Session {
  const q = ex.questions[s.index];
  switch (a.type) {
    case 'answer': {
      // one answer a question: the first counts
      if (!q || s.verdicts[s.index]) return s;
      const verdicts = [...s.verdicts];
      verdicts[s.index] = checkAnswer(q, a.choice);
      return { ...s, verdicts };
    }
    case 'next':
      if (!s.verdicts[s.index] || s.index >= ex.questions.length) return s;
      return { ...s, index: s.index + 1 };
    case 'restart':
      return startSession(ex);
  }
}

export function score(s: Session): { right: number; answered: number } {
  const done = s.verdicts.filter((v): v is Verdict => v !== null);
  return { right: done.filter((v) => v.correct).length, answered: done.length };
}

/** The seed an address asks for: `?exercise=<seed>`; '' when it asks for a new one; null: none. */
export function exerciseParam(search: string): string | null {
  return new URLSearchParams(search).get('exercise');
}

/** The address of exercise `seed`: this page with `?exercise=<seed>` and no fragment. */
export function exerciseHref(href: string, seed: number): string {
  const url = new URL(href);
  url.hash = '';
  url.search = '';
  url.searchParams.set('exercise', String(seed));
  return url.toString();
}

/** The simulator's own address, without the exercise. */
export function leaveHref(href: string): string {
  const url = new URL(href);
  url.hash = '';
  url.searchParams.delete('exercise');
  return url.toString();
}
