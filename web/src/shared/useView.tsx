// Mounting a D3 view: each owns the inside of one element. Mounted in one effect, fed in a
// second that subscribes to the store and redraws from getState() — no React render per frame.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useApp, useStoreApi } from '../store/context';
import type { AppState, AppStore } from '../store/store';
import type { View } from './views/types';
import { Panel } from './Panel';
import { scrollFocus, useOverflowX } from './ScrollX';

export type Factory<F, O> = (el: HTMLElement, opts: O) => View<F>;
export type FrameOf<F> = (s: AppState, fresh: boolean) => F | null;
/** Builds a view's options (its callbacks into the store); pass a module-level function. */
export type OptionsOf<O> = (store: AppStore) => O;

/** What makes a view redraw without a step: the selections, the buffer cache's layout and
 *  the hash chain pointed at. */
const redraws = (s: AppState, prev: AppState) =>
  s.sim?.selected !== prev.sim?.selected ||
  (s.sim?.kind === 'buffer' &&
    prev.sim?.kind === 'buffer' &&
    (s.sim.layout !== prev.sim.layout || s.sim.bucket !== prev.sim.bucket));

/**
 * Mount a view factory on a div and feed it whenever the run or a selection changes. A view
 * that throws is reported (console and an inline note) but never stops the store's other
 * listeners: the rest of the page stays live. `factory`, `frameOf` and `options` must be
 * stable (module-level): they are the effects' dependencies.
 */
export function useView<F, O>(
  store: AppStore,
  factory: Factory<F, O>,
  frameOf: FrameOf<F>,
  options: OptionsOf<O>,
) {
  const ref = useRef<HTMLDivElement>(null);
  const view = useRef<View<F> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let v: View<F>;
    try {
      v = factory(el, options(store));
    } catch (e) {
      console.error('a view failed to mount:', e);
      queueMicrotask(() => setFailure(String(e)));
      return;
    }
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, [store, factory, options]);

  useEffect(() => {
    let reported = false;
    const feed = (s: AppState, fresh: boolean) => {
      const frame = frameOf(s, fresh);
      if (!frame) return;
      try {
        view.current?.update(frame);
      } catch (e) {
        if (reported) return;
        reported = true;
        console.error('a view failed to draw:', e);
        setFailure(e instanceof Error ? e.message : String(e));
      }
    };
    feed(store.getState(), false);
    return store.subscribe((s, prev) => {
      const fresh = s.tick !== prev.tick;
      if (fresh || redraws(s, prev)) feed(s, fresh);
    });
  }, [store, frameOf]);

  return { ref, failure };
}

export function ViewFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="view-failure" role="status">
      This view failed to draw ({message}); the numbers and the narration are still live.
    </p>
  );
}

interface ViewPanelProps<F, O> {
  title: string;
  sub: ReactNode;
  className?: string;
  /** The view's name: the panel is `<name>-panel` (its test id and export name), the element
   * the view draws in `<name>-view`. */
  name: string;
  /** The class of the element the view draws in, besides `view-host`. */
  hostClass: string;
  factory: Factory<F, O>;
  frameOf: FrameOf<F>;
  options: OptionsOf<O>;
}

/** A panel holding one D3 view (mounted and fed by useView). */
export function ViewPanel<F, O>(p: ViewPanelProps<F, O>) {
  const { ref, failure } = useView(useStoreApi(), p.factory, p.frameOf, p.options);
  const over = useOverflowX(ref);
  return (
    <Panel
      title={p.title}
      sub={p.sub}
      className={p.className}
      testId={`${p.name}-panel`}
      exports={{ name: `${p.name}-panel`, image: true }}
    >
      <ViewFailure message={failure} />
      <div
        className={`view-host ${p.hostClass}`}
        ref={ref}
        data-testid={`${p.name}-view`}
        {...scrollFocus(over, `${p.title} (scrolls sideways)`)}
      />
    </Panel>
  );
}

/**
 * A panel component for one view whose subtitle the store gives: `subOf` reads it (a string,
 * so the panel renders only when it changes), or null while the scenario does not show the
 * view (the panel is then not rendered).
 */
export function viewPanel<F, O>(
  props: Omit<ViewPanelProps<F, O>, 'sub'>,
  subOf: (s: AppState) => string | null,
) {
  const Shown = () => {
    const sub = useApp(subOf);
    return sub === null ? null : <ViewPanel {...props} sub={sub} />;
  };
  Shown.displayName = `ViewPanel(${props.name})`;
  return Shown;
}
