// Undo / Redo of configuration edits (../store/history): two buttons, and Ctrl+Z /
// Ctrl+Shift+Z (Ctrl+Y, ⌘ on a Mac) whenever focus is not in a text field — there the
// browser's own undo of the typing applies.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useStoreApi } from '../store/context';
import { historyOf } from '../store/history';

/**
 * Focus is where typing goes: the browser's undo belongs to it. Not a select: nothing is typed
 * there, and the browser's undo would reach back into the last text field typed in.
 */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(
      target.type,
    )
  );
}

/** Which history action a key press asks for, if any. */
export function historyKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}

/** What each of the two buttons says. */
const BUTTONS = {
  undo: {
    title: 'Undo the last configuration edit (Ctrl+Z)',
    label: 'Undo configuration edit',
    icon: '↶',
  },
  redo: {
    title: 'Redo the configuration edit undone (Ctrl+Shift+Z)',
    label: 'Redo configuration edit',
    icon: '↷',
  },
} as const;

/**
 * `slot` (compare mode): the buttons of configuration B's own history, without the keys
 * (Ctrl+Z stays with the header's, configuration A's).
 */
export function HistoryButtons({ slot }: { slot?: 'b' } = {}) {
  const history = historyOf(useStoreApi());
  const undoable = useStore(history, (h) => h.past.length);
  const redoable = useStore(history, (h) => h.future.length);

  useEffect(() => {
    if (slot) return;
    const onKey = (e: KeyboardEvent) => {
      const action = historyKey(e);
      if (!action || typingIn(e.target)) return;
      e.preventDefault();
      history.getState()[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history, slot]);

  const id = slot ? `-${slot}` : '';
  const dark = slot ? 'btn small' : 'btn dark';
  return (
    <span className="history-buttons">
      {(['undo', 'redo'] as const).map((action) => {
        const b = BUTTONS[action];
        const count = action === 'undo' ? undoable : redoable;
        return (
          <button
            key={action}
            className={dark}
            data-testid={`${action}${id}`}
            disabled={count === 0}
            onClick={() => history.getState()[action]()}
            title={b.title}
            aria-label={`${b.label} (${count} to ${action})`}
          >
            {b.icon}
          </button>
        );
      })}
    </span>
  );
}
