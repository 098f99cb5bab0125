import type { CSSProperties, ReactNode } from 'react';

interface Props {
  /** The column headings (a string is a plain heading). */
  head: ReactNode[];
  /** A visible title (`<caption>`), where the table has no panel heading above it. */
  caption?: ReactNode;
  className?: string;
  label?: string;
  testId?: string;
  style?: CSSProperties;
  /** The body's rows. */
  children: ReactNode;
}

/** A table of the statistics panels: one heading row, then the rows given. */
export function Table({
  head,
  caption,
  className = 'grid',
  label,
  testId,
  style,
  children,
}: Props) {
  return (
    <table className={className} aria-label={label} data-testid={testId} style={style}>
      {caption !== undefined && <caption>{caption}</caption>}
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A report's notes, one paragraph each. */
export function Notes({ notes }: { notes: string[] }) {
  return notes.map((t) => (
    <p className="note" key={t}>
      {t}
    </p>
  ));
}
