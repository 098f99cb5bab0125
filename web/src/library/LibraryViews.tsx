// The library cache's D3 views (seed 001): the hash table's buckets and chains, and the
// shared pool's memory map and free lists. Mounted and fed by useView.
import { bucketFrame, heapFrame } from './frames';
import { librarySim } from '../store/selectors';
import type { AppState, AppStore } from '../store/store';
import { createBucketView } from './views/buckets';
import { createHeapView } from './views/heap';
import { sizeLabel } from './views/layout';
import type { ViewOptions } from './views/types';
import { viewPanel } from '../shared/useView';
import { noun } from '../shared/words';

/** The library cache views' options: a click on a bucket selects it (again: deselects). */
const viewOptions = (store: AppStore): ViewOptions => ({
  onSelectBucket: (bucket) => store.getState().selectBucket(bucket),
});

const fmt = (n: number) => n.toLocaleString('en');

/** "8,191 buckets · 3 latches" (the buckets double on a rehash: the report has today's). */
const selectBucketSub = (s: AppState): string => {
  const sim = librarySim(s);
  const table = sim?.report.library_cache.hash_table;
  const buckets = table?.buckets ?? sim?.config.buckets;
  const latches = table?.latches ?? sim?.config.latches;
  if (buckets === undefined || latches === undefined) return '';
  const resized = table && table.resizes > 0 ? ` · rehashed ×${table.resizes}` : '';
  return `${fmt(buckets)} buckets · ${fmt(latches)} latch${latches === 1 ? '' : 'es'}${resized}`;
};

/** "15 MiB shared pool · 2.1 MiB free". */
const selectHeapSub = (s: AppState): string => {
  const sim = librarySim(s);
  const pool = sim?.report.library_cache.shared_pool;
  const bytes = pool?.size ?? sim?.config.pool_bytes;
  if (bytes === undefined) return '';
  const free = pool
    ? ` · ${sizeLabel(pool.free_bytes)} free in ${fmt(pool.free_chunks)} ${noun(pool.free_chunks, 'chunk')}`
    : '';
  return `${sizeLabel(bytes)} shared pool${free}`;
};

/** The library cache's hash table: a click on a bucket selects it. */
export const BucketPanel = viewPanel(
  {
    title: 'Library cache hash table',
    name: 'bucket',
    hostClass: 'lib-host',
    factory: createBucketView,
    frameOf: bucketFrame,
    options: viewOptions,
  },
  selectBucketSub,
);

/** The shared pool's heap, its chunks and free lists. */
export const HeapPanel = viewPanel(
  {
    title: 'Shared pool heap',
    name: 'heap',
    hostClass: 'lib-host',
    factory: createHeapView,
    frameOf: heapFrame,
    options: viewOptions,
  },
  selectHeapSub,
);
