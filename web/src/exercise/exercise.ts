// The exercise API: an exercise from a seed, a question by index, and the checker.
import type { NarrationLine } from '../shared/narration';
import { bufferQuestions } from './bufferKey';
import { planExercise } from './generate';
import { libraryQuestions } from './libraryKey';
import type { Choice, Exercise, Question } from './types';

export type { Choice, Exercise, Question, QuestionKind } from './types';
export { QUESTION_KINDS } from './types';

/** The exercise of `seed` (the engine must be loaded): the same one everywhere. */
export function buildExercise(seed: number): Exercise {
  const plan = planExercise(seed);
  const questions = plan.cache === 'library' ? libraryQuestions(plan) : bufferQuestions(plan);
  return { seed, cache: plan.cache, scenario: plan.scenario, questions };
}

/** Question `i` of an exercise, or null past its end (for a slide that holds one question). */
export function questionAt(exercise: Exercise, i: number): Question | null {
  return exercise.questions[i] ?? null;
}

export interface Verdict {
  correct: boolean;
  chosen: Choice | null;
  expected: Choice;
  /** The narration of the step: why the engine's answer is the right one. */
  explanation: NarrationLine[];
}

/** Compare a learner's answer (a choice id) with the engine's. */
export function checkAnswer(q: Question, answer: string): Verdict {
  const expected = q.choices.find((c) => c.id === q.answer);
  if (!expected) throw new Error(`question ${q.kind} at ${q.position}: its answer is no choice`);
  return {
    correct: answer === q.answer,
    chosen: q.choices.find((c) => c.id === answer) ?? null,
    expected,
    explanation: q.explanation,
  };
}
