// The init.ora parameters as text, both ways: the form's values written out, and text read
// back into the form when applied.
import { useState } from 'react';
import { parameterDocs, type Scenario } from '../../sim/engine';
import { formatInit, type InitMap } from '../../store/initOra';
import { checkInitText } from './initCheck';
import { ParamReferenceLink, withReference } from './ParamReference';

interface Props {
  init: InitMap;
  edit: (change: (d: Scenario) => Scenario) => void;
  /** The engine's message about the stored parameters. */
  error: string | null;
}

export function RawInit({ init, edit, error }: Props) {
  const docs = parameterDocs();
  const order = docs.map((d) => d.name);
  const original = formatInit(init, order);
  const [text, setText] = useState(original);
  // Every problem at once, each with its line (the engine's check stops at the first).
  const parsed = checkInitText(text, docs);
  const changed = text !== original;
  const apply = () => {
    if (parsed.errors.length === 0) edit((d) => ({ ...d, init: parsed.init }));
  };
  return (
    <div className="panel-body raw-init">
      <textarea
        data-testid="raw-init"
        aria-label="init.ora parameters"
        spellCheck={false}
        wrap="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) apply();
        }}
      />
      {parsed.errors.length > 0 && (
        <div className="error-text" role="status" data-testid="raw-errors">
          {parsed.errors.length === 1 ? 'One problem' : `${parsed.errors.length} problems`} (
          <ParamReferenceLink />
          ):
          <ul>
            {parsed.errors.map((e, i) => (
              <li key={`${e.line}:${i}`} data-line={e.line}>
                line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {parsed.skipped.length > 0 && (
        <p className="note" role="status" data-testid="raw-skipped">
          Not simulated, left out:{' '}
          {parsed.skipped.map((e) => `${e.message} (line ${e.line})`).join(', ')}. A misspelt
          parameter shows here too.
        </p>
      )}
      {!changed && error && <p className="error-text">{withReference(error)}</p>}
      <div className="actions">
        <span>
          One <code>name = value</code> per line; unset parameters take their defaults.
        </span>
        <button
          className="btn small primary"
          data-testid="raw-apply"
          disabled={!changed || parsed.errors.length > 0}
          onClick={apply}
        >
          Apply
        </button>
      </div>
    </div>
  );
}
