// Scenario files in the header: download the running scenario as JSON, open one from disk.
// An opened file goes through the engine's validation like a link; a refused one leaves the
// run as it was and says why (FileAlert).
import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { downloadScenario, scenarioFileName } from '../links/file';
import { useApp, useStoreApi } from '../store/context';
import { selectDismissFileError, selectFileError, selectReady } from '../store/selectors';
import type { AppStore } from '../store/store';
import { Alert } from './Alert';

/** Download what runs now. */
export function downloadCurrent(store: AppStore): void {
  const { current, scenarioId, edited } = store.getState();
  if (current) downloadScenario(current, scenarioFileName(scenarioId, edited));
}

export function DownloadButton({ className = 'btn dark' }: { className?: string }) {
  const store = useStoreApi();
  const ready = useApp(selectReady);
  return (
    <button
      className={className}
      data-testid="download-scenario"
      disabled={!ready}
      onClick={() => downloadCurrent(store)}
      title="Save the running scenario as a JSON file (the format of the bundled scenarios)"
    >
      Save
    </button>
  );
}

export function ScenarioFiles() {
  const store = useStoreApi();
  const ready = useApp(selectReady);
  const input = useRef<HTMLInputElement>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    store.getState().openFile(text, file.name);
    // The same file chosen again fires a change again.
    if (input.current) input.current.value = '';
  };
  return (
    <>
      <DownloadButton />
      <button
        className="btn dark"
        data-testid="open-file"
        disabled={!ready}
        onClick={() => input.current?.click()}
        title="Open a scenario JSON file (checked like a share link; the run is kept if it is refused)"
      >
        Open…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Scenario JSON file"
        data-testid="upload-scenario"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
    </>
  );
}

/** A scenario file that could not be opened: the engine's reason, naming the field. */
export function FileAlert() {
  const { error, dismiss } = useApp(
    useShallow((s) => ({ error: selectFileError(s), dismiss: selectDismissFileError(s) })),
  );
  return (
    <Alert
      testId="file-error"
      error={error}
      onDismiss={dismiss}
      detail="The scenario that was running is still open."
    />
  );
}
