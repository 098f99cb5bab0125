import { useApp } from '../store/context';
import { selectDismissLinkError, selectLinkError } from '../store/selectors';
import { DEFAULT_SCENARIO_ID } from '../store/scenarios';

/** A share link that could not be opened: what was wrong, and what opened instead. */
export function LinkAlert() {
  const error = useApp(selectLinkError);
  const dismiss = useApp(selectDismissLinkError);
  if (!error) return null;
  return (
    <div className="alert" role="alert" data-testid="link-error">
      <div>
        <strong>{error}</strong>
        <div>
          The default scenario <code>{DEFAULT_SCENARIO_ID}</code> was opened instead.
        </div>
      </div>
      <button className="btn small" onClick={dismiss} aria-label="Dismiss">
        Dismiss
      </button>
    </div>
  );
}
