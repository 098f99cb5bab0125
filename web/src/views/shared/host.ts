// How a view sits in the element the app gives it.

/** Inner padding of every view: the host elements have none. */
export const PAD_X = 10;
export const PAD_Y = 6;

/** A new div with the given class(es). */
export function div(cls = ''): HTMLDivElement {
  const d = document.createElement('div');
  d.className = cls;
  return d;
}

/** Style of a view's root element. */
export function rootStyle(root: HTMLElement): void {
  Object.assign(root.style, {
    font: '13px system-ui, sans-serif',
    color: '#1d1f24',
    userSelect: 'none',
    padding: `${PAD_Y}px ${PAD_X}px`,
    boxSizing: 'border-box',
  });
}

/**
 * Put `data-testid` on the view's root, unless the host element already carries the same
 * test id (then one element, the host, answers to it).
 */
export function claimTestId(host: HTMLElement, root: HTMLElement, id: string): void {
  if (host.dataset.testid !== id) root.dataset.testid = id;
}

/**
 * Height the drawing may use: the host's own height when the layout gives it one (less what
 * sits above the drawing), else a share of the window. The view is hidden while the host is
 * measured, so a host whose height comes from its content reads 0 and gets the default.
 */
export function heightBudget(host: HTMLElement, view: HTMLElement, above?: HTMLElement): number {
  const display = view.style.display;
  view.style.display = 'none';
  const h = host.clientHeight;
  view.style.display = display;
  if (h > 80) return Math.max(60, h - (above?.offsetHeight ?? 0) - 2 * PAD_Y - 4);
  return Math.max(260, Math.round(window.innerHeight * 0.62));
}
