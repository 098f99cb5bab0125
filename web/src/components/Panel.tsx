import type { ReactNode } from 'react';

interface Props {
  title: ReactNode;
  sub?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A titled card of the layout. */
export function Panel({ title, sub, className, testId, children }: Props) {
  return (
    <section className={`panel${className ? ` ${className}` : ''}`} data-testid={testId}>
      <header>
        <h2>{title}</h2>
        {sub !== undefined && <span className="sub">{sub}</span>}
      </header>
      {children}
    </section>
  );
}
