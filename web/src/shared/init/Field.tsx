// One edited value: a label, an input (or a select), a one-line explanation and its
// validation message. Text is checked while typing and committed on Enter or when the field
// loses focus; Escape goes back to the stored value.
import { useState, type ReactNode } from 'react';

export interface Option {
  value: string;
  label: string;
}

interface Props {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  /** The stored value as text ('' when unset). */
  value: string;
  placeholder?: string;
  /** A message from the engine about the stored value. */
  error?: string | null;
  /** The value is set explicitly (not a default). */
  set?: boolean;
  testId?: string;
  options?: Option[];
  disabled?: boolean;
  className?: string;
  /** A message when the text is not acceptable, else null. */
  check?: (text: string) => string | null;
  commit: (text: string) => void;
}

export function Field(props: Props) {
  const { id, label, help, value, placeholder, error, testId, options, check, commit } = props;
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? value;
  const local = text !== null && check ? check(text) : null;
  const message = local ?? (text === null ? error : null) ?? null;

  const done = () => {
    if (text === null) return;
    if (check?.(text)) return;
    if (text !== value) commit(text);
    setText(null);
  };

  const classes = ['field', props.className ?? ''];
  if (props.set) classes.push('set');
  if (message) classes.push('invalid');

  return (
    <div className={classes.join(' ').trim()}>
      <div className="field-row">
        <label htmlFor={id}>{label}</label>
        {options ? (
          <select
            id={id}
            data-testid={testId}
            value={value}
            disabled={props.disabled}
            aria-invalid={!!message}
            onChange={(e) => commit(e.target.value)}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            data-testid={testId}
            type="text"
            spellCheck={false}
            autoComplete="off"
            value={shown}
            placeholder={placeholder}
            disabled={props.disabled}
            aria-invalid={!!message}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
            onBlur={done}
            onKeyDown={(e) => {
              if (e.key === 'Enter') done();
              if (e.key === 'Escape') setText(null);
            }}
          />
        )}
      </div>
      {help && <p className="help">{help}</p>}
      {message && (
        <p className="error-text" id={`${id}-error`}>
          {message}
        </p>
      )}
    </div>
  );
}
