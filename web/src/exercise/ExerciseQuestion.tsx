// One question: what is about to happen, the choices as numbered buttons, then the verdict
// (announced) and the step's narration as the explanation. Controlled by the page (its
// `verdict`), or on its own — a slide can hold one: `<ExerciseQuestion question={q} />`.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { NarrationLine } from '../shared/narration';
import { checkAnswer, type Verdict } from './exercise';
import type { Question } from './types';

interface Props {
  question: Question;
  /** "Question 2 of 6". */
  heading?: string;
  /** The page's verdict; absent: the component keeps its own. */
  verdict?: Verdict | null;
  onAnswer?: (choice: string, verdict: Verdict) => void;
  /** Offer the choices as buttons (a victim question's page offers its buffers instead). */
  showChoices?: boolean;
  /** Take the focus when shown (the page's next question), so that keys and Tab go on from it. */
  focus?: boolean;
  /** Under the verdict: the page's Next button. */
  children?: ReactNode;
}

const NUMBERED = 9;

export function Explanation({ lines }: { lines: NarrationLine[] }) {
  return (
    <ol className="exercise-explanation" aria-label="What the engine did">
      {lines.map((l, i) => (
        <li key={i} className={`k-${l.kind}`}>
          <span className="what">{l.text}</span>
          <span className="why">{l.why}</span>
        </li>
      ))}
    </ol>
  );
}

export function ExerciseQuestion({
  question,
  heading,
  verdict,
  onAnswer,
  showChoices = true,
  focus = false,
  children,
}: Props) {
  const [own, setOwn] = useState<Verdict | null>(null);
  const prompt = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) prompt.current?.focus();
  }, [focus]);
  const shown = verdict === undefined ? own : verdict;
  const answer = (id: string) => {
    if (shown) return;
    const v = checkAnswer(question, id);
    if (verdict === undefined) setOwn(v);
    onAnswer?.(id, v);
  };
  const numbered = question.choices.length <= NUMBERED;
  return (
    <div
      className="exercise-question"
      data-testid="exercise-question"
      data-kind={question.kind}
      data-answered={shown ? (shown.correct ? 'right' : 'wrong') : undefined}
    >
      {heading && <p className="exercise-heading">{heading}</p>}
      <p className="exercise-prompt" id={`prompt-${question.position}`} ref={prompt} tabIndex={-1}>
        {question.prompt}
      </p>
      {showChoices && (
        <div
          className={`exercise-choices${numbered ? '' : ' many'}`}
          role="group"
          aria-labelledby={`prompt-${question.position}`}
        >
          {question.choices.map((c, i) => {
            const mark = shown
              ? c.id === question.answer
                ? 'answer'
                : c.id === shown.chosen?.id
                  ? 'chosen'
                  : undefined
              : undefined;
            return (
              <button
                key={c.id}
                type="button"
                className="btn exercise-choice"
                data-choice={c.id}
                data-mark={mark}
                aria-keyshortcuts={numbered ? String(i + 1) : undefined}
                disabled={shown !== null && mark === undefined}
                aria-disabled={shown !== null || undefined}
                onClick={() => answer(c.id)}
              >
                {numbered && <kbd>{i + 1}</kbd>} {c.label}
              </button>
            );
          })}
        </div>
      )}
      <div className="exercise-verdict" role="status" aria-live="polite" data-testid="verdict">
        {shown &&
          (shown.correct ? (
            <p className="right">
              <strong>Right.</strong> {shown.expected.label}.
            </p>
          ) : (
            <p className="wrong">
              <strong>Not this time.</strong> You said {shown.chosen?.label ?? 'nothing'}; the
              engine says <strong>{shown.expected.label}</strong>.
            </p>
          ))}
      </div>
      {shown && <Explanation lines={shown.explanation} />}
      {children}
    </div>
  );
}
