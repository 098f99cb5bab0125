// Mounting a D3 chart on a div and feeding it from the store: mounted in one effect, fed in
// a second that subscribes to the store (the series, the position, the report or the
// scenario changed) — no React render per frame.
import { useEffect, useRef } from 'react';
import { useStoreApi } from '../store/context';
import type { AppState } from '../store/store';

const changed = (s: AppState, prev: AppState) =>
  s.sim?.series !== prev.sim?.series ||
  s.sim?.position !== prev.sim?.position ||
  s.sim?.report !== prev.sim?.report ||
  s.current !== prev.current;

/**
 * `make` builds the chart on the div (a new `make` remounts it); `feed` draws the store's
 * state on it (a new `feed` re-subscribes).
 */
export function useChart<C extends { destroy(): void }>(
  make: (el: HTMLElement) => C,
  feed: (chart: C, s: AppState) => void,
) {
  const store = useStoreApi();
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<C | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const c = make(el);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [make]);

  useEffect(() => {
    let reported = false;
    const draw = (s: AppState) => {
      try {
        if (chart.current) feed(chart.current, s);
      } catch (e) {
        // A chart that throws must not stop the store's other listeners.
        if (!reported) console.error('a chart failed to draw:', e);
        reported = true;
      }
    };
    draw(store.getState());
    return store.subscribe((s, prev) => {
      if (changed(s, prev)) draw(s);
    });
  }, [store, feed]);

  return ref;
}
