// The engine state an exercise shows: a handle of its own on the exercise's scenario, sought
// to the question's position — and, once answered, stepped over the question's step, so that
// the learner sees what the engine did.
import { useEffect, useMemo } from 'react';
import { SimRun, type Layout } from '../sim/engine';
import { Run, type Config, type SqlRow } from '../sim/library';
import { setSlices, type SetSlice } from './state';
import type { Exercise, Question } from './types';

export type StepView =
  | { cache: 'buffer'; layout: Layout; slices: SetSlice[] }
  | { cache: 'library'; config: Config; rows: SqlRow[] };

type Handle = { cache: 'buffer'; run: SimRun } | { cache: 'library'; run: Run };

/** One handle per exercise on show, made on first use and freed when the page moves on. */
const handles = new Map<Exercise, Handle>();

function handleOf(ex: Exercise): Handle {
  let h = handles.get(ex);
  if (!h) {
    h =
      ex.cache === 'library'
        ? { cache: 'library', run: Run.create(ex.scenario) }
        : { cache: 'buffer', run: SimRun.create(ex.scenario) };
    handles.set(ex, h);
  }
  return h;
}

export function useStepView(
  exercise: Exercise,
  question: Question | null,
  answered: boolean,
): StepView | null {
  useEffect(
    () => () => {
      handles.get(exercise)?.run.free();
      handles.delete(exercise);
    },
    [exercise],
  );
  return useMemo(() => {
    if (!question) return null;
    const h = handleOf(exercise);
    h.run.seek(question.position);
    if (h.cache === 'library') {
      if (answered) h.run.stepUnit();
      return { cache: 'library', config: h.run.config(), rows: h.run.sql() };
    }
    if (answered) h.run.step(1);
    return { cache: 'buffer', layout: h.run.layoutInfo(), slices: setSlices(h.run).slices };
  }, [exercise, question, answered]);
}
