// Seed 001's "Finding literal SQL": cursors grouped by a leading substring of their text (literal
// SQL becomes textually distinct toward the end, in the WHERE clause), run against the library
// cache at the current position. Refreshed as the run moves, a few times a second at most
// while playing.
import { useEffect, useState, type ReactNode } from 'react';
import { useApp } from '../store/context';
import { selectRun, selectPausedTick, selectPlaying } from './selectors';
import type { LiteralGroup } from '../sim/library';
import { requestExample } from '../sql/request';
import { Panel } from '../shared/Panel';

/** Refresh period while playing. */
const PLAYING_REFRESH_MS = 400;
/** Result rows listed. */
const MAX_ROWS = 20;

function bounded(text: string, lo: number, hi: number, fallback: number): number {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) && text.trim() !== '' ? Math.min(hi, Math.max(lo, n)) : fallback;
}

/** A whole-number input kept within [lo, hi]; what is typed stays as typed. */
function BoundedNumber(p: {
  label: ReactNode;
  title: string;
  testId: string;
  lo: number;
  hi: number;
  value: number;
  onChange: (n: number) => void;
}) {
  const [text, setText] = useState(String(p.value));
  return (
    <label>
      <span title={p.title}>{p.label}</span>
      <input
        type="number"
        min={p.lo}
        max={p.hi}
        value={text}
        data-testid={p.testId}
        onChange={(e) => {
          setText(e.target.value);
          p.onChange(bounded(e.target.value, p.lo, p.hi, p.value));
        }}
      />
    </label>
  );
}

/** What the query returns, and when empty, why. */
function query(groups: LiteralGroup[], all: () => LiteralGroup[]) {
  if (groups.length > 0) return { groups, cursors: null, largest: 0 };
  const every = all();
  return {
    groups,
    cursors: every.reduce((sum, g) => sum + g.count, 0),
    largest: every[0]?.count ?? 0,
  };
}

export function LiteralSqlPanel() {
  const lib = useApp(selectRun);
  const playing = useApp(selectPlaying);
  useApp(selectPausedTick); // re-render on every move while paused…
  const [, setBeat] = useState(0); // …and on this beat while playing
  const [size, setSize] = useState(40);
  const [min, setMin] = useState(10);

  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => setBeat((b) => b + 1), PLAYING_REFRESH_MS);
    return () => clearInterval(id);
  }, [playing]);

  const result = lib ? query(lib.literalSql(size, min), () => lib.literalSql(size, 0)) : null;
  const rows = result?.groups.slice(0, MAX_ROWS) ?? [];
  const more = (result?.groups.length ?? 0) - rows.length;

  return (
    <Panel title="Finding literal SQL" sub="seed 001, against V$SQLAREA now" testId="literal-sql">
      <div className="panel-body literal-sql">
        <pre className="sql" aria-label="the query" tabIndex={0}>
          {`SELECT SUBSTR(sql_text, 1, ${size}) sqltext, COUNT(*)
  FROM v$sqlarea
 GROUP BY SUBSTR(sql_text, 1, ${size})
HAVING COUNT(*) > ${min}
 ORDER BY 2 DESC;`}
        </pre>
        <div className="literal-inputs">
          <BoundedNumber
            label={
              <>
                prefix length <code>&amp;&amp;size</code>
              </>
            }
            title="the seed's &&size: how many leading characters must match"
            testId="literal-size"
            lo={1}
            hi={1000}
            value={size}
            onChange={setSize}
          />
          <BoundedNumber
            label={
              <>
                more than <code>COUNT(*)</code>
              </>
            }
            title="groups with more cursors than this are reported (the seed uses 10)"
            testId="literal-min"
            lo={0}
            hi={1_000_000}
            value={min}
            onChange={setMin}
          />
        </div>
        <p>
          <button
            type="button"
            data-testid="literal-run-sql"
            onClick={() => requestExample('literal-sql', { size: String(size) })}
          >
            Run the seed’s query in the SQL console
          </button>
        </p>
        <p className="help">
          Literal SQL differs toward the end (the WHERE clause), so statements that match on a
          leading substring and are many are literal SQL that bind variables or CURSOR_SHARING =
          FORCE would share.
        </p>
        {!result ? (
          <p className="empty">No library cache run.</p>
        ) : rows.length === 0 ? (
          <p className="empty" data-testid="literal-empty">
            {result.cursors === 0
              ? 'The library cache holds no cursors yet.'
              : `no literal SQL found: the cursors are shared (${result.cursors === 1 ? '1 cursor' : `${result.cursors} cursors`}, largest group ${result.largest})`}
          </p>
        ) : (
          <table className="grid compact" data-testid="literal-rows">
            <thead>
              <tr>
                <th className="mono">sqltext</th>
                <th className="mono">COUNT(*)</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.prefix}>
                  <td className="mono literal-prefix" title={g.prefix}>
                    {g.prefix}
                  </td>
                  <td>{g.count.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {more > 0 && <p className="note">… and {more} more groups.</p>}
      </div>
    </Panel>
  );
}
