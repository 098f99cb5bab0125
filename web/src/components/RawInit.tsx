// The init.ora parameters as text, both ways: the form's values written out, and text read
// back into the form when applied.
import { useState } from 'react';
import { parameterDocs, type Scenario } from '../sim/engine';
import { formatInit, parseInit, type InitMap } from '../store/initOra';

interface Props {
  init: InitMap;
  edit: (change: (d: Scenario) => Scenario) => void;
  /** The engine's message about the stored parameters. */
  error: string | null;
}

export function RawInit({ init, edit, error }: Props) {
  const order = parameterDocs().map((d) => d.name);
  const original = formatInit(init, order);
  const [text, setText] = useState(original);
  const parsed = parseInit(text);
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
      {parsed.errors.map((e) => (
        <p className="error-text" key={e.line}>
          line {e.line}: {e.message}
        </p>
      ))}
      {!changed && error && <p className="error-text">{error}</p>}
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
