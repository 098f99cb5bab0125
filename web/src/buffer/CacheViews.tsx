// The buffer cache's D3 views, mounted and fed by useView.
import { useApp } from '../store/context';
import { cacheFrame, chainFrame } from '../shared/frames';
import { selectLayout } from '../store/selectors';
import type { AppStore } from '../store/store';
import { createChainView } from './views/chainView';
import { createLruView } from './views/lruView';
import type { ViewOptions } from './views/types';
import { ViewPanel } from '../shared/useView';

/** The buffer cache views' options: a click on a buffer selects it. */
export const cacheOptions = (store: AppStore): ViewOptions => ({
  onSelect: (buf) => store.getState().select(buf),
});

export function LruPanel() {
  const layout = useApp(selectLayout);
  const sets = layout?.sets.length ?? 0;
  const buffers = layout?.sets.reduce((n, s) => n + (s.hi - s.lo), 0) ?? 0;
  return (
    <ViewPanel
      title="Replacement lists"
      sub={`${buffers.toLocaleString('en')} buffers · ${sets} working set${sets === 1 ? '' : 's'} (LRU latches)`}
      className="grow"
      testId="lru-panel"
      host={{ className: 'view-host lru-host', testId: 'lru-view' }}
      factory={createLruView}
      frameOf={cacheFrame}
      options={cacheOptions}
    />
  );
}

export function ChainPanel() {
  const cfg = useApp(selectLayout)?.config;
  return (
    <ViewPanel
      title="Cache buffers chains"
      sub={
        cfg
          ? `${cfg.hash_buckets.toLocaleString('en')} buckets · ${cfg.hash_latches.toLocaleString('en')} latches`
          : ''
      }
      testId="chain-panel"
      host={{ className: 'view-host chain-host', testId: 'chain-view' }}
      factory={createChainView}
      frameOf={chainFrame}
      options={cacheOptions}
    />
  );
}
