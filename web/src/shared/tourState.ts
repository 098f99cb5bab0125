// Whether the guided tour is showing and at which step. It opens by itself on a first visit
// to the normal page (until it is finished or closed: remembered in localStorage; never in an
// embedded slide or in presenter mode, nor over a link — a shared scenario, a lecture or an
// exercise is someone's lesson, issue 41 #5) and from the header's "Tour".
import { createStore } from 'zustand/vanilla';
import { getDisplay } from './display';

export const TOUR_KEY = 'cachesim.tour';

/** localStorage, or null where the browser refuses it (some privacy modes throw). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const seen = (): boolean => {
  try {
    return storage()?.getItem(TOUR_KEY) === 'done';
  } catch {
    return true;
  }
};

/** The address carries someone's lesson: a share link's state (`#v1=…`), a lecture or an
 * exercise. A bare address (or a lone `#`) is a first visit of one's own. */
export function arrivedByLink(loc: { hash: string; search: string }): boolean {
  const q = new URLSearchParams(loc.search);
  return (
    (loc.hash !== '' && loc.hash !== '#') || ['lecture', 'exercise', 'slide'].some((k) => q.has(k))
  );
}

export interface TourState {
  open: boolean;
  step: number;
  start(): void;
  go(step: number): void;
  /** Close it and remember that it was seen. */
  dismiss(): void;
}

export const tourStore = createStore<TourState>()((set) => ({
  open:
    typeof window !== 'undefined' &&
    getDisplay() === 'normal' &&
    !seen() &&
    !arrivedByLink(window.location),
  step: 0,
  start: () => set({ open: true, step: 0 }),
  go: (step) => set({ step }),
  dismiss: () => {
    try {
      storage()?.setItem(TOUR_KEY, 'done');
    } catch {
      // not remembered: it opens again next time
    }
    set({ open: false });
  },
}));
