// How a view sits in the element the app gives it.

/** Inner padding of every view: the host elements have none. */
export const PAD_X = 10;
export const PAD_Y = 6;

/** A new div with the given class(es) and, optionally, a test id. */
export function div(cls = '', testId?: string): HTMLDivElement {
  const d = document.createElement('div');
  d.className = cls;
  if (testId) d.dataset.testid = testId;
  return d;
}

/** One line of text cut with an ellipsis when it does not fit. */
export const ONE_LINE: Partial<CSSStyleDeclaration> = {
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
};

/** A new element with inline styles, appended to `parent` when given. */
export function styled<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Partial<CSSStyleDeclaration>,
  parent?: HTMLElement,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  Object.assign(e.style, style);
  parent?.appendChild(e);
  return e;
}

/** A view's root element in `host`: styled, answering to `testId` (see claimTestId). */
export function viewRoot(host: HTMLElement, testId: string, cls = ''): HTMLDivElement {
  const root = div(cls);
  claimTestId(host, root, testId);
  rootStyle(root);
  return root;
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

/**
 * Watch the host's size: on every notification `invalidate` drops what was measured, then
 * `measure` says the size (as a key); when it really changed (and it is not the first
 * notification) `redraw` runs. Returns the disconnect (nothing to do without ResizeObserver).
 */
export function watchSize(
  host: HTMLElement,
  invalidate: () => void,
  measure: () => string,
  redraw: () => void,
): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  let lastSize = '';
  const resize = new ResizeObserver(() => {
    invalidate();
    const now = measure();
    if (now === lastSize) return;
    const first = lastSize === '';
    lastSize = now;
    if (!first) redraw();
  });
  resize.observe(host);
  return () => resize.disconnect();
}
