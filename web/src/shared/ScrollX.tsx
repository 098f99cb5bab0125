// A region that scrolls sideways on a narrow screen (a wide table, a drawing wider than a
// phone) is reachable by keyboard while, and only while, it overflows: axe-core's
// scrollable-region-focusable, without a Tab stop on wide screens where nothing scrolls.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** True while the element is wider inside than its box (it scrolls sideways). */
export function useOverflowX(ref: RefObject<HTMLElement | null>): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOver(el.scrollWidth > el.clientWidth + 1);
    // the box, and what is drawn in it: a table or a drawing that grows wider shows in its
    // own size; children that come and go are observed as they arrive. The check runs only
    // in the observer's callback, after the browser's layout: every element observed anew is
    // reported once, so a child that arrives is checked then (a check in `watch`, which runs
    // right after React's DOM changes, forced a layout of the page in the middle of each
    // commit: 7 % of the main thread while a lecture turned its slides).
    const ro = new ResizeObserver(check);
    const watch = () => {
      ro.disconnect();
      ro.observe(el);
      for (const child of el.children) ro.observe(child);
    };
    watch();
    const mo = new MutationObserver(watch);
    mo.observe(el, { childList: true });
    return () => {
      ro.disconnect();
      mo.disconnect();
    };
  }, [ref]);
  return over;
}

/** The attributes that make an overflowing region a labelled, focusable region. */
export const scrollFocus = (over: boolean, label: string) =>
  over ? { tabIndex: 0, role: 'region', 'aria-label': label } : {};

/** `<div className="scroll-x">` that takes the focus while it scrolls. */
export function ScrollX({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const over = useOverflowX(ref);
  return (
    <div
      className={className ? `${className} scroll-x` : 'scroll-x'}
      ref={ref}
      {...scrollFocus(over, label)}
    >
      {children}
    </div>
  );
}
