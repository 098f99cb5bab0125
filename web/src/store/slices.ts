// Long operations (run to the end, a far seek, a replay to a link's position) run in slices
// of engine work with the page free in between, so the tab never freezes: input, painting and
// a Cancel button keep working while a 20M-access run goes on. The run and its views stay on
// the main thread — they are read synchronously every frame — so the work is sliced rather
// than moved to a Worker; each slice ends at the first sampling point past its budget.

/** Engine work per slice, ms: under two frames, so a click or a key waits at most that. */
export const SLICE_MS = 20;

/** A long operation in progress: what it is and how far it has got (positions of the run). */
export interface Busy {
  what: string;
  from: number;
  target: number;
  position: number;
}

/** The Prioritized Task Scheduling API, where the browser has it (Chromium does). */
interface TaskScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<void>;
}

/** The longest a slice waits for its turn when the page never goes idle. */
export const STARVE_MS = 50;

/**
 * Resolve after the browser has had its turn: the next slice is a background-priority task,
 * so input, rendering and anything else queued run first; on a busy machine, where rendering
 * is always pending and background tasks could starve, a timer starts it after STARVE_MS
 * anyway. Without the scheduler API, a timer alone (clamped to 4 ms after a few, which a
 * 20 ms slice can afford).
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  return new Promise((resolve) => {
    if (!scheduler?.postTask) {
      setTimeout(resolve, 0);
      return;
    }
    const timer = setTimeout(resolve, STARVE_MS);
    void scheduler.postTask(
      () => {
        clearTimeout(timer);
        resolve();
      },
      { priority: 'background' },
    );
  });
}

/** The share of a long operation done, 0..1. */
export const busyShare = (b: Busy) =>
  b.target === b.from ? 1 : Math.min(1, Math.max(0, (b.position - b.from) / (b.target - b.from)));
