// The header's "Tour" button and the place the tour shows in (under the header, in the page's
// flow: it covers nothing). The tour's own code loads when it opens (./Tour).
import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../store/context';
import { selectReady } from '../store/selectors';
import { tourStore } from '../shared/tourState';

const Tour = lazy(() => import('./Tour'));

export function TourButton() {
  const open = useStore(tourStore, (t) => t.open);
  return (
    <button
      className="btn dark"
      data-testid="tour-open"
      aria-pressed={open}
      onClick={() => (open ? tourStore.getState().dismiss() : tourStore.getState().start())}
      title="A short guided tour of the page"
    >
      Tour
    </button>
  );
}

export function TourSlot() {
  const open = useStore(tourStore, (t) => t.open);
  const ready = useApp(selectReady);
  if (!open || !ready) return null;
  return (
    <Suspense fallback={null}>
      <Tour />
    </Suspense>
  );
}
