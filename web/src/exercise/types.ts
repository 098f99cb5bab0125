// An exercise: a scenario, and questions about single steps of its run, each with the answer
// the engine gave and the narration of that step as the explanation.
import type { NarrationLine } from '../shared/narration';
import type { Scenario } from '../sim/engine';
import type { CacheKind } from './generate';

export type QuestionKind =
  'hit_miss' | 'pool_set' | 'placement' | 'victim' | 'scan' | 'parse' | 'bucket';

export const QUESTION_KINDS: readonly QuestionKind[] = [
  'hit_miss',
  'pool_set',
  'placement',
  'victim',
  'scan',
  'parse',
  'bucket',
];

export interface Choice {
  id: string;
  label: string;
}

export interface Question {
  kind: QuestionKind;
  /** The run's position before the step the question is about (the step is the next one). */
  position: number;
  /** What is about to happen, and what to predict. */
  prompt: string;
  choices: Choice[];
  /** The id of the right choice: the engine's own answer. */
  answer: string;
  /** The block the step reads (buffer cache), or the statement it sends (library cache). */
  block?: { seg: number; block: number };
  statement?: string;
  /** The working set whose buffers a victim question offers (its index in the layout). */
  set?: number;
  /** The step's narration lines that answer the question. */
  explanation: NarrationLine[];
  /** Every narration line of the step. */
  narration: NarrationLine[];
}

export interface Exercise {
  seed: number;
  cache: CacheKind;
  scenario: Scenario;
  questions: Question[];
}
