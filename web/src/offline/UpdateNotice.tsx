// "A new version is ready": shown when the service worker has cached a newer deploy than the
// one this page runs (./update). Reload takes it (the work is kept in the address); Later
// keeps this version until the next visit.
import { useSyncExternalStore } from 'react';
import { dismissUpdate, subscribeUpdate, takeNewVersion, updateState } from './update';

export function UpdateNotice() {
  const { waiting } = useSyncExternalStore(subscribeUpdate, updateState, updateState);
  if (!waiting) return null;
  return (
    <div className="update-notice" role="status" data-testid="update-notice">
      <span>A new version of the simulator is ready.</span>
      <button type="button" className="btn primary" onClick={() => void takeNewVersion()}>
        Reload
      </button>
      <button type="button" className="btn" onClick={dismissUpdate}>
        Later
      </button>
    </div>
  );
}
