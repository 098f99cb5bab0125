import { useApp } from '../store/context';
import { selectDismissLinkError, selectLinkError } from '../store/selectors';
import { DEFAULT_SCENARIO_ID } from '../store/scenarios';
import { Alert } from './Alert';

/** A share link that could not be opened: what was wrong, and what opened instead. */
export function LinkAlert() {
  const error = useApp(selectLinkError);
  const dismiss = useApp(selectDismissLinkError);
  return (
    <Alert
      testId="link-error"
      error={error}
      onDismiss={dismiss}
      detail={
        <>
          The default scenario <code>{DEFAULT_SCENARIO_ID}</code> was opened instead.
        </>
      }
    />
  );
}
