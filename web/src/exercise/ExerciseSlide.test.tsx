import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineNode } from '../sim/node';
import { buildExercise } from './exercise';
import { ExerciseSlide } from './ExerciseSlide';

beforeAll(() => loadEngineNode());

describe('a question on a slide', () => {
  it('shows the question of the seed with its choices, numbered', () => {
    const q = buildExercise(25).questions[1];
    const html = renderToStaticMarkup(<ExerciseSlide seed={25} index={1} />);
    expect(html).toContain(q.prompt);
    for (const c of q.choices) expect(html).toContain(`data-choice="${c.id}"`);
    expect(html).toContain('aria-live="polite"');
  });

  it('says so when the exercise has no such question', () => {
    expect(renderToStaticMarkup(<ExerciseSlide seed={25} index={99} />)).toContain(
      'has no question 100',
    );
  });
});
