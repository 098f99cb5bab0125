// A long operation under way (run to the end, a far seek, a replay to a link's position): what
// it is, how far it has got, and Cancel (or Escape). It appears only once the operation has
// lasted a moment, so a short one does not flash.
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/context';
import { busyShare } from '../store/slices';
import type { AppState } from '../store/state';

const selectBusy = (s: AppState) => ({ busy: s.busy, cancel: s.cancel });

export function BusyBar() {
  const { busy, cancel } = useApp(useShallow(selectBusy));
  if (!busy) return null;
  const share = busyShare(busy);
  const pct = `${(share * 100).toFixed(0)} %`;
  return (
    <div className="busy" data-testid="busy" role="status" aria-live="polite">
      <span className="busy-what">
        {busy.what}: <b>{busy.position.toLocaleString('en')}</b> /{' '}
        {busy.target.toLocaleString('en')}
      </span>
      <progress
        max={1}
        value={share}
        aria-label={`${busy.what}: ${pct} done`}
        data-testid="busy-progress"
      />
      <span className="busy-pct">{pct}</span>
      <button className="btn small" data-testid="cancel" onClick={cancel} title="Cancel (Esc)">
        Cancel
      </button>
    </div>
  );
}
