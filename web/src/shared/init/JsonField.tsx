// A larger value edited as text: JSON (segment lists, mix parts) or raw text (a trace's CSV).
import { useState } from 'react';

interface Props {
  label: string;
  help: string;
  value: unknown;
  /** Edit the text as is (not as JSON). */
  raw?: boolean;
  rows?: number;
  error: string | null;
  commit: (value: unknown) => void;
}

export function JsonField({ label, help, value, raw, rows = 3, error, commit }: Props) {
  const original = value === undefined ? '' : raw ? String(value) : JSON.stringify(value, null, 1);
  const [text, setText] = useState(original);
  let parsed: unknown = undefined;
  let problem: string | null = null;
  if (raw) parsed = text === '' ? undefined : text;
  else if (text.trim() !== '') {
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      problem = `not valid JSON: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  return (
    <div className={`field${problem || error ? ' invalid' : ''}`}>
      <div className="field-row">
        <label htmlFor={`workload-${label}`}>{label}</label>
        <button
          className="btn small"
          disabled={text === original || problem !== null}
          onClick={() => commit(parsed)}
        >
          Apply
        </button>
      </div>
      <textarea
        id={`workload-${label}`}
        className="mono"
        style={{ width: '100%', marginTop: 4, fontSize: 11.5 }}
        rows={rows}
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p className="help">{help}</p>
      {(problem ?? error) && <p className="error-text">{problem ?? error}</p>}
    </div>
  );
}
