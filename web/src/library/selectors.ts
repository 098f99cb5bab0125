// Module-level selectors of the library cache panels; the ones returning objects go through
// useShallow at the call.
import type * as library from '../sim/library';
import { librarySim } from '../store/selectors';
import type { AppState } from '../store/store';

const NO_EVENTS: library.Event[] = [];

export const selectRun = (s: AppState) => librarySim(s)?.run ?? null;
export const selectConfig = (s: AppState) => librarySim(s)?.config ?? null;
export const selectReport = (s: AppState) => librarySim(s)?.report ?? null;
export const selectTick = (s: AppState) => s.tick;
export const selectPlaying = (s: AppState) => s.playing;

/** The statement stream: the last step's events and where the run is. */
export const selectStream = (s: AppState) => ({
  lib: librarySim(s)?.run ?? null,
  events: librarySim(s)?.events ?? NO_EVENTS,
  position: s.sim?.position ?? 0,
  forced: librarySim(s)?.config.cursor_sharing === 'FORCE',
});

/**
 * The tick while paused, a constant while playing: panels that throttle their own refresh
 * (the literal SQL query) re-render on it rather than on every frame.
 */
export const selectPausedTick = (s: AppState) => (s.playing ? -1 : s.tick);
