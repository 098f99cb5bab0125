// The buffer cache's I/O views, shown only when a scenario needs them (loaded on demand,
// ../app/lazyParts): the OS page cache under the pools (seed 003) and direct path reads (seed 004).
import { osFrame, pgaFrame } from './frames';
import { selectOsCache, selectShowsPga } from '../store/selectors';
import { createOsCacheView } from './views/osCacheView';
import { createPgaView } from './views/pgaView';
import { cacheOptions } from '../buffer/CacheViews';
import { viewPanel } from '../shared/useView';

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const n = (v: number) => v.toLocaleString('en');

/** The OS page cache under the pools, when the run's reads go through it (seed 003). */
export const OsCachePanel = viewPanel(
  {
    title: 'OS page cache',
    name: 'os-cache',
    hostClass: 'os-host',
    factory: createOsCacheView,
    frameOf: osFrame,
    options: cacheOptions,
  },
  (s) => {
    const os = selectOsCache(s);
    return os
      ? `${n(os.resident_blocks)} / ${n(os.size_blocks)} pages · ${n(os.double_buffered_blocks)} double-buffered (${mb(os.double_buffered_bytes)})`
      : null;
  },
);

const noOptions = () => ({});

/** Direct path reads into the session, past the pools (seed 004). */
export const PgaPanel = viewPanel(
  {
    title: 'Direct path reads',
    name: 'pga',
    hostClass: 'pga-host',
    factory: createPgaView,
    frameOf: pgaFrame,
    options: noOptions,
  },
  (s) => (selectShowsPga(s) ? 'disk → session memory, the pools untouched' : null),
);
