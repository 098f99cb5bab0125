// What the first screen does not need, loaded on demand (the first load's budget, `npm run
// bench`): the library cache's columns, the charts, the sizing and advice panels (mounted when
// scrolled near), the views a scenario shows only for direct reads, the OS page cache or a
// script. Each keeps its panel's place while its code arrives.
import { useState } from 'react';
import { useApp } from '../store/context';
import { selectCurrent, selectOsCache, selectShowsPga } from '../store/selectors';
import { loading, part, when, whenNear } from '../shared/lazy';
import { useNearViewport } from '../shared/useNearViewport';

const library = () => import('../library/LibraryParts');
export const LibraryLeft = part(library, 'LibraryLeft', loading('the workload'));
export const LibraryCentre = part(library, 'LibraryCentre', loading('the library cache views'));
export const LibraryRight = part(library, 'LibraryRight');
export const LibraryStats = part(library, 'LibraryStats');
export const LibraryPaper = part(library, 'LibraryPaper');

/** The charts over the run. */
export const Charts = whenNear(
  part(() => import('../buffer/Charts'), 'Charts', loading('the charts')),
  'charts',
  'the charts',
);

/** The sizing panel (a sweep in a Web Worker, its chart). */
export const Sizing = whenNear(
  part(() => import('../sizing/SizingPanel'), 'SizingPanel', loading('the sizing panel')),
  'sizing',
  'the sizing panel',
);

/** V$DB_CACHE_ADVICE (charts and Oracle's table per pool). */
export const Advice = whenNear(
  part(() => import('../sizing/AdvicePanel'), 'AdvicePanel', loading('the cache advice')),
  'advice',
  'the cache advice',
);

/** Miss-ratio curves (every chosen policy at 20 sizes, in Web Workers). */
export const Mrc = whenNear(
  part(() => import('../mrc/MrcPanel'), 'MrcPanel', loading('the miss-ratio curves')),
  'mrc',
  'the miss-ratio curves',
);

/** "Your instance": an AWR or Statspack report read, fitted and asked what-ifs (issue 39). */
export const Instance = whenNear(
  part(() => import('../instance/InstancePanel'), 'InstancePanel', loading('your instance')),
  'instance-slot',
  'your instance',
);

const LazyTrace = part(
  () => import('../trace/TracePanel'),
  'TracePanel',
  loading('the trace replay'),
);

/**
 * The trace replay (a file in a Web Worker, issue #12), loaded when it comes into view or when
 * a trace file is dropped on the page (../trace/TraceDrop), and kept from then on. The slot carries
 * the test id `trace-slot`; the panel inside is `trace`.
 */
export function Trace() {
  const { ref, near } = useNearViewport<HTMLDivElement>('200px');
  const dropped = useApp((s) => s.traceDrop !== null);
  const [wanted, setWanted] = useState(false);
  if (dropped && !wanted) setWanted(true);
  return (
    <div ref={ref} className="deferred" data-testid="trace-slot">
      {near || wanted ? <LazyTrace /> : loading('the trace replay')}
    </div>
  );
}

const views = () => import('../io/IoViews');
export const PgaPanel = when(selectShowsPga, part(views, 'PgaPanel'));
export const OsCachePanel = when((s) => selectOsCache(s) !== null, part(views, 'OsCachePanel'));
export const ScriptTimeline = when(
  (s) => selectCurrent(s)?.workload?.kind === 'script',
  part(() => import('../buffer/ScriptTimeline'), 'ScriptTimeline'),
);
