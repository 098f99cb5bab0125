// Module-level selectors of the library cache panels; the ones returning objects go through
// useShallow at the call.
import type { AppState } from './store';

export const selectLib = (s: AppState) => s.lib;
export const selectLibConfig = (s: AppState) => s.libConfig;
export const selectLibTick = (s: AppState) => s.tick;
export const selectPlaying = (s: AppState) => s.playing;

/** The statement stream: the last step's events and where the run is. */
export const selectStream = (s: AppState) => ({
  lib: s.lib,
  events: s.libEvents,
  position: s.position,
  forced: s.libConfig?.cursor_sharing === 'FORCE',
});

/**
 * The tick while paused, a constant while playing: panels that throttle their own refresh
 * (the literal SQL query) re-render on it rather than on every frame.
 */
export const selectPausedTick = (s: AppState) => (s.playing ? -1 : s.tick);
