// An AWR or Statspack report, whatever its format, read into what the simulation needs. The
// HTML parser is given by the caller (the page's DOMParser, htmlparser2 in Node), so this file
// runs in both. A report that is none of the three formats is refused in one line naming what
// was looked for.
import type { Doc } from './doc';
import { interpret } from './interpret';
import { textDoc } from './textDoc';
import type { ReadReport } from './types';

/** A report larger than this is refused whole (real ones are a few MB; 50 MB is read). */
export const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/** The marks the reader looks for, as the refusal names them. */
export const LOOKED_FOR =
  "'WORKLOAD REPOSITORY report for' or 'WORKLOAD REPOSITORY PDB report' (AWR, text or HTML) or 'STATSPACK report for' / 'STATSPACK Statistics Report for' (Statspack)";

export class UnreadableReport extends Error {}

export type HtmlToDoc = (html: string) => Doc;

/** Which format the text is in, from its first 64 KB; null when it is no report. */
export function sniff(text: string): Doc['format'] | null {
  const head = text.slice(0, 65536);
  const html = /<\s*(html|table|body|h1)\b/i.test(head);
  // "WORKLOAD REPOSITORY report for", and a PDB's "WORKLOAD REPOSITORY PDB report (root snapshots)"
  if (/WORKLOAD REPOSITORY (PDB )?report\b/i.test(head)) return html ? 'AWR HTML' : 'AWR text';
  if (/STATSPACK (Statistics )?report for/i.test(head)) return html ? null : 'Statspack text';
  return null;
}

/** The report read, or UnreadableReport naming what was looked for. */
export function readReportText(text: string, html: HtmlToDoc): ReadReport {
  if (text.length > MAX_REPORT_BYTES)
    throw new UnreadableReport(
      `the file is ${text.length} characters; a report is read up to ${MAX_REPORT_BYTES} (real ones are a few MB)`,
    );
  const clean = text.replace(/^\uFEFF/, '');
  const format = sniff(clean);
  if (format === null)
    throw new UnreadableReport(
      `not an AWR or Statspack report: looked for ${LOOKED_FOR} in its first 64 KB`,
    );
  const doc = format === 'AWR HTML' ? html(clean) : textDoc(clean, format);
  return interpret(doc);
}
