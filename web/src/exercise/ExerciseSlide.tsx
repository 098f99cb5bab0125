// One question of a seeded exercise, for a lecture slide: `<ExerciseSlide seed={25} index={3} />`
// shows the question with its choices (a victim question lists its buffers by block), checks
// the answer against the engine's and explains it with the step's narration. The engine must
// be loaded.
import { useMemo } from 'react';
import { buildExercise, questionAt, type Verdict } from './exercise';
import { ExerciseQuestion } from './ExerciseQuestion';

interface Props {
  seed: number;
  index: number;
  onAnswer?: (choice: string, verdict: Verdict) => void;
}

export function ExerciseSlide({ seed, index, onAnswer }: Props) {
  const exercise = useMemo(() => buildExercise(seed), [seed]);
  const question = questionAt(exercise, index);
  if (!question)
    return (
      <p className="note">
        Exercise {seed} has no question {index + 1}.
      </p>
    );
  return (
    <ExerciseQuestion
      key={`${seed}-${index}`}
      question={question}
      heading={`Exercise ${seed}, question ${index + 1} · ${exercise.cache} cache · profile ${exercise.scenario.profile}`}
      onAnswer={onAnswer}
    />
  );
}
