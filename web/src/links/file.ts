// Scenario files: download the running scenario as JSON (the format of scenarios/*.json) and
// read one back. The page has no server: the download is a blob URL, the upload a File.
import type { Scenario } from '../sim/engine';

/** A file name for the scenario: its bundled id, marked when edited. */
export function scenarioFileName(scenarioId: string | null, edited: boolean): string {
  const stem = (scenarioId ?? 'scenario').replace(/[^\w.-]+/g, '_');
  return `${stem}${scenarioId && edited ? '-edited' : ''}.json`;
}

/** The file's text: the scenario pretty-printed, as the bundled files are. */
export const scenarioFileText = (scenario: Scenario) => `${JSON.stringify(scenario, null, 2)}\n`;

/** Save `scenario` as a JSON file through the browser's download. */
export function downloadScenario(scenario: Scenario, fileName: string): void {
  const blob = new Blob([scenarioFileText(scenario)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the URL by now; a later revoke frees the blob.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
