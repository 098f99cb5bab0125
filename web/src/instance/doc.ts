// A report as sections of tables and lines, whatever it was written in: the text reader
// (textDoc.ts) and the HTML reader (htmlDoc.ts) both produce this, and one interpreter
// (interpret.ts) reads the figures from it.

/** One table: its column headings (wrapped heading lines joined) and its rows of cells. */
export interface Table {
  header: string[];
  rows: string[][];
}

/** One section of the report: its title as printed, its tables, and every line of it (for the
 * "Label:  value" pairs of Cache Sizes and Instance Efficiency). */
export interface Section {
  title: string;
  tables: Table[];
  lines: string[];
}

export type ReportFormat = 'AWR HTML' | 'AWR text' | 'Statspack text';

export interface Doc {
  format: ReportFormat;
  sections: Section[];
}

/** Whitespace collapsed, non-breaking spaces as spaces. */
export function squash(s: string): string {
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** A title or heading in a comparable form: lower case, single spaces. */
export function key(s: string): string {
  return squash(s).toLowerCase();
}

/** Every section whose title starts with `name` (Statspack repeats a title on each page). */
export function sectionsNamed(doc: Doc, name: string): Section[] {
  const want = key(name);
  return doc.sections.filter((s) => key(s.title).startsWith(want));
}

/** The index of the first heading containing every word of `words` (case-insensitive). */
export function column(table: Table, ...words: string[]): number {
  return table.header.findIndex((h) => {
    const k = key(h);
    return words.every((w) => k.includes(w.toLowerCase()));
  });
}

/** "Label: value" pairs of a section's lines (Cache Sizes, Instance Efficiency …): labels
 * lower-cased with single spaces, without the colon. */
export function labelled(lines: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const pair = /(?<=^|\s)([A-Za-z%][A-Za-z0-9 %/()&.-]*?)\s*:\s+(-?[\d.,#]+\s?[KMGT]?)(?=\s|$)/g;
  for (const line of lines) {
    for (const m of line.matchAll(pair)) {
      const label = key(m[1]);
      if (!out.has(label)) out.set(label, m[2].trim());
    }
  }
  return out;
}
