// The header's Compare menu: B as a copy of A, or one of the seeds' own comparisons
// (../store/compare COMPARE_PRESETS); "Leave compare" while comparing.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { COMPARE_PRESETS } from '../store/compare';
import { useApp } from '../store/context';
import { selectCompareOn, selectReady } from '../store/selectors';
import type { AppState } from '../store/store';

const selectCompareActions = (s: AppState) => ({
  start: s.startCompare,
  stop: s.stopCompare,
  preset: s.loadPreset,
});

/** "Compare ▾": a menu of a copy of A, the presets with what each seed found, and the way out. */
export function CompareMenu() {
  const ready = useApp(selectReady);
  const on = useApp(selectCompareOn);
  const act = useApp(useShallow(selectCompareActions));
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
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
        onClick={() => setOpen((o) => !o)}
        title="Compare two configurations of a scenario side by side, stepping together"
      >
        Compare ▾
      </button>
      {open && (
        <div className="header-popover compare-popover" role="menu" data-testid="compare-menu">
          {on ? (
            <button
              role="menuitem"
              className="compare-item"
              data-testid="compare-leave"
              onClick={() => {
                act.stop();
                setOpen(false);
              }}
            >
              <b>Leave compare</b>
              <span>Back to configuration A alone</span>
            </button>
          ) : (
            <button
              role="menuitem"
              className="compare-item"
              data-testid="compare-copy"
              onClick={() => {
                act.start();
                setOpen(false);
              }}
            >
              <b>Compare with a copy</b>
              <span>B starts as a copy of this configuration; edit B and watch both</span>
            </button>
          )}
          <div className="compare-presets-title">Compare presets: the seeds’ own comparisons</div>
          {COMPARE_PRESETS.map((p) => (
            <button
              key={p.id}
              role="menuitem"
              className="compare-item"
              data-testid={`compare-preset-${p.id}`}
              onClick={() => {
                act.preset(p.id);
                setOpen(false);
              }}
            >
              <b>{p.title}</b>
              <span>{p.found}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
