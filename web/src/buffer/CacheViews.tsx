// The buffer cache's D3 views, mounted and fed by useView.
import { cacheFrame, chainFrame } from './frames';
import { selectLayout } from '../store/selectors';
import type { AppState, AppStore } from '../store/store';
import { createChainView } from './views/chainView';
import { createLruView } from './views/lruView';
import type { ViewOptions } from './views/types';
import { viewPanel } from '../shared/useView';

/** The buffer cache views' options: a click on a buffer selects it. */
export const cacheOptions = (store: AppStore): ViewOptions => ({
  onSelect: (buf) => store.getState().select(buf),
});

/** "1,000 buffers · 2 working sets (LRU latches) · policy arc". */
const selectLruSub = (s: AppState): string => {
  const layout = selectLayout(s);
  const sets = layout?.sets.length ?? 0;
  const buffers = layout?.sets.reduce((n, set) => n + (set.hi - set.lo), 0) ?? 0;
  const policy = layout ? ` · policy ${layout.policy}` : '';
  return `${buffers.toLocaleString('en')} buffers · ${sets} working set${sets === 1 ? '' : 's'} (LRU latches)${policy}`;
};

/** "1,021 buckets · 64 latches" (none before the layout is there). */
const selectChainSub = (s: AppState): string => {
  const cfg = selectLayout(s)?.config;
  return cfg
    ? `${cfg.hash_buckets.toLocaleString('en')} buckets · ${cfg.hash_latches.toLocaleString('en')} latches`
    : '';
};

export const LruPanel = viewPanel(
  {
    title: 'Replacement lists',
    className: 'grow',
    name: 'lru',
    hostClass: 'lru-host',
    factory: createLruView,
    frameOf: cacheFrame,
    options: cacheOptions,
  },
  selectLruSub,
);

export const ChainPanel = viewPanel(
  {
    title: 'Cache buffers chains',
    name: 'chain',
    hostClass: 'chain-host',
    factory: createChainView,
    frameOf: chainFrame,
    options: cacheOptions,
  },
  selectChainSub,
);
