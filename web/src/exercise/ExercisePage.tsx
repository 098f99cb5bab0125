// Practise (`?exercise=<seed>`): a generated exercise, one question at a time. The learner
// predicts the next step (a choice, or a buffer clicked in the map), the page steps the
// engine, says whether the prediction was right and shows the step's narration, keeps the
// score, and moves on. The same seed gives the whole class the same exercise.
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { buildExercise } from './exercise';
import { ExerciseQuestion } from './ExerciseQuestion';
import { ExerciseState } from './ExerciseState';
import { readSeed } from './rng';
import {
  exerciseHref,
  exerciseParam,
  leaveHref,
  reduceSession,
  score,
  startSession,
} from './session';
import type { Exercise } from './types';
import { useStepView } from './useStepView';

/** A new seed (1 … 999,999,999). */
function freshSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return (a[0] % 999_999_999) + 1;
}

/** The seed in the address (with a note when its text is no exercise number), or a new one
 * written into it. */
function seedFromAddress(): { seed: number; note: string | null } {
  const param = exerciseParam(location.search);
  if (param) return readSeed(param);
  const seed = freshSeed();
  history.replaceState(null, '', exerciseHref(location.href, seed));
  return { seed, note: null };
}

function CopyExerciseLink({ seed }: { seed: number }) {
  const [status, setStatus] = useState('');
  const copy = async () => {
    const url = exerciseHref(location.href, seed);
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied: everyone who opens it gets this exercise');
    } catch {
      setStatus(`The link: ${url}`);
    }
  };
  return (
    <>
      <button type="button" className="btn dark" onClick={() => void copy()}>
        Copy link
      </button>
      <span className="copy-status" role="status" aria-live="polite">
        {status}
      </span>
    </>
  );
}

function Session({ exercise, onNew }: { exercise: Exercise; onNew: () => void }) {
  const [session, dispatch] = useReducer(
    (s: ReturnType<typeof startSession>, a: Parameters<typeof reduceSession>[2]) =>
      reduceSession(exercise, s, a),
    exercise,
    startSession,
  );
  const total = exercise.questions.length;
  const finished = session.index >= total;
  const index = Math.min(session.index, total - 1);
  const question = exercise.questions[index] ?? null;
  const verdict = session.verdicts[index] ?? null;
  const view = useStepView(exercise, question, verdict !== null);
  const { right, answered } = score(session);
  const answer = (choice: string) => dispatch({ type: 'answer', choice });
  const next = () => dispatch({ type: 'next' });
  // once answered, the focus goes to Next (Enter or N), so the keyboard never starts over
  const nextButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (verdict) nextButton.current?.focus();
  }, [verdict]);

  // 1–9 answer, Enter or N goes on (a focused button keeps its own Enter and Space)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !question) return;
      const t = e.target as HTMLElement | null;
      if (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      const n = Number(e.key);
      if (!verdict && n >= 1 && n <= 9 && question.choices.length <= 9) {
        const c = question.choices[n - 1];
        if (c) {
          e.preventDefault();
          dispatch({ type: 'answer', choice: c.id });
        }
      } else if (
        verdict &&
        !finished &&
        (e.key === 'n' || e.key === 'N' || (e.key === 'Enter' && t?.tagName !== 'BUTTON'))
      ) {
        e.preventDefault();
        dispatch({ type: 'next' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [question, verdict, finished]);

  if (!question) return <p className="note">This exercise has no questions: try another one.</p>;
  return (
    <div className="exercise-main">
      <section className="exercise-card" aria-label="Question">
        <p className="exercise-score" data-testid="exercise-score">
          Score <strong>{right}</strong> of {answered}
          {finished ? ` — the exercise is done (${total} questions)` : ''}
        </p>
        <ExerciseQuestion
          key={index}
          question={question}
          heading={`Question ${index + 1} of ${total} · ${exercise.cache} cache · profile ${exercise.scenario.profile}`}
          verdict={verdict}
          focus={index > 0}
          onAnswer={(choice) => answer(choice)}
          showChoices={question.kind !== 'victim'}
        >
          {question.kind === 'victim' && !verdict && (
            <div className="note">
              Click the buffer in the map (Tab to it and press Enter), or{' '}
              <details className="victim-list">
                <summary>pick it from a list</summary>
                <div className="exercise-choices many">
                  {question.choices.map((c) => (
                    <button
                      key={c.id}
                      type="button"
                      className="btn exercise-choice"
                      onClick={() => answer(c.id)}
                    >
                      {c.label}
                    </button>
                  ))}
                </div>
              </details>
            </div>
          )}
          {verdict && !finished && (
            <button
              type="button"
              className="btn primary exercise-next"
              data-testid="exercise-next"
              ref={nextButton}
              onClick={next}
              aria-keyshortcuts="N"
            >
              {index + 1 < total ? 'Next question' : 'See the score'} <kbd>N</kbd>
            </button>
          )}
          {finished && (
            <div className="exercise-done" data-testid="exercise-done">
              <p>
                You predicted <strong>{right}</strong> of {total} steps as the engine ran them.
              </p>
              <button type="button" className="btn" onClick={() => dispatch({ type: 'restart' })}>
                Same exercise again
              </button>{' '}
              <button type="button" className="btn primary" onClick={onNew}>
                Another exercise
              </button>
            </div>
          )}
        </ExerciseQuestion>
      </section>
      <section className="exercise-state" aria-label="The cache">
        <ExerciseState
          exercise={exercise}
          question={question}
          view={view}
          answered={verdict !== null}
          chosen={verdict?.chosen?.id ?? null}
          onPick={answer}
        />
      </section>
    </div>
  );
}

export function ExercisePage() {
  const [{ seed, note }, setSeed] = useState(seedFromAddress);
  useEffect(() => {
    const onPop = () => {
      const param = exerciseParam(location.search);
      if (param) setSeed(readSeed(param));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const exercise = useMemo(() => buildExercise(seed), [seed]);
  const another = () => {
    const next = freshSeed();
    history.pushState(null, '', exerciseHref(location.href, next));
    setSeed({ seed: next, note: null });
  };
  return (
    <div className="exercise-page" data-testid="exercise" data-seed={seed}>
      <header className="app-header exercise-bar">
        <div className="brand">
          <h1>cachesim · Practise</h1>
          <span>Predict the next step, then check it against the engine</span>
        </div>
        <div className="header-controls">
          <span className="badge" data-testid="exercise-seed">
            exercise {seed}
          </span>
          <CopyExerciseLink seed={seed} />
          <button type="button" className="btn dark" onClick={another}>
            Another exercise
          </button>
          <a className="btn dark" href={leaveHref(location.href)}>
            Back to the simulator
          </a>
        </div>
      </header>
      <main>
        {note && (
          <p className="exercise-seed-note" role="status" data-testid="exercise-seed-note">
            {note}
          </p>
        )}
        <Session key={seed} exercise={exercise} onNew={another} />
      </main>
    </div>
  );
}
