// `npm run -s sim -- --report FILE [--json]`: an AWR or Statspack report read, the model fitted
// to its Buffer Pool Advisory, the fitted scenario and the what-if table (docs/instance.md).
// A file that is no report exits 1 with one line naming what was looked for.
import { readFileSync } from 'node:fs';
import { analyse, type Analysis } from '../../web/src/instance/analyse';
import { readReportText, UnreadableReport } from '../../web/src/instance/read';
import { loadEngineNode } from '../../web/src/sim/node';
import { nodeHtmlDoc } from './reportHtml';

const pct = (x: number | null | undefined) => (x == null ? '—' : `${(x * 100).toFixed(1)} %`);

/** The analysis as lines for a reader. */
function text(a: Analysis): string {
  const read = a.read as { sections: { name: string; status: string; reason: string }[] };
  const lines = [
    `read: ${String(a.read.kind)} (${String(a.read.format)}), release ${String(a.read.release)}`,
    ...read.sections.map(
      (s) => `  ${s.status.padEnd(8)} ${s.name}${s.reason ? ` — ${s.reason}` : ''}`,
    ),
  ];
  if (a.fit) {
    lines.push(
      `fit (FITTED, not read): footprint ${a.fit.parameters.footprint} × the cache, zipf_s ${a.fit.parameters.zipf_s}; ` +
        `median relative error ${pct(a.fit.median_rel_err_fitted)} on the rows ≤ 1.0 (fitted), ${pct(a.fit.median_rel_err_predicted)} above (predicted)`,
      '  size factor  report reads  simulated reads',
      ...(a.advisory ?? []).map(
        (r) =>
          `  ${r.size_factor.toFixed(2).padStart(11)}  ${String(r.report_phys_reads).padStart(12)}  ${String(r.simulated_phys_reads).padStart(15)}${r.fitted ? '' : '  (predicted)'}`,
      ),
    );
  }
  if (a.note) lines.push(`note: ${a.note}`);
  for (const w of a.whatif ?? [])
    lines.push(
      `what if ${w.name}: physical reads/s ${w.physical_reads_per_s ?? '—'}, hit ratio ${pct(w.hit_ratio)}, hard parses/s ${w.hard_parses_per_s ?? '—'} (${w.change})`,
    );
  return lines.join('\n');
}

export function reportCommand(path: string, json: boolean): never {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (e) {
    console.error(`sim: cannot read ${path}: ${(e as Error).message}`);
    process.exit(2);
  }
  try {
    const report = readReportText(raw, nodeHtmlDoc);
    loadEngineNode();
    const a = analyse(report);
    process.stdout.write(json ? JSON.stringify(a) + '\n' : text(a) + '\n');
    process.exit(0);
  } catch (e) {
    const why = e instanceof UnreadableReport ? e.message : `unreadable: ${(e as Error).message}`;
    console.error(`sim: ${path}: ${why}`);
    process.exit(1);
  }
}
