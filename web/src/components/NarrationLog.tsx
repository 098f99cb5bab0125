// The narration: for every event of the accesses stepped slowly, what happened and which rule
// and parameter caused it. Newest first.
import { useApp } from '../store/context';
import { selectNarration, selectSelect } from '../store/selectors';
import { Panel } from './Panel';
import { narrationData } from '../export/panelData';

export function NarrationLog() {
  const groups = useApp(selectNarration);
  const select = useApp(selectSelect);
  const newestFirst = [...groups].reverse();
  return (
    <Panel
      title="Narration"
      sub="what happened, and why"
      exports={{ name: 'narration', data: narrationData }}
    >
      <div className="narration" data-testid="narration" aria-live="polite">
        {newestFirst.length === 0 && (
          <p className="empty" style={{ padding: '4px 12px' }}>
            Nothing yet.
          </p>
        )}
        {newestFirst.map((g, gi) => (
          <div className="narration-group" key={`${groups.length - gi}`}>
            <div className="narration-title">{g.title}</div>
            {g.lines.map((l, li) => {
              const buf = l.buf;
              const clickable = buf !== undefined;
              return (
                <div
                  key={li}
                  className={`narration-line k-${l.kind}${clickable ? ' clickable' : ''}`}
                  data-testid="narration-entry"
                  data-kind={l.kind}
                  onClick={clickable ? () => select(buf) : undefined}
                  title={clickable ? `Select buf ${buf}` : undefined}
                >
                  <span className="dot" aria-hidden />
                  <span>
                    <span className="what">{l.text}</span>
                    {l.why && <span className="why">{l.why}</span>}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Panel>
  );
}
