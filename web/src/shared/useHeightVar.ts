// An element's height as a CSS variable on the page's root, kept up to date while it is
// mounted and removed with it: the layouts that make the cache one screen high
// (styles/responsive.css, styles/compare.css) subtract what stands above the columns.
import { useEffect, type RefObject } from 'react';

export function useHeightVar(ref: RefObject<HTMLElement | null>, name: string, extra = 0) {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const ro = new ResizeObserver(() =>
      root.style.setProperty(name, `${Math.ceil(el.offsetHeight) + extra}px`),
    );
    ro.observe(el);
    return () => {
      ro.disconnect();
      root.style.removeProperty(name);
    };
  }, [ref, name, extra]);
}
