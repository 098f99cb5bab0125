import { useId, useState, type ReactNode } from 'react';

interface Props {
  title: ReactNode;
  sub?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A titled card of the layout. On a phone (styles/responsive.css) its title is a button that
 * folds the card to its header; on wider screens the button is not shown and the card is open.
 */
export function Panel({ title, sub, className, testId, children }: Props) {
  const [folded, setFolded] = useState(false);
  const bodyId = useId();
  const cls = `panel${className ? ` ${className}` : ''}${folded ? ' folded' : ''}`;
  return (
    <section className={cls} data-testid={testId} aria-labelledby={`${bodyId}-h`}>
      <header>
        <h2 id={`${bodyId}-h`}>{title}</h2>
        {sub !== undefined && <span className="sub">{sub}</span>}
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
