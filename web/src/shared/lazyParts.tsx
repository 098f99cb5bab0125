// What the first screen does not need, loaded on demand (the first load's budget, `npm run
// bench`): the library cache's columns, the charts, the sizing and advice panels (mounted when
// scrolled near), the views a scenario shows only for direct reads, the OS page cache or a
// script. Each keeps its panel's place while its code arrives.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useApp } from '../store/context';
import { selectCurrent, selectOsCache, selectShowsPga } from '../store/selectors';
import type { AppState } from '../store/store';
import { useNearViewport } from './useNearViewport';

/** A named export (a component) of a module, loaded on first render, with a quiet fallback. */
function part<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = null,
): ComponentType {
  const Lazy = lazy(() => load().then((m): { default: ComponentType } => ({ default: m[name] })));
  const Part = () => (
    <Suspense fallback={fallback}>
      <Lazy />
    </Suspense>
  );
  Part.displayName = `Lazy(${name})`;
  return Part;
}

const loading = (what: string) => <p className="note lazy-note">Loading {what}…</p>;

const library = () => import('../library/LibraryParts');
export const LibraryLeft = part(library, 'LibraryLeft', loading('the workload'));
export const LibraryCentre = part(library, 'LibraryCentre', loading('the library cache views'));
export const LibraryRight = part(library, 'LibraryRight');
export const LibraryStats = part(library, 'LibraryStats');
export const LibraryPaper = part(library, 'LibraryPaper');

/**
 * `Part` mounted (and so its code fetched) only when its place comes within `margin` of the
 * viewport: a panel below the first screen costs the first load nothing. The slot carries the
 * panel's test id, so it is there before the panel is; the panel inside has none.
 */
function whenNear(Part: ComponentType, testId: string, what: string, margin = '0px') {
  const Near = () => {
    const { ref, near } = useNearViewport<HTMLDivElement>(margin);
    return (
      <div ref={ref} className="deferred" data-testid={testId}>
        {near ? <Part /> : loading(what)}
      </div>
    );
  };
  Near.displayName = `Near(${Part.displayName ?? testId})`;
  return Near;
}

/** The charts over the run. */
export const Charts = whenNear(
  part(() => import('../buffer/Charts'), 'Charts', loading('the charts')),
  'charts',
  'the charts',
);

/** Compare mode's page (./Compare): loaded when a comparison starts. */
export const CompareWorkspace = part(
  () => import('../compare/Compare'),
  'CompareWorkspace',
  loading('the comparison'),
);

/** Embed mode's comparison (./Compare): A and B side by side in a frame. */
export const CompareEmbed = part(
  () => import('../compare/Compare'),
  'CompareEmbed',
  loading('the comparison'),
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

const LazyTrace = part(
  () => import('../trace/TracePanel'),
  'TracePanel',
  loading('the trace replay'),
);

/**
 * The trace replay (a file in a Web Worker, issue #12), loaded when it comes into view or when
 * a trace file is dropped on the page (./TraceDrop), and kept from then on. The slot carries
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

/** `Part`, rendered (and so loaded) only while `shows` says the scenario needs it. */
function when(shows: (s: AppState) => boolean, Part: ComponentType): ComponentType {
  const Shown = () => (useApp(shows) ? <Part /> : null);
  Shown.displayName = `When(${Part.displayName ?? 'part'})`;
  return Shown;
}

const views = () => import('../io/IoViews');
export const PgaPanel = when(selectShowsPga, part(views, 'PgaPanel'));
export const OsCachePanel = when((s) => selectOsCache(s) !== null, part(views, 'OsCachePanel'));
export const ScriptTimeline = when(
  (s) => selectCurrent(s)?.workload?.kind === 'script',
  part(() => import('../buffer/ScriptTimeline'), 'ScriptTimeline'),
);
