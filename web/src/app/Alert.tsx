// The page's alerts: something could not be done, why, and what the page did instead.
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/context';
import type { AppState } from '../store/state';

/** One alert: the reason in bold, what happened instead below, and Dismiss. */
export function Alert(p: {
  testId: string;
  error: string | null;
  detail?: ReactNode;
  onDismiss: () => void;
}) {
  if (!p.error) return null;
  return (
    <div className="alert" role="alert" data-testid={p.testId}>
      <div>
        <strong>{p.error}</strong>
        {p.detail && <div>{p.detail}</div>}
      </div>
      <button className="btn small" onClick={p.onDismiss} aria-label="Dismiss">
        Dismiss
      </button>
    </div>
  );
}

const selectRunError = (s: AppState) => ({ error: s.runError, dismiss: s.dismissRunError });

/** The engine threw while running: a limit the run reached, or a failure it recovered from. */
export function RunAlert() {
  const { error, dismiss } = useApp(useShallow(selectRunError));
  return <Alert testId="run-error" error={error} onDismiss={dismiss} />;
}
