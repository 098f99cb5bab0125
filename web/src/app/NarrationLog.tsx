// The narration: for every event of the accesses stepped slowly, what happened and which rule
// and parameter caused it. Newest first. The list is one Tab stop: ↑/↓ move
// between its lines, Enter on a line that names a buffer selects it (roving tabindex); the
// other keys stay the playback's (store/useKeyboard).
import { useRef, useState, type KeyboardEvent } from 'react';
import { useApp } from '../store/context';
import { selectNarration, selectSelect } from '../store/selectors';
import { Panel } from '../shared/Panel';
import { narrationData } from '../export/panelData';

const MOVES: Record<string, (i: number, n: number) => number> = {
  ArrowDown: (i, n) => Math.min(n - 1, i + 1),
  ArrowUp: (i) => Math.max(0, i - 1),
};

export function NarrationLog() {
  const groups = useApp(selectNarration);
  const select = useApp(selectSelect);
  const newestFirst = [...groups].reverse();
  const list = useRef<HTMLDivElement>(null);
  // The line that holds the list's Tab stop (an index into the lines, newest first).
  const [active, setActive] = useState(0);
  const total = newestFirst.reduce((n, g) => n + g.lines.length, 0);
  const current = Math.min(active, Math.max(0, total - 1));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey || total === 0) return;
    // Handled: store/useKeyboard skips a prevented key.
    e.preventDefault();
    const lines = list.current?.querySelectorAll<HTMLElement>('[data-line]');
    const from = Number((e.target as HTMLElement).dataset.line ?? current);
    const next = move(Number.isFinite(from) ? from : current, total);
    setActive(next);
    lines?.[next]?.focus();
  };

  let index = 0;
  return (
    <Panel
      title="Narration"
      sub="what happened, and why"
      testId="narration-panel"
      exports={{ name: 'narration', data: narrationData }}
    >
      <div
        className="narration"
        data-testid="narration"
        ref={list}
        role="list"
        aria-label="Narration, newest first (arrow keys move, Enter selects a line's buffer)"
        tabIndex={total === 0 ? 0 : -1}
        onKeyDown={onKeyDown}
      >
        {newestFirst.length === 0 && (
          <p className="empty" style={{ padding: '4px 12px' }}>
            Nothing yet.
          </p>
        )}
        {newestFirst.map((g, gi) => (
          <div className="narration-group" role="listitem" key={`${groups.length - gi}`}>
            <div className="narration-title">{g.title}</div>
            {g.lines.map((l, li) => {
              const buf = l.buf;
              const i = index++;
              const clickable = buf !== undefined;
              const body = (
                <>
                  <span className="dot" aria-hidden />
                  <span>
                    <span className="what">{l.text}</span>
                    {l.why && <span className="why">{l.why}</span>}
                  </span>
                </>
              );
              const common = {
                className: `narration-line k-${l.kind}${clickable ? ' clickable' : ''}`,
                'data-testid': 'narration-entry',
                'data-kind': l.kind,
                'data-line': i,
                tabIndex: i === current ? 0 : -1,
                onFocus: () => setActive(i),
              };
              return clickable ? (
                <button
                  key={li}
                  type="button"
                  {...common}
                  onClick={() => select(buf)}
                  title={`Select buf ${buf}`}
                >
                  {body}
                </button>
              ) : (
                <div key={li} {...common}>
                  {body}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Panel>
  );
}
