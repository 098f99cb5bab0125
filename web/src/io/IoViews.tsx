// The buffer cache's I/O views, shown only when a scenario needs them (loaded on demand,
// ./lazyParts): the OS page cache under the pools (seed 003) and direct path reads (seed 004).
import { useApp } from '../store/context';
import { osFrame, pgaFrame } from '../shared/frames';
import { selectOsCache, selectShowsPga } from '../store/selectors';
import { createOsCacheView } from './views/osCacheView';
import { createPgaView } from './views/pgaView';
import { cacheOptions } from '../buffer/CacheViews';
import { ViewPanel } from '../shared/useView';

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
