// The SQL console's place on the page: a button until it is opened, then the console itself,
// whose code (and sql.js's SQLite wasm) is fetched only then. Opened, the console is a sheet
// the width of the window docked at its bottom (a 470-px column held a result of X$BH's 16
// columns in a fifth of its width): not modal, and the page scrolls above it, so the run can
// be played and stepped while it is open; Escape or Close closes it and gives the focus back
// to the button that opened it.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { onRequest } from './request';
import { Panel } from '../shared/Panel';

const SqlConsole = lazy(() => import('./SqlConsole').then((m) => ({ default: m.SqlConsole })));

export function SqlPanel() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => onRequest(() => setOpen(true)), []);
  useEffect(() => {
    // focus into the sheet when it opens, back to its button when it closes
    if (open) sheet.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
    // room below the page for the sheet (../styles/sql.css), while it is open
    document.documentElement.classList.toggle('sql-docked', open);
  }, [open]);
  return (
    <Panel title="SQL" sub="V$ and X$ views of the instance now" testId="sql-console">
      <div className="panel-body sql-closed">
        <p className="help">
          Query the simulated instance with the seeds’ own SQL: X$BH, V$BUFFER_POOL_STATISTICS,
          V$SQL, V$LATCH … as they stand at the current step.
        </p>
        <button
          type="button"
          ref={opener}
          data-testid="sql-open"
          aria-expanded={open}
          aria-controls={open ? 'sql-sheet' : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Close the SQL console' : 'Open the SQL console'}
        </button>
      </div>
      {open && (
        <div
          id="sql-sheet"
          ref={sheet}
          className="sql-sheet"
          role="dialog"
          aria-modal="false"
          aria-labelledby="sql-sheet-title"
          tabIndex={-1}
          data-testid="sql-sheet"
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !e.defaultPrevented) {
              e.preventDefault();
              e.stopPropagation(); // not the page's Esc (cancel a long run) as well
              setOpen(false);
            }
          }}
        >
          <div className="sql-sheet-head">
            <h2 id="sql-sheet-title">SQL console</h2>
            <span className="sub">V$ and X$ views of the instance now</span>
            <button type="button" data-testid="sql-close" onClick={() => setOpen(false)}>
              Close <kbd>Esc</kbd>
            </button>
          </div>
          <Suspense fallback={<p className="note lazy-note">Loading SQLite…</p>}>
            <SqlConsole />
          </Suspense>
        </div>
      )}
    </Panel>
  );
}
