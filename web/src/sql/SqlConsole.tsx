// The SQL console (issue #12): SQLite over a snapshot of the simulated instance at the current
// step, the seeds' queries one click away. Loaded (with sql.js) when the console opens; SQLite
// runs in a Web Worker (../sql/client), so a runaway query can be stopped and never freezes
// the page.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Playable } from '../sim/engine';
import { useApp, useStoreApi } from '../store/context';
import type { AppState } from '../store/store';
import { EXAMPLES, example, type Example } from './examples';
import { cellText, formatError } from './format';
import { SqlClient, Stopped } from './client';
import { onRequest, takeRequest, type ConsoleRequest } from './request';
import type { Outcome } from './session';
import { capture } from './snapshot';
import { expandIncludes, pickedReader } from './include';
import { ScriptFiles } from './ScriptFiles';
import { Table } from '../shared/Table';

/** Snapshot refresh period while playing, and how often the console looks at the run. */
const PLAYING_REFRESH_MS = 1000;
const POLL_MS = 250;
/** Rows shown per result set. */
const MAX_ROWS = 200;

const selectKind = (s: AppState) => s.sim?.kind ?? 'buffer';

interface Snap {
  position: number;
  ms: number;
}

function Results({ outcome }: { outcome: Outcome }) {
  return (
    <div className="sql-results" data-testid="sql-results">
      {outcome.results.map((r, k) => (
        <div key={k} className="sql-result">
          {r.message !== null ? (
            <p className="note">{r.message}</p>
          ) : (
            <>
              <div
                className="sql-table-wrap"
                tabIndex={0}
                role="region"
                aria-label={`Result ${k + 1}`}
              >
                <Table head={r.columns} className="grid compact sql-table" testId="sql-rows">
                  {r.rows.slice(0, MAX_ROWS).map((row, i) => (
                    <tr key={i}>
                      {row.map((v, j) => (
                        <td key={j} className={typeof v === 'number' ? 'num' : 'mono'}>
                          {cellText(v)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </Table>
              </div>
              <p className="note" data-testid="sql-count">
                {r.rows.length === 0
                  ? 'no rows selected'
                  : `${r.rows.length.toLocaleString('en-US')} row${r.rows.length === 1 ? '' : 's'} selected`}
                {r.rows.length > MAX_ROWS ? ` (the first ${MAX_ROWS} shown)` : ''} in{' '}
                {r.ms.toFixed(1)} ms.
              </p>
              {r.note && (
                <p className="note" data-testid="sql-note">
                  {r.note}
                </p>
              )}
            </>
          )}
        </div>
      ))}
    </div>
  );
}

/** "Enter value for size:" — each substitution variable is asked once per session. */
function Ask(p: { name: string; onValue: (v: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      className="sql-ask"
      onSubmit={(e) => {
        e.preventDefault();
        p.onValue(value);
      }}
    >
      <label>
        Enter value for <code>{p.name}</code>:{' '}
        <input
          autoFocus
          value={value}
          data-testid="sql-define"
          onChange={(e) => setValue(e.target.value)}
        />
      </label>{' '}
      <button type="submit">OK</button>{' '}
      <button type="button" onClick={p.onCancel}>
        Cancel
      </button>
    </form>
  );
}

export function SqlConsole() {
  const store = useStoreApi();
  const kind = useApp(selectKind);
  const [session, setSession] = useState<SqlClient | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState(EXAMPLES.find((e) => e.kind === kind)?.sql ?? '');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<Outcome['error']>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const [snap, setSnap] = useState<Snap | null>(null);
  const [shown, setShown] = useState<Example | null>(null);
  const lastGood = useRef<string | null>(null);
  // the files `@file` / `START file` read (ScriptFiles), kept in a ref for `execute`
  const [files, setFiles] = useState<ReadonlyMap<string, string>>(new Map());
  const filesRef = useRef(files);
  const picker = useRef<HTMLInputElement | null>(null);
  const [includeError, setIncludeError] = useState<string | null>(null);
  const lastRun = useRef<Playable | null>(null);

  /** Run a script now (asking for a substitution variable first when one has no value). */
  const execute = useCallback(
    async (s: SqlClient, written: string, defines: Record<string, string> = {}) => {
      // `@file` lines run the picked file there, as the CLI's --file runs a file (include.ts);
      // one not picked yet opens the picker (this runs within the click that asked for it)
      const expanded = expandIncludes(written, pickedReader(filesRef.current));
      if (expanded.error !== null) {
        setIncludeError(`${expanded.error}: pick it with "Script files", then run again.`);
        // the error replaces the last grid, as a failed statement's does
        setOutcome(null);
        setError(null);
        picker.current?.click();
        return;
      }
      setIncludeError(null);
      const script = expanded.text;
      Object.assign(s.defines, defines);
      const missing = s.missing(script);
      if (missing.length) {
        setAsking(missing[0]);
        return;
      }
      setRunning(true);
      setStopped(null);
      try {
        const out = await s.run(script, defines);
        // the statements before the first error show their results, then the error; a script
        // that failed at its first statement shows the error alone (the last run's grid goes:
        // under the error it read as this script's result)
        setOutcome(out);
        setError(out.error);
        if (!out.error) lastGood.current = script;
      } catch (e) {
        // a failure the session did not turn into an error outcome still reads in the console
        // (an alert), never as an uncaught error in the page
        if (!(e instanceof Stopped)) {
          setStopped(`The script failed: ${e instanceof Error ? e.message : String(e)}`);
          return;
        }
        // what ended before the stop still shows
        setError(null);
        setOutcome({ results: e.results, error: null, skipped: [], text: script, ms: 0 });
        setStopped(
          `${e.message} SQLite started again over the same snapshot; views you created are gone.`,
        );
        // a query that had to be stopped is not run again when the run moves
        if (lastGood.current === script) lastGood.current = null;
      } finally {
        setRunning(false);
      }
    },
    [],
  );

  /** Take a snapshot when the run has moved; the last query that ran runs again over it. */
  const refresh = useCallback(
    async (s: SqlClient) => {
      const run = store.getState().sim?.run;
      if (!run || (run === lastRun.current && s.position === run.position)) return;
      lastRun.current = run;
      const c = capture(run);
      try {
        const ms = await s.load(c);
        setSnap({ position: c.position, ms });
        if (lastGood.current) {
          const out = await s.run(lastGood.current);
          if (!out.error) setOutcome(out);
        }
      } catch (e) {
        if (!(e instanceof Stopped))
          setStopped(`The snapshot failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    [store],
  );

  const serve = useCallback(
    (s: SqlClient, r: ConsoleRequest | null) => {
      const ex = r && example(r.example);
      if (!r || !ex) return;
      setText(ex.sql);
      setShown(ex);
      void execute(s, ex.sql, r.defines);
    },
    [execute],
  );

  useEffect(() => {
    let live = true;
    let opened: SqlClient | null = null;
    SqlClient.open().then(
      (s) => {
        if (!live) return s.close();
        opened = s;
        setSession(s);
        void refresh(s).then(() => serve(s, takeRequest()));
      },
      (e: unknown) => live && setLoadError(String(e)),
    );
    return () => {
      live = false;
      opened?.close();
    };
  }, [refresh, serve]);

  // the snapshot follows the run: checked a few times a second, taken at most once a second
  // while playing (not while a script runs: the refreshed one would wait behind it)
  useEffect(() => {
    if (!session) return;
    let last = 0;
    const id = setInterval(() => {
      const now = performance.now();
      if (running || (store.getState().playing && now - last < PLAYING_REFRESH_MS)) return;
      last = now;
      void refresh(session);
    }, POLL_MS);
    const off = onRequest(() => serve(session, takeRequest()));
    return () => {
      clearInterval(id);
      off();
    };
  }, [session, store, refresh, serve, running]);

  const choose = (ex: Example) => {
    setText(ex.sql);
    setShown(ex);
    if (session) void execute(session, ex.sql);
  };
  const runText = () => session && !running && void execute(session, text);

  if (loadError)
    return (
      <p className="error" role="alert">
        The SQL engine did not load: {loadError}
      </p>
    );
  if (!session) return <p className="note lazy-note">Loading SQLite…</p>;
  const examples = EXAMPLES.filter((e) => e.kind === kind);
  return (
    <div className="panel-body sql-console">
      <p className="note" data-testid="sql-snapshot" data-position={snap?.position ?? ''}>
        Snapshot at step {snap?.position.toLocaleString('en-US') ?? '…'}
        {snap ? ` (${snap.ms.toFixed(1)} ms)` : ''}
        {session.headersMs > 0 ? `; X$BH written in ${session.headersMs.toFixed(0)} ms` : ''}.
      </p>
      <ul className="sql-examples" aria-label="The seeds' queries">
        {examples.map((ex) => (
          <li key={ex.id}>
            <button
              type="button"
              data-testid={`sql-example-${ex.id}`}
              title={ex.source}
              onClick={() => choose(ex)}
            >
              {ex.title}
            </button>
            {ex.adapted && (
              <span className="sql-adapted" data-testid={`sql-adapted-${ex.id}`}>
                {' '}
                adapted: {ex.adapted}
              </span>
            )}
          </li>
        ))}
      </ul>
      {shown && (
        <p className="note sql-source" data-testid="sql-source">
          {shown.source}
          {shown.adapted ? `; adapted: ${shown.adapted}` : '; run verbatim'}.
        </p>
      )}
      <label className="sql-editor">
        <span>SQL (Ctrl+Enter runs)</span>
        <textarea
          value={text}
          rows={8}
          wrap="off"
          spellCheck={false}
          data-testid="sql-text"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              runText();
            }
          }}
        />
      </label>
      <ScriptFiles
        names={[...files.keys()]}
        inputRef={picker}
        onPick={(picked) => {
          const next = new Map(filesRef.current);
          for (const [name, body] of picked) next.set(name, body);
          filesRef.current = next;
          setFiles(next);
          setIncludeError(null);
        }}
      />
      <div className="sql-actions">
        <button type="button" data-testid="sql-run" onClick={runText} disabled={running}>
          {running ? 'Running…' : 'Run'}
        </button>
        {running && (
          <button type="button" data-testid="sql-cancel" onClick={() => session.stop()}>
            Cancel
          </button>
        )}
      </div>
      {asking && (
        <Ask
          name={asking}
          onCancel={() => setAsking(null)}
          onValue={(v) => {
            setAsking(null);
            if (session) void execute(session, text, { [asking]: v });
          }}
        />
      )}
      {includeError && (
        <p className="sql-error" role="alert" data-testid="sql-include-error">
          {includeError}
        </p>
      )}
      {stopped && (
        <p className="sql-error" role="alert" data-testid="sql-stopped">
          {stopped}
        </p>
      )}
      {outcome && error && outcome.results.length > 0 && (
        <p className="note" data-testid="sql-before-error">
          What ran before the error:
        </p>
      )}
      {outcome && <Results outcome={outcome} />}
      {error && !stopped && (
        <pre className="sql-error" role="alert" data-testid="sql-error">
          {formatError(error)}
        </pre>
      )}
    </div>
  );
}
