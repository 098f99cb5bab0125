// What a panel's header offers besides its title: "?" (what am I looking at) and Export.
// Both are <details> disclosures: keyboard-operable without script, closed by a second click.
// The export code itself (serialising drawings, CSV) loads on the first export.
import { useState } from 'react';
import { useStoreApi } from '../store/context';
import type { AppState } from '../store/store';
import type { Tables } from '../export/tables';
import { PANEL_HELP } from './panelHelp';

/** What a panel can export: its drawings (views, charts) and/or its statistics. */
export interface PanelExports {
  /** The files' name (after the scenario's). */
  name: string;
  /** The panel draws something: PNG and SVG of each drawing. */
  image?: boolean;
  /** The panel's statistics as tables, from the store's state at the click. */
  data?: (s: AppState) => Tables | null;
}

/** The scenario's part of an exported file's name. */
export const scenarioBase = (s: AppState): string =>
  s.scenarioId ? `${s.scenarioId}${s.edited ? '-edited' : ''}` : 'scenario';

/** The base of a panel's exported file names: the scenario and the position. */
export const exportBase = (s: AppState): string => `${scenarioBase(s)}-at-${s.sim?.position ?? 0}`;

/** A title as a test id: `help-replacement-lists`. */
const slug = (t: string) => t.toLowerCase().replace(/[^a-z0-9$]+/g, '-');

const loadExport = () => import('../export/run');

export function ExportMenu({ exports }: { exports: PanelExports }) {
  const store = useStoreApi();
  const [status, setStatus] = useState<string | null>(null);
  const run = async (what: (m: Awaited<ReturnType<typeof loadExport>>, s: AppState) => unknown) => {
    try {
      const m = await loadExport();
      await what(m, store.getState());
      setStatus(null);
    } catch (e) {
      setStatus(`Export failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  /** The menu closes once a format is chosen. */
  const close = (e: React.MouseEvent<HTMLElement>) =>
    e.currentTarget.closest('details')?.removeAttribute('open');
  const image = (format: 'png' | 'svg') => (e: React.MouseEvent<HTMLButtonElement>) => {
    const panel = e.currentTarget.closest<HTMLElement>('section.panel');
    close(e);
    if (panel) void run((m, s) => m.exportImages(panel, exportBase(s), format));
  };
  const data = (format: 'csv' | 'json') => (e: React.MouseEvent<HTMLButtonElement>) => {
    close(e);
    void run((m, s) => {
      const tables = exports.data?.(s);
      if (tables) m.exportTables(tables, exportBase(s), format);
    });
  };
  const id = `export-${exports.name}`;
  const button = (
    format: string,
    label: string,
    onClick: (e: React.MouseEvent<HTMLButtonElement>) => void,
  ) => (
    <button className="btn small" data-testid={`${id}-${format}`} onClick={onClick}>
      {label}
    </button>
  );
  return (
    <details className="panel-tool panel-export" data-testid={id}>
      <summary title="Export this panel">Export</summary>
      <div className="panel-popover" role="group" aria-label={`Export ${exports.name}`}>
        {exports.image && (
          <>
            {button('png', 'PNG', image('png'))}
            {button('svg', 'SVG', image('svg'))}
          </>
        )}
        {exports.data && (
          <>
            {button('csv', 'CSV', data('csv'))}
            {button('json', 'JSON', data('json'))}
          </>
        )}
        {status && (
          <span className="error-text" role="status">
            {status}
          </span>
        )}
      </div>
    </details>
  );
}

/** "?": what the panel shows and how to read it (./panelHelp), when it has an entry. */
export function PanelHelp({ topic }: { topic: string }) {
  const help = PANEL_HELP[topic];
  if (!help) return null;
  return (
    <details className="panel-tool panel-help" data-testid={`help-${slug(topic)}`}>
      <summary aria-label={`What am I looking at? (${help.title})`} title="What am I looking at?">
        ?
      </summary>
      <div className="panel-popover" role="note">
        <strong>{help.title}</strong>
        <p>{help.text}</p>
      </div>
    </details>
  );
}
