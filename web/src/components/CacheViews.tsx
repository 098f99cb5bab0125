// The buffer cache's D3 views, mounted and fed by useView.
import { useApp, useStoreApi } from '../store/context';
import { cacheFrame, chainFrame } from '../store/frames';
import { selectLayout } from '../store/selectors';
import type { AppStore } from '../store/store';
import { createChainView } from '../views/buffer/chainView';
import { createLruView } from '../views/buffer/lruView';
import type { ViewOptions } from '../views/buffer/types';
import { Panel } from './Panel';
import { useView, ViewFailure } from './useView';

/** The buffer cache views' options: a click on a buffer selects it. */
const cacheOptions = (store: AppStore): ViewOptions => ({
  onSelect: (buf) => store.getState().select(buf),
});

export function LruPanel() {
  const store = useStoreApi();
  const layout = useApp(selectLayout);
  const { ref, failure } = useView(store, createLruView, cacheFrame, cacheOptions);
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
  const { ref, failure } = useView(store, createChainView, chainFrame, cacheOptions);
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
