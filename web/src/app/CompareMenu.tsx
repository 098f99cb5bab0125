// The header's Compare menu: B as a copy of A, or one of the seeds' own comparisons
// (../store/compare COMPARE_PRESETS); "Leave compare" while comparing.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { COMPARE_PRESETS } from '../store/compare';
import { useApp } from '../store/context';
import { selectCompareOn, selectReady } from '../store/selectors';
import { CompareWorkspace } from './lazyCompare';
import type { AppState } from '../store/store';

const selectCompareActions = (s: AppState) => ({
  start: s.startCompare,
  stop: s.stopCompare,
  preset: s.loadPreset,
});

interface ItemProps {
  testId: string;
  onPick: () => void;
  close: () => void;
  title: string;
  text: string;
}

/** One entry of the menu: does `onPick`, then closes the menu. */
function Item({ testId, onPick, close, title, text }: ItemProps) {
  return (
    <button
      role="menuitem"
      className="compare-item"
      data-testid={testId}
      onClick={() => {
        onPick();
        close();
      }}
    >
      <b>{title}</b>
      <span>{text}</span>
    </button>
  );
}

/** "Compare ▾": a menu of a copy of A, the presets with what each seed found, and the way out. */
export function CompareMenu() {
  const ready = useApp(selectReady);
  const on = useApp(selectCompareOn);
  const act = useApp(useShallow(selectCompareActions));
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const closeMenu = () => setOpen(false);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="compare-menu" ref={ref}>
      <button
        className="btn dark"
        data-testid="compare"
        disabled={!ready}
        aria-pressed={on}
        aria-expanded={open}
        aria-haspopup="menu"
        onClick={() => {
          // the comparison's code is on its way while the user picks a preset
          if (!open) void CompareWorkspace.preload();
          setOpen((o) => !o);
        }}
        title="Compare two configurations of a scenario side by side, stepping together"
      >
        Compare ▾
      </button>
      {open && (
        <div className="header-popover compare-popover" role="menu" data-testid="compare-menu">
          {on ? (
            <Item
              close={closeMenu}
              testId="compare-leave"
              onPick={act.stop}
              title="Leave compare"
              text="Back to configuration A alone"
            />
          ) : (
            <Item
              close={closeMenu}
              testId="compare-copy"
              onPick={act.start}
              title="Compare with a copy"
              text="B starts as a copy of this configuration; edit B and watch both"
            />
          )}
          <div className="compare-presets-title">
            Compare presets: the seeds’ own comparisons, and replacement policies on the same
            accesses
          </div>
          {COMPARE_PRESETS.map((p) => (
            <Item
              close={closeMenu}
              key={p.id}
              testId={`compare-preset-${p.id}`}
              onPick={() => act.preset(p.id)}
              title={p.title}
              text={p.found}
            />
          ))}
        </div>
      )}
    </div>
  );
}
