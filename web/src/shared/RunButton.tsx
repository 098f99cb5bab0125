// A form's run button that turns into Cancel while the work runs (the sizing sweep, the
// miss-ratio curves). Keyed: were Cancel the same element as the run button, the click that
// cancels would, once React made it a submit button again, go on to submit the form (a new run).
import type { ReactNode } from 'react';

interface RunButtonProps {
  running: boolean;
  onCancel: () => void;
  /** The buttons' test ids: `${testId}-run` and `${testId}-cancel`. */
  testId: string;
  disabled?: boolean;
  /** The run button's words. */
  children: ReactNode;
}

export function RunButton({ running, onCancel, testId, disabled, children }: RunButtonProps) {
  return running ? (
    <button
      key="cancel"
      type="button"
      className="btn"
      data-testid={`${testId}-cancel`}
      onClick={onCancel}
    >
      Cancel
    </button>
  ) : (
    <button
      key="run"
      type="submit"
      className="btn primary"
      data-testid={`${testId}-run`}
      disabled={disabled}
    >
      {children}
    </button>
  );
}
