// The buffer grid's keyboard and what it says (./lruView): the grid is one focusable widget
// whose live region reads the buffer under the cursor, and the one line a buffer is described
// by (the cursor, the mouse's tooltip).
import { FLAG, splitDba } from '../../sim/engine';
import type { Grid } from './lruGrid';
import { describeMarks } from './policyState';
import type { CacheFrame } from './types';

/** The keys the buffer grid takes for itself (the rest go on to the page's shortcuts). */
const GRID_KEYS = new Set([
  'ArrowRight',
  'ArrowLeft',
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
  'Enter',
]);

export interface Keys {
  onKey: (key: string) => boolean;
  onFocus: () => void;
  onBlur: () => void;
  say: (text: string) => void;
  destroy: () => void;
}

/**
 * Makes `stage` one focusable widget for the keyboard and screen readers: a group described
 * by a polite live region that reads the buffer under the cursor (the cells themselves are
 * SVG shapes or canvas pixels, so there are no elements to focus one by one).
 */
export function attachKeys(stage: HTMLElement, root: HTMLElement): Keys {
  const live = document.createElement('div');
  live.className = 'visually-hidden';
  live.setAttribute('aria-live', 'polite');
  live.dataset.testid = 'lru-cursor';
  live.id = `lru-live-${Math.random().toString(36).slice(2)}`;
  root.appendChild(live);
  stage.tabIndex = 0;
  stage.className = 'lru-stage';
  stage.dataset.keynav = 'lru';
  stage.setAttribute('role', 'group');
  stage.setAttribute('aria-roledescription', 'buffer grid');
  stage.setAttribute(
    'aria-label',
    'Buffers, from the hot head to the cold tail: arrow keys move, Page Up/Down change working set, Enter shows the buffer in X$BH',
  );
  stage.setAttribute('aria-describedby', live.id);
  const k: Keys = {
    onKey: () => false,
    onFocus: () => {},
    onBlur: () => {},
    say: (text) => {
      live.textContent = text;
    },
    destroy: () => {
      stage.removeEventListener('keydown', onKeyDown);
      stage.removeEventListener('focus', onFocus);
      stage.removeEventListener('blur', onBlur);
      live.remove();
    },
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || !GRID_KEYS.has(e.key)) return;
    // Handled here: the page's shortcuts (store/useKeyboard) skip a prevented key.
    if (k.onKey(e.key)) e.preventDefault();
  };
  const onFocus = () => k.onFocus();
  const onBlur = () => k.onBlur();
  stage.addEventListener('keydown', onKeyDown);
  stage.addEventListener('focus', onFocus);
  stage.addEventListener('blur', onBlur);
  return k;
}

/** What the keyboard cursor or the mouse says of buffer `b` of `frame` (drawn in `grid`). */
export function describeBuffer(frame: CacheFrame, grid: Grid | null, b: number): string {
  const where = splitDba(frame.dba[b]);
  const obj = where
    ? `${frame.objects[where.seg]?.name ?? `segment ${where.seg}`} block ${where.block}`
    : 'free';
  const f = frame.flags[b];
  const dirty = f & FLAG.DIRTY ? ' · dirty' : '';
  const os = f & FLAG.OS_CACHED ? ' · also in the OS page cache' : '';
  const region =
    f & FLAG.FREE
      ? 'free'
      : f & FLAG.WRITING
        ? 'being written'
        : f & FLAG.ON_WRITE_LIST
          ? 'write list'
          : (frame.regions.find((r) => (f & FLAG.HOT ? r.tone === 'hot' : r.tone !== 'hot'))
              ?.label ?? 'list');
  const cell = grid && grid.k > 1 ? ` (first of this cell's ${grid.k})` : '';
  const diff = frame.diff?.[b] ? ` · not cached in ${frame.diffOther ?? 'the other'}` : '';
  const set = frame.sets.findIndex((x) => b >= x.lo && b < x.hi);
  const marks = describeMarks(frame.policy[set], b);
  return `buf# ${b}${cell} — ${obj} · tch ${frame.tch[b]}${dirty} · ${region}${marks}${os}${diff}`;
}
