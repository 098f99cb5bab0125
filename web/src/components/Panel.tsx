import type { ReactNode } from 'react';
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

/** A titled card of the layout, with its "?" help (./panelHelp) and Export menu. */
export function Panel({ title, sub, className, testId, exports, children }: Props) {
  const topic = helpTopic(title);
  return (
    <section className={`panel${className ? ` ${className}` : ''}`} data-testid={testId}>
      <header>
        <h2>{title}</h2>
        {sub !== undefined && <span className="sub">{sub}</span>}
        {(topic || exports) && (
          <span className="panel-tools">
            {topic && <PanelHelp topic={topic} />}
            {exports && <ExportMenu exports={exports} />}
          </span>
        )}
      </header>
      {children}
    </section>
  );
}
