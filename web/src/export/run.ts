// What the Export menus do (loaded on the first export): a panel's drawings as PNG or SVG,
// its statistics as CSV (one file per table) or JSON (one file), and the whole run's report.
import { SimRun, type Scenario } from '../sim/engine';
import * as library from '../sim/library';
import { download, fileName } from './download';
import { elementToSvg, svgToPng } from './image';
import { toCsv, type Tables } from './tables';

export type ImageFormat = 'png' | 'svg';
export type DataFormat = 'csv' | 'json';

/**
 * The drawings of a panel: each view or chart host in it (`.view-host`), or the panel's
 * body when it has none. One file per drawing, named after its test id.
 */
export async function exportImages(
  panel: HTMLElement,
  base: string,
  format: ImageFormat,
): Promise<string[]> {
  const hosts = Array.from(panel.querySelectorAll<HTMLElement>('.view-host'));
  const targets = hosts.length > 0 ? hosts : [panel];
  const names: string[] = [];
  for (const el of targets) {
    const what = el.dataset.testid ?? 'view';
    const { svg, width, height } = elementToSvg(el, `cachesim: ${what} (${base})`);
    const name = fileName(base, what) + `.${format}`;
    if (format === 'svg') download(name, svg, 'image/svg+xml');
    else download(name, await svgToPng(svg, width, height));
    names.push(name);
  }
  return names;
}

/** Tables as CSV (one file each) or as one JSON document { table: rows }. */
export function exportTables(tables: Tables, base: string, format: DataFormat): string[] {
  if (format === 'json') {
    const name = fileName(base, ...Object.keys(tables).slice(0, 1)) + '.json';
    download(name, JSON.stringify(tables, null, 2) + '\n', 'application/json');
    return [name];
  }
  return Object.entries(tables).map(([table, rows]) => {
    const name = fileName(base, table) + '.csv';
    download(name, toCsv(rows), 'text/csv');
    return name;
  });
}

/**
 * The whole run's figures: a fresh run of `scenario` to its end and its report — the same
 * JSON text `npm run -s sim -- <scenario file>` prints (scripts/sim.ts).
 */
export function runReportJson(scenario: Scenario): string {
  const run = library.isLibraryScenario(scenario)
    ? library.Run.create(scenario)
    : SimRun.create(scenario);
  try {
    run.runToEnd();
    return JSON.stringify(run.report(), null, 2) + '\n';
  } finally {
    run.free();
  }
}

export function exportRunReport(scenario: Scenario, base: string): string {
  const name = fileName(base, 'report') + '.json';
  download(name, runReportJson(scenario), 'application/json');
  return name;
}
