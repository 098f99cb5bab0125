// A script's steps edited as text, one statement a line (see scriptText.ts); Apply sends them
// to the engine, whose refusal of a step comes back on that step and its line.
import { useState } from 'react';
import type { ScriptStep } from '../sim/generated/buffer/ScriptStep';
import { stepsToText, textToSteps } from './scriptText';

interface Props {
  steps: ScriptStep[];
  /** The engine's message about the steps, already placed on a step and line. */
  error: (text: string) => string | null;
  commit: (steps: ScriptStep[]) => void;
}

export function ScriptField({ steps, error, commit }: Props) {
  const original = stepsToText(steps);
  const [text, setText] = useState(original);
  const parsed = textToSteps(text);
  const problem = parsed.ok ? null : `line ${parsed.line}: ${parsed.problem}`;
  const message = problem ?? error(text);
  return (
    <div className={`field wide${message ? ' invalid' : ''}`}>
      <div className="field-row">
        <label htmlFor="workload-steps">steps</label>
        <button
          className="btn small"
          data-testid="workload-steps-apply"
          disabled={text === original || !parsed.ok}
          onClick={() => parsed.ok && commit(parsed.steps)}
        >
          Apply
        </button>
      </div>
      <textarea
        id="workload-steps"
        data-testid="workload-steps"
        className="mono"
        style={{ width: '100%', marginTop: 4, fontSize: 11.5 }}
        rows={Math.min(16, Math.max(4, steps.length + 1))}
        spellCheck={false}
        wrap="off"
        aria-invalid={!!message}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p className="help">
        One statement a line, as typed in SQL*Plus: <span className="mono">select … from t</span>,{' '}
        <span className="mono">alter session set events '10358 …'</span>,{' '}
        <span className="mono">alter system flush buffer_cache</span>,{' '}
        <span className="mono">alter table t storage (buffer_pool keep)</span>,{' '}
        <span className="mono">alter session set "_serial_direct_read" = never</span>.{' '}
        <span className="mono">run {'{…}'}</span> runs another workload (JSON);{' '}
        <span className="mono">-- text</span> at the end names the step on the timeline.
      </p>
      {message && (
        <p className="error-text" data-testid="workload-steps-error">
          {message}
        </p>
      )}
    </div>
  );
}
