// The clock: one requestAnimationFrame loop that, while playing, serves as many accesses per
// frame as the speed setting asks (full speed: as many as fit in a frame's budget). It reads
// and drives the store with getState(); the views redraw from the store's `tick`, so nothing
// here re-renders React. It also tells the worker pool when a run plays (../shared/pool's
// pageShare), so that background sweeps leave the page a core meanwhile.
import { useEffect } from 'react';
import { pageShare } from '../shared/pool';
import { SPEEDS, type AppStore } from './store';

/** Milliseconds of engine work per frame at high speeds, to keep the page responsive. */
const FRAME_BUDGET_MS = 12;

export function useAnimationLoop(store: AppStore): void {
  useEffect(() => {
    let handle = 0;
    let last: number | null = null;
    let carry = 0;
    const loop = (now: number) => {
      handle = requestAnimationFrame(loop);
      const state = store.getState();
      // while a run plays, the sweeps' and curves' Workers leave this page a core
      pageShare.setBusy(state.playing);
      if (!state.playing) {
        last = null;
        return;
      }
      const speed = SPEEDS[state.speed] ?? Infinity;
      if (last === null)
        carry = 1; // the first step comes at once
      else carry += (Math.min(now - last, 250) * speed) / 1000;
      last = now;
      let n = state.sim?.total ?? 0;
      if (Number.isFinite(speed)) {
        n = Math.floor(carry);
        if (n < 1) return;
        carry -= n;
      } else {
        carry = 0;
      }
      try {
        state.advance(n, FRAME_BUDGET_MS);
      } catch (e) {
        // Never keep failing every frame: stop and say why.
        state.pause();
        console.error('playback stopped:', e);
      }
    };
    handle = requestAnimationFrame(loop);
    return () => {
      cancelAnimationFrame(handle);
      pageShare.setBusy(false);
    };
  }, [store]);
}
