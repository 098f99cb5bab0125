import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { helpTopic } from './panelHelp';
import { ExportMenu, PanelHelp, type PanelExports } from './PanelTools';

interface Props {
  title: ReactNode;
  sub?: ReactNode;
  className?: string;
  testId?: string;
  /** What the panel exports (PNG/SVG of its drawings, CSV/JSON of its statistics). */
  exports?: PanelExports;
  children: ReactNode;
}

/**
 * A titled card of the layout, with its "?" help (./panelHelp) and Export menu. On a phone
 * (styles/responsive.css) a button folds the card to its header; on wider screens the button
 * is not shown and the card is open.
 */
export function Panel({ title, sub, className, testId, exports, children }: Props) {
  const topic = helpTopic(title);
  const [folded, setFolded] = useState(false);
  const bodyId = useId();
  const cls = `panel${className ? ` ${className}` : ''}${folded ? ' folded' : ''}`;
  // A subtitle is cut with an ellipsis in a narrow column: its title holds it whole.
  const subRef = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = subRef.current;
    if (el && el.title !== el.textContent) el.title = el.textContent ?? '';
  });
  return (
    <section className={cls} data-testid={testId} aria-labelledby={`${bodyId}-h`}>
      <header>
        <h2 id={`${bodyId}-h`}>{title}</h2>
        {sub !== undefined && (
          <span className="sub" ref={subRef}>
            {sub}
          </span>
        )}
        {(topic || exports) && (
          <span className="panel-tools">
            {topic && <PanelHelp topic={topic} />}
            {exports && <ExportMenu exports={exports} />}
          </span>
        )}
        <button
          type="button"
          className="fold"
          aria-expanded={!folded}
          aria-controls={bodyId}
          aria-label={folded ? 'Show this panel' : 'Fold this panel'}
          onClick={() => setFolded((f) => !f)}
        >
          {folded ? '+' : '−'}
        </button>
      </header>
      <div className="panel-content" id={bodyId}>
        {children}
      </div>
    </section>
  );
}
