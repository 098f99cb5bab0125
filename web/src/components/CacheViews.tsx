// The D3 views: each owns the inside of one element. Mounted in one effect, fed in a second
// that subscribes to the store and redraws from getState() — no React render per frame.
import { useEffect, useRef, useState } from 'react';
import { useApp, useStoreApi } from '../store/context';
import { cacheFrame, chainFrame } from '../store/frames';
import { selectLayout } from '../store/selectors';
import type { AppState, AppStore } from '../store/store';
import { createChainView } from '../views/chainView';
import { createLruView } from '../views/lruView';
import type { View, ViewOptions } from '../views/types';
import { Panel } from './Panel';

type Factory<F> = (el: HTMLElement, opts: ViewOptions) => View<F>;
type FrameOf<F> = (s: AppState, fresh: boolean) => F | null;

/**
 * Mount a view factory on a div and feed it whenever the run or the selection changes. A view
 * that throws is reported (console and an inline note) but never stops the store's other
 * listeners: the rest of the page stays live.
 */
function useView<F>(store: AppStore, factory: Factory<F>, frameOf: FrameOf<F>) {
  const ref = useRef<HTMLDivElement>(null);
  const view = useRef<View<F> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let v: View<F>;
    try {
      v = factory(el, { onSelect: (buf) => store.getState().select(buf) });
    } catch (e) {
      console.error('a view failed to mount:', e);
      queueMicrotask(() => setFailure(String(e)));
      return;
    }
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, [store, factory]);

  useEffect(() => {
    let reported = false;
    const feed = (s: AppState, fresh: boolean) => {
      const frame = frameOf(s, fresh);
      if (!frame) return;
      try {
        view.current?.update(frame);
      } catch (e) {
        if (reported) return;
        reported = true;
        console.error('a view failed to draw:', e);
        setFailure(e instanceof Error ? e.message : String(e));
      }
    };
    feed(store.getState(), false);
    return store.subscribe((s, prev) => {
      const fresh = s.tick !== prev.tick;
      if (fresh || s.selected !== prev.selected || s.layout !== prev.layout) feed(s, fresh);
    });
  }, [store, frameOf]);

  return { ref, failure };
}

function ViewFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="view-failure" role="status">
      This view failed to draw ({message}); the numbers and the narration are still live.
    </p>
  );
}

export function LruPanel() {
  const store = useStoreApi();
  const layout = useApp(selectLayout);
  const { ref, failure } = useView(store, createLruView, cacheFrame);
  const sets = layout?.sets.length ?? 0;
  const buffers = layout?.sets.reduce((n, s) => n + (s.hi - s.lo), 0) ?? 0;
  return (
    <Panel
      title="Replacement lists"
      sub={`${buffers.toLocaleString('en')} buffers · ${sets} working set${sets === 1 ? '' : 's'} (LRU latches)`}
      className="grow"
      testId="lru-panel"
    >
      <ViewFailure message={failure} />
      <div className="view-host" ref={ref} data-testid="lru-view" />
    </Panel>
  );
}

export function ChainPanel() {
  const store = useStoreApi();
  const layout = useApp(selectLayout);
  const { ref, failure } = useView(store, createChainView, chainFrame);
  const cfg = layout?.config;
  return (
    <Panel
      title="Cache buffers chains"
      sub={
        cfg
          ? `${cfg.hash_buckets.toLocaleString('en')} buckets · ${cfg.hash_latches.toLocaleString('en')} latches`
          : ''
      }
      testId="chain-panel"
    >
      <ViewFailure message={failure} />
      <div className="view-host chain-host" ref={ref} data-testid="chain-view" />
    </Panel>
  );
}
