// Keyboard shortcuts: space play/pause, → step, Shift+→ step one execution, ← step back,
// Home reset, End run to the end, Escape cancels a long one. Ignored while typing in a field.
import { useEffect } from 'react';
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
  ];
}

/** The focused element handles this key itself (typing, a button's space, a slider's arrows). */
function ownKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (tag === 'BUTTON' || tag === 'SUMMARY') return key === ' ' || key === 'Enter';
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  if (type === 'range') return key !== ' ';
  if (type === 'checkbox' || type === 'radio') return key === ' ';
  return true;
}

export function useKeyboard(store: AppStore): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || ownKey(e.target, e.key)) return;
      const s = store.getState();
      const actions: Record<string, () => void> = {
        ' ': s.togglePlay,
        ArrowRight: e.shiftKey ? s.stepExecution : s.step,
        ArrowLeft: s.stepBack,
        Home: s.reset,
        End: () => void s.runToEnd(),
        Escape: s.cancel,
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
