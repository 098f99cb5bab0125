// "Report JSON": the whole run's figures in one file — a fresh run of the current scenario to
// its end, the same JSON `npm run -s sim -- <scenario.json>` prints. The page's own run keeps
// its position.
import { useState } from 'react';
import { useApp, useStoreApi } from '../store/context';
import { selectReady } from '../store/selectors';
import { scenarioBase } from '../shared/PanelTools';

export function RunExport() {
  const store = useStoreApi();
  const ready = useApp(selectReady);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    const s = store.getState();
    if (!s.current) return;
    setBusy(true);
    try {
      const m = await import('../export/run');
      m.exportRunReport(s.current, scenarioBase(s));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      className="btn dark"
      data-testid="export-report"
      disabled={!ready || busy}
      onClick={() => void onClick()}
      title="The whole run's figures as one JSON file: the scenario run to its end, as npm run -s sim reports it"
    >
      {busy ? 'Running…' : 'Report'}
    </button>
  );
}
