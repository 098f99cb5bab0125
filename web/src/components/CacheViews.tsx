// The buffer cache's D3 views, mounted and fed by useView.
import { useApp } from '../store/context';
import { cacheFrame, chainFrame, osFrame, pgaFrame } from './frames';
import { selectLayout, selectOsCache, selectShowsPga } from '../store/selectors';
import type { AppStore } from '../store/store';
import { createChainView } from '../views/buffer/chainView';
import { createLruView } from '../views/buffer/lruView';
import { createOsCacheView } from '../views/buffer/osCacheView';
import { createPgaView } from '../views/buffer/pgaView';
import type { ViewOptions } from '../views/buffer/types';
import { ViewPanel } from './useView';

/** The buffer cache views' options: a click on a buffer selects it. */
const cacheOptions = (store: AppStore): ViewOptions => ({
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

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** The OS page cache under the pools, when the run's reads go through it (seed 003). */
export function OsCachePanel() {
  const os = useApp(selectOsCache);
  if (!os) return null;
  const n = (v: number) => v.toLocaleString('en');
  return (
    <ViewPanel
      title="OS page cache"
      sub={`${n(os.resident_blocks)} / ${n(os.size_blocks)} pages · ${n(os.double_buffered_blocks)} double-buffered (${mb(os.double_buffered_bytes)})`}
      testId="os-cache-panel"
      host={{ className: 'view-host os-host', testId: 'os-cache-view' }}
      factory={createOsCacheView}
      frameOf={osFrame}
      options={cacheOptions}
    />
  );
}

const noOptions = () => ({});

/** Direct path reads into the session, past the pools (seed 004). */
export function PgaPanel() {
  const shows = useApp(selectShowsPga);
  if (!shows) return null;
  return (
    <ViewPanel
      title="Direct path reads"
      sub="disk → session memory, the pools untouched"
      testId="pga-panel"
      host={{ className: 'view-host pga-host', testId: 'pga-view' }}
      factory={createPgaView}
      frameOf={pgaFrame}
      options={noOptions}
    />
  );
}
