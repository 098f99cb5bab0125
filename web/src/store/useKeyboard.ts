// Keyboard shortcuts: space play/pause, → step, Shift+→ step one execution, ← step back,
// Home reset, End run to the end, Escape cancels a long one, P presenter mode. Ignored while
// typing in a field (Escape leaves the field) and when a widget handled the key itself (the
// buffer grid's arrows).
import { useEffect } from 'react';
import { enterPresenter, getDisplay, leavePresenter } from '../shared/display';
import type { AppStore } from './store';

/** The keys and what they do, in the words of the simulation shown. */
export function shortcuts(mode: 'buffer' | 'library'): [string, string][] {
  const library = mode === 'library';
  return [
    ['Space', 'play / pause'],
    ['→', library ? 'step one phase' : 'step one access'],
    ['Shift + →', library ? 'step one statement' : 'step one execution'],
    ['←', 'step back'],
    ['Home', 'reset'],
    ['End', 'run to end'],
    ['Esc', 'cancel a long run'],
    ['P', 'presenter mode'],
  ];
}

/** A field that takes typed text: it keeps every key (Escape leaves it). */
function textField(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target.tagName === 'TEXTAREA' || target.isContentEditable) return true;
  if (target.tagName !== 'INPUT') return false;
  return !['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color'].includes(
    (target as HTMLInputElement).type,
  );
}

/**
 * The focused element handles this key itself (typing, a button's space, a select). A slider
 * keeps only ↑/↓/Page Up/Page Down: ←/→/Home/End/Space are the playback's, so using the
 * position slider never takes the step keys away.
 */
function ownKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (tag === 'BUTTON' || tag === 'SUMMARY') return key === ' ' || key === 'Enter';
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  if (type === 'range') return false;
  if (type === 'checkbox' || type === 'radio') return key === ' ';
  return true;
}

export function useKeyboard(store: AppStore): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Escape' && textField(e.target) && !e.target.closest('dialog')) {
        e.target.blur();
        return;
      }
      if (ownKey(e.target, e.key)) return;
      const s = store.getState();
      const display = getDisplay();
      const presenter = () => {
        if (display !== 'embed') void (display === 'present' ? leavePresenter() : enterPresenter());
      };
      const actions: Record<string, () => void> = {
        ' ': s.togglePlay,
        ArrowRight: e.shiftKey ? s.stepExecution : s.step,
        ArrowLeft: s.stepBack,
        Home: s.reset,
        End: () => void s.runToEnd(),
        // only while a long run goes on: else Escape stays the browser's (dialogs, fullscreen)
        ...(s.busy ? { Escape: s.cancel } : {}),
        p: presenter,
        P: presenter,
      };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
