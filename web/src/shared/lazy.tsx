// Loading a panel's code on demand (the first load's budget, `npm run bench`): a named export
// loaded on first render, mounted only near the viewport or only while the scenario needs it.
// Each keeps its panel's place while its code arrives.
import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import { useApp } from '../store/context';
import type { AppState } from '../store/store';
import { useNearViewport } from './useNearViewport';

/** A lazily loaded component that can start loading its code before it is first rendered. */
export type Part = ComponentType & { preload: () => Promise<unknown> };

/**
 * A named export (a component) of a module, loaded on first render, with a quiet fallback.
 * `preload()` starts the download early (a menu that leads to it was opened). The module's
 * promise carries React's `status`/`value` once it has settled, so `use` reads a loaded module
 * at once, with no Suspense round: React holds a revealed fallback for 300 ms, which made
 * opening a compare preset idle half a second (issue 26 #12). The tree is the same either way
 * (a Suspense round the first time must not remount the part later: a dropped trace's panel
 * lost its replay so).
 */
export function part<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = null,
): Part {
  let pending: (Promise<M> & { status?: 'fulfilled'; value?: M }) | null = null;
  const preload = () => {
    if (!pending) {
      const p: Promise<M> & { status?: 'fulfilled'; value?: M } = load().then((m) => {
        p.status = 'fulfilled';
        p.value = m;
        return m;
      });
      pending = p;
    }
    return pending;
  };
  const Inner = () => {
    const Loaded: ComponentType = use(preload() as Promise<M>)[name];
    return <Loaded />;
  };
  const Part = () => (
    <Suspense fallback={fallback}>
      <Inner />
    </Suspense>
  );
  Part.displayName = `Lazy(${name})`;
  Part.preload = preload;
  return Part;
}

export const loading = (what: string) => <p className="note lazy-note">Loading {what}…</p>;

/**
 * `Part` mounted (and so its code fetched) only when its place comes within `margin` of the
 * viewport: a panel below the first screen costs the first load nothing. The slot carries the
 * panel's test id, so it is there before the panel is; the panel inside has none.
 */
export function whenNear(Part: ComponentType, testId: string, what: string, margin = '0px') {
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

/** `Part`, rendered (and so loaded) only while `shows` says the scenario needs it. */
export function when(shows: (s: AppState) => boolean, Part: ComponentType): ComponentType {
  const Shown = () => (useApp(shows) ? <Part /> : null);
  Shown.displayName = `When(${Part.displayName ?? 'part'})`;
  return Shown;
}
