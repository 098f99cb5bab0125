// "Your instance": drop, choose or paste an AWR or Statspack report; the page reads it here
// (DOMParser, never rendered: ./pageHtml.ts), lists what it read and from which section, and a
// Worker fits the model to the report's Buffer Pool Advisory and runs the what-ifs
// (./instanceClient.ts). The report stays in the browser; "Open the fitted scenario" loads the
// scenario, and a link then carries that scenario, never the report's text (docs/instance.md).
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Panel } from '../shared/Panel';
import { useApp } from '../store/context';
import type { Analysis } from './analyse';
import { InstanceResult } from './InstanceResult';
import { analyseInWorker, type Analysing } from './instanceClient';
import { pageHtmlDoc } from './pageHtml';
import { readReportText } from './read';
import type { ReadReport } from './types';

type State =
  | { kind: 'idle' }
  | { kind: 'error'; message: string }
  | { kind: 'analysing'; name: string; read: ReadReport }
  | { kind: 'done'; name: string; read: ReadReport; analysis: Analysis }
  | { kind: 'failed'; name: string; read: ReadReport; message: string };

export function InstancePanel() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [pasted, setPasted] = useState('');
  const job = useRef<Analysing | null>(null);
  const openFile = useApp((s) => s.openFile);

  useEffect(() => () => job.current?.cancel(), []);

  const take = useCallback((text: string, name: string) => {
    job.current?.cancel();
    let read: ReadReport;
    try {
      read = readReportText(text, pageHtmlDoc);
    } catch (e) {
      setState({ kind: 'error', message: `${name}: ${(e as Error).message}` });
      return;
    }
    setState({ kind: 'analysing', name, read });
    const j = analyseInWorker(read);
    job.current = j;
    j.result.then(
      (analysis) => {
        if (job.current === j) setState({ kind: 'done', name, read, analysis });
      },
      (e: Error) => {
        if (job.current === j && e.message !== 'cancelled')
          setState({ kind: 'failed', name, read, message: e.message });
      },
    );
  }, []);

  const takeFile = useCallback(
    (file: File) => {
      file.text().then(
        (t) => take(t, file.name),
        (e: Error) => setState({ kind: 'error', message: `${file.name}: ${e.message}` }),
      );
    },
    [take],
  );

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    // the page-wide trace drop (../trace/useTraceDrop.ts) does not see a drop made here
    e.preventDefault();
    e.stopPropagation();
    const file = e.dataTransfer.files[0];
    if (file) takeFile(file);
  };

  const cancel = () => {
    job.current?.cancel();
    job.current = null;
    setState({ kind: 'idle' });
  };

  return (
    <Panel title="Your instance" sub="an AWR or Statspack report, fitted" testId="instance">
      <p className="instance-privacy" data-testid="instance-privacy">
        The report stays in this browser: it is read here and sent nowhere. A shared link carries
        the fitted scenario, not the report’s text.
      </p>
      <div
        className="instance-drop"
        data-testid="instance-drop"
        onDragOver={(e) => {
          e.preventDefault();
          e.stopPropagation();
        }}
        onDrop={onDrop}
      >
        <label>
          Drop a report here, or choose one:{' '}
          <input
            type="file"
            data-testid="instance-file"
            accept=".html,.htm,.txt,.lst,.log,text/html,text/plain"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) takeFile(f);
              e.target.value = '';
            }}
          />
        </label>
        <label className="instance-paste">
          or paste it:
          <textarea
            data-testid="instance-paste"
            rows={3}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            placeholder="WORKLOAD REPOSITORY report for … / STATSPACK report for …"
          />
        </label>
        <button
          type="button"
          disabled={pasted.trim() === ''}
          onClick={() => take(pasted, 'pasted report')}
        >
          Read the pasted report
        </button>
      </div>
      {state.kind === 'error' && (
        <p role="alert" className="instance-error" data-testid="instance-error">
          {state.message}
        </p>
      )}
      {state.kind !== 'idle' && state.kind !== 'error' && (
        <InstanceResult
          name={state.name}
          read={state.read}
          analysis={state.kind === 'done' ? state.analysis : null}
          failure={state.kind === 'failed' ? state.message : null}
          busy={state.kind === 'analysing'}
          onCancel={cancel}
          onOpen={(scenario) => openFile(JSON.stringify(scenario), 'your-instance.json')}
        />
      )}
    </Panel>
  );
}
