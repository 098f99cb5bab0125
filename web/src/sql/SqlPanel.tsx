// The SQL console's place on the page: a button until it is opened, then the console itself,
// whose code (and sql.js's SQLite wasm) is fetched only then.
import { lazy, Suspense, useEffect, useState } from 'react';
import { onRequest } from './request';
import { Panel } from '../shared/Panel';
import './sql-console.css';

const SqlConsole = lazy(() => import('./SqlConsole').then((m) => ({ default: m.SqlConsole })));

export function SqlPanel() {
  const [open, setOpen] = useState(false);
  useEffect(() => onRequest(() => setOpen(true)), []);
  return (
    <Panel title="SQL" sub="V$ and X$ views of the instance now" testId="sql-console">
      {open ? (
        <Suspense fallback={<p className="note lazy-note">Loading SQLite…</p>}>
          <SqlConsole />
        </Suspense>
      ) : (
        <div className="panel-body sql-closed">
          <p className="help">
            Query the simulated instance with the seeds’ own SQL: X$BH, V$BUFFER_POOL_STATISTICS,
            V$SQL, V$LATCH … as they stand at the current step.
          </p>
          <button type="button" data-testid="sql-open" onClick={() => setOpen(true)}>
            Open the SQL console
          </button>
        </div>
      )}
    </Panel>
  );
}
